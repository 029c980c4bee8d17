import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { LoaderCircleIcon, PlusIcon, Trash2Icon, UserPlusIcon } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { useFieldArray } from 'react-hook-form'
import { z } from 'zod'
import { parseAmountInput } from '~/components/payments/money-input.ts'
import type { Program } from '~/components/programs/queries.ts'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Autocomplete } from '~/components/ui/autocomplete.tsx'
import { Button } from '~/components/ui/button.tsx'
import { DatePicker } from '~/components/ui/date-picker.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog.tsx'
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  useZodForm,
} from '~/components/ui/form.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select.tsx'
import { ApiError } from '~/lib/api.ts'
import { businessToday, shiftDate } from '~/lib/business-days.ts'
import { formatMoney } from '~/lib/money.ts'
import { notify } from '~/lib/notify.tsx'
import { useBusinessTimeZone } from '~/lib/time-zone.ts'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { creditErrorMessage } from './labels.tsx'
import {
  billChanged,
  type CardholderChoice,
  cardholdersQueryOptions,
  createCardholder,
  issueBill,
  type VatRate,
  vatRatesQueryOptions,
} from './queries.ts'

/**
 * Issuing a bill (issue 13, item 3): to a card holder found by name, e-mail or phone
 * (`user/cardholders/autocomplete`) or created on the spot (`user/cardholders/create`: the holder
 * gets an e-mail to choose a password), with a due date and items (description, quantity, net unit
 * price, VAT rate from `payment/helpers/vat`). The totals are shown as the API computes them: VAT
 * per rate on the sum of that rate's net amounts, rounded half away from zero.
 */

const vatCodes = ['high', 'low', 'zero', 'exempt'] as const

const schema = (currency: string, locale: string) =>
  z
    .object({
      mode: z.enum(['find', 'new']),
      holder: z.string(),
      first_name: z.string().trim().max(100),
      last_name: z.string().trim().max(100),
      email: z.string().trim().max(320),
      due_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: msg`Choose a date.`.id }),
      reference: z.string().trim().max(200, { error: msg`At most 200 characters.`.id }),
      items: z
        .array(
          z.object({
            description: z
              .string()
              .trim()
              .min(1, { error: msg`Say what it is for.`.id })
              .max(500, { error: msg`At most 500 characters.`.id }),
            quantity: z.string().regex(/^[1-9]\d{0,5}$/, { error: msg`A whole number from 1.`.id }),
            price: z.string(),
            vat: z.enum(vatCodes),
          }),
        )
        .min(1),
    })
    .superRefine((v, ctx) => {
      if (v.mode === 'find' && !v.holder)
        ctx.addIssue({ code: 'custom', path: ['holder'], message: msg`Choose a card holder.`.id })
      if (v.mode === 'new') {
        if (!v.first_name) ctx.addIssue({ code: 'custom', path: ['first_name'], message: msg`Required.`.id })
        if (!v.last_name) ctx.addIssue({ code: 'custom', path: ['last_name'], message: msg`Required.`.id })
        if (!z.email().safeParse(v.email).success)
          ctx.addIssue({ code: 'custom', path: ['email'], message: msg`Enter a valid e-mail address.`.id })
      }
      v.items.forEach((item, i) => {
        if (parseAmountInput(item.price, currency, locale) === undefined)
          ctx.addIssue({
            code: 'custom',
            path: ['items', i, 'price'],
            message: msg`Enter an amount, such as 7.50.`.id,
          })
      })
    })
/** Half away from zero, in integers: `rate_bp` is the rate in hundredths of a percent. */
const vatOf = (net: number, percentage: number | null) => {
  if (percentage === null) return 0
  const bp = Math.round(percentage * 100)
  const scaled = net * bp
  return Math.sign(scaled) * Math.floor((Math.abs(scaled) + 5000) / 10_000)
}

export function IssueBillDialog({ program, onClose }: { program: Program; onClose: () => void }) {
  const { i18n } = useLingui()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const currency = program.currency
  // Days as the platform reads them (its business time zone), not the browser's.
  const today = businessToday(useBusinessTimeZone())
  const form = useZodForm(schema(currency, i18n.locale), {
    defaultValues: {
      mode: 'find',
      holder: '',
      first_name: '',
      last_name: '',
      email: '',
      due_date: shiftDate(today, 14),
      reference: '',
      items: [{ description: '', quantity: '1', price: '', vat: 'high' }],
    },
  })
  const items = useFieldArray({ control: form.control, name: 'items' })
  const [search, setSearch] = useState('')
  const holders = useQuery(cardholdersQueryOptions(search))
  const vat = useQuery(vatRatesQueryOptions())
  const [chosen, setChosen] = useState<CardholderChoice | null>(null)
  const created = useRef<CardholderChoice | null>(null)
  const key = useRef(crypto.randomUUID())
  const holderId = useId()
  const showFieldErrors = useFieldErrors(form, {
    fieldOf: (path) => {
      if (path === 'due_date' || path === 'reference' || path === 'email') return path
      if (path === 'first_name' || path === 'last_name') return path
      if (path === 'holder') return 'holder'
      const m = /^items\.(\d+)\.(description|quantity|unit_price|vat)$/.exec(path)
      if (m) return `items.${Number(m[1])}.${m[2] === 'unit_price' ? 'price' : m[2]}` as never
      return undefined
    },
  })
  const saving = form.formState.isSubmitting
  const mode = form.watch('mode')
  const watched = form.watch('items')

  const rateOf = (code: string): VatRate | undefined => vat.data?.results.find((r) => r.code === code)
  const perRate = new Map<string, number>()
  for (const item of watched) {
    const price = Number(parseAmountInput(item.price, currency, i18n.locale) ?? 0n)
    const quantity = Number(item.quantity) || 0
    perRate.set(item.vat, (perRate.get(item.vat) ?? 0) + price * quantity)
  }
  const subtotal = [...perRate.values()].reduce((a, b) => a + b, 0)
  const vatTotal = [...perRate.entries()].reduce(
    (sum, [code, net]) => sum + vatOf(net, rateOf(code)?.percentage ?? null),
    0,
  )
  const money = (amount: number) => formatMoney(amount, currency, i18n.locale)

  const submit = form.handleSubmit(async (v) => {
    try {
      let holder = v.holder
      if (v.mode === 'new') {
        created.current ??= await createCardholder({
          email: v.email,
          first_name: v.first_name,
          last_name: v.last_name,
          language: i18n.locale as never,
        })
        holder = created.current.uuid
      }
      const bill = await issueBill(
        {
          program: program.uuid,
          holder,
          due_date: v.due_date,
          ...(v.reference ? { reference: v.reference } : {}),
          items: v.items.map((item) => ({
            description: item.description,
            quantity: Number(item.quantity),
            unit_price: Number(parseAmountInput(item.price, currency, i18n.locale) ?? 0n),
            vat: item.vat,
          })),
        },
        key.current,
      )
      billChanged(queryClient, bill)
      notify.success(msg`Bill ${bill.number} issued`, {
        description: msg`The card holder gets it by e-mail with a link to pay.`,
      })
      onClose()
      await navigate({ to: '/programs/$uuid/bills/$bill', params: { uuid: program.uuid, bill: bill.uuid } })
    } catch (error) {
      if (error instanceof ApiError && error.reason === 'email_already_registered') {
        form.setError('email', {
          type: 'server',
          message: msg`This e-mail address already has an account: find the holder by name or e-mail.`.id,
        })
        return
      }
      if (showFieldErrors(error).shown) return
      notify.error(creditErrorMessage(error))
    }
  })

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl" data-testid="issue-bill-dialog">
        <DialogHeader>
          <DialogTitle>
            <Trans>Issue a bill</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>
              The card holder gets it by e-mail with a link to pay, and reminders as your ladder says.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-5" data-testid="issue-bill-form">
            <fieldset disabled={saving || !hydrated} className="grid gap-5">
              {mode === 'find' ? (
                <FormField
                  control={form.control}
                  name="holder"
                  render={({ field, fieldState }) => (
                    <FormItem>
                      <FormLabel htmlFor={holderId}>
                        <Trans>Card holder</Trans>
                      </FormLabel>
                      <Autocomplete<CardholderChoice>
                        id={holderId}
                        items={chosen && !holders.data ? [chosen] : (holders.data?.results ?? [])}
                        getKey={(h) => h.uuid}
                        getLabel={(h) => `${h.name} — ${h.email}`}
                        renderOption={(h) => (
                          <span className="grid">
                            <span>{h.name}</span>
                            <span className="text-[13px] text-muted-foreground">
                              {[h.email, h.phone].filter(Boolean).join(' · ')}
                            </span>
                          </span>
                        )}
                        value={field.value || null}
                        restricted={false}
                        onTextChange={setSearch}
                        onValueChange={(key, item) => {
                          field.onChange(key ?? '')
                          setChosen(item)
                        }}
                        placeholder={i18n._(msg`Name, e-mail or phone`)}
                        aria-invalid={!!fieldState.error}
                      />
                      <FormMessage />
                      <Button
                        type="button"
                        variant="link"
                        className="h-auto w-fit p-0"
                        onClick={() => form.setValue('mode', 'new')}
                        data-testid="issue-bill-new-holder"
                      >
                        <UserPlusIcon aria-hidden="true" />
                        <Trans>Not registered yet? Add a new card holder</Trans>
                      </Button>
                    </FormItem>
                  )}
                />
              ) : (
                <fieldset className="grid gap-3 rounded-lg border px-4 py-3">
                  <legend className="px-1 text-sm font-medium">
                    <Trans>New card holder</Trans>
                  </legend>
                  <div className="grid gap-3 sm:grid-cols-2">
                    {(['first_name', 'last_name'] as const).map((name) => (
                      <FormField
                        key={name}
                        control={form.control}
                        name={name}
                        render={({ field }) => (
                          <FormItem>
                            <FormLabel>
                              {name === 'first_name' ? <Trans>First name</Trans> : <Trans>Last name</Trans>}
                            </FormLabel>
                            <FormControl>
                              <Input autoComplete="off" {...field} data-testid={`new-holder-${name}`} />
                            </FormControl>
                            <FormMessage />
                          </FormItem>
                        )}
                      />
                    ))}
                    <FormField
                      control={form.control}
                      name="email"
                      render={({ field }) => (
                        <FormItem className="sm:col-span-2">
                          <FormLabel>
                            <Trans>E-mail address</Trans>
                          </FormLabel>
                          <FormControl>
                            <Input
                              type="email"
                              autoComplete="off"
                              {...field}
                              data-testid="new-holder-email"
                            />
                          </FormControl>
                          <FormMessage />
                        </FormItem>
                      )}
                    />
                  </div>
                  <p className="text-[13px] text-muted-foreground">
                    <Trans>They get an e-mail to choose a password and see their bills.</Trans>
                  </p>
                  <Button
                    type="button"
                    variant="link"
                    className="h-auto w-fit p-0"
                    onClick={() => form.setValue('mode', 'find')}
                  >
                    <Trans>Find a registered card holder instead</Trans>
                  </Button>
                </fieldset>
              )}

              <div className="grid gap-3 sm:grid-cols-2">
                <FormField
                  control={form.control}
                  name="due_date"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>
                        <Trans>Due date</Trans>
                      </FormLabel>
                      <FormControl>
                        <DatePicker
                          ref={field.ref}
                          name={field.name}
                          value={field.value || undefined}
                          onChange={(value) => field.onChange(value ?? '')}
                          onBlur={field.onBlur}
                          min={today}
                          testId="bill-due-date"
                        />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="reference"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>
                        <Trans>Reference (optional)</Trans>
                      </FormLabel>
                      <FormControl>
                        <Input autoComplete="off" maxLength={200} {...field} data-testid="bill-reference" />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              </div>

              <fieldset className="grid gap-3">
                <legend className="mb-1 text-sm font-medium">
                  <Trans>Items</Trans>
                </legend>
                {/* One card per item: its description across the top with the remove button, then
                    quantity, unit price and VAT side by side where they fit (a desktop dialog) and
                    two by two on a phone. Every field keeps its own visible label, which no longer
                    has to squeeze "Unit price excl. VAT" into a narrow column. */}
                {items.fields.map((row, i) => (
                  <div
                    key={row.id}
                    className="grid grid-cols-[5rem_minmax(0,1fr)] gap-3 rounded-lg border p-3 sm:grid-cols-[5rem_minmax(0,1fr)_9rem]"
                    data-testid="bill-item"
                  >
                    <FormField
                      control={form.control}
                      name={`items.${i}.description`}
                      render={({ field }) => (
                        <FormItem className="col-span-full grid grid-cols-[minmax(0,1fr)_auto] gap-x-2 gap-y-2">
                          <FormLabel className="col-span-full">
                            <Trans>Description</Trans>
                          </FormLabel>
                          <FormControl>
                            <Input
                              autoComplete="off"
                              maxLength={500}
                              {...field}
                              data-testid="bill-item-description"
                            />
                          </FormControl>
                          <Button
                            type="button"
                            variant="ghost"
                            size="icon"
                            disabled={items.fields.length === 1}
                            onClick={() => items.remove(i)}
                            data-testid="bill-item-remove"
                          >
                            <Trash2Icon aria-hidden="true" />
                            <span className="sr-only">
                              <Trans>Remove item</Trans>
                            </span>
                          </Button>
                          <FormMessage className="col-span-full" />
                        </FormItem>
                      )}
                    />
                    <FormField
                      control={form.control}
                      name={`items.${i}.quantity`}
                      render={({ field }) => (
                        <FormItem>
                          <FormLabel>
                            <Trans>Qty</Trans>
                          </FormLabel>
                          <FormControl>
                            <Input
                              inputMode="numeric"
                              maxLength={6}
                              {...field}
                              data-testid="bill-item-quantity"
                            />
                          </FormControl>
                          <FormMessage />
                        </FormItem>
                      )}
                    />
                    <FormField
                      control={form.control}
                      name={`items.${i}.price`}
                      render={({ field }) => (
                        <FormItem>
                          <FormLabel data-testid="bill-item-price-label">
                            <Trans>Unit price excl. VAT</Trans>
                          </FormLabel>
                          <FormControl>
                            <Input
                              inputMode="decimal"
                              autoComplete="off"
                              {...field}
                              data-testid="bill-item-price"
                            />
                          </FormControl>
                          <FormMessage />
                        </FormItem>
                      )}
                    />
                    <FormField
                      control={form.control}
                      name={`items.${i}.vat`}
                      render={({ field }) => (
                        <FormItem className="col-span-full sm:col-span-1">
                          <FormLabel>
                            <Trans>VAT</Trans>
                          </FormLabel>
                          <Select value={field.value} onValueChange={field.onChange}>
                            <FormControl>
                              <SelectTrigger data-testid="bill-item-vat">
                                <SelectValue />
                              </SelectTrigger>
                            </FormControl>
                            <SelectContent>
                              {vatCodes.map((code) => {
                                const rate = rateOf(code)
                                return (
                                  <SelectItem key={code} value={code}>
                                    {code === 'exempt' || !rate ? (
                                      <Trans>Exempt</Trans>
                                    ) : (
                                      `${rate.percentage ?? 0}%`
                                    )}
                                  </SelectItem>
                                )
                              })}
                            </SelectContent>
                          </Select>
                        </FormItem>
                      )}
                    />
                  </div>
                ))}
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="w-fit"
                  onClick={() => items.append({ description: '', quantity: '1', price: '', vat: 'high' })}
                  disabled={items.fields.length >= 100}
                  data-testid="bill-add-item"
                >
                  <PlusIcon aria-hidden="true" />
                  <Trans>Add item</Trans>
                </Button>
              </fieldset>

              <dl className="grid gap-1 justify-self-end text-sm" data-testid="bill-totals">
                <div className="flex justify-between gap-8">
                  <dt className="text-muted-foreground">
                    <Trans>Subtotal</Trans>
                  </dt>
                  <dd className="tabular-nums">{money(subtotal)}</dd>
                </div>
                <div className="flex justify-between gap-8">
                  <dt className="text-muted-foreground">
                    <Trans>VAT</Trans>
                  </dt>
                  <dd className="tabular-nums">{money(vatTotal)}</dd>
                </div>
                <div className="flex justify-between gap-8 font-medium">
                  <dt>
                    <Trans>Total</Trans>
                  </dt>
                  <dd className="tabular-nums" data-testid="bill-total">
                    {money(subtotal + vatTotal)}
                  </dd>
                </div>
              </dl>
            </fieldset>
            <DialogFooter>
              <Button variant="outline" type="button" onClick={onClose} disabled={saving}>
                <Trans>Cancel</Trans>
              </Button>
              <Button
                type="submit"
                disabled={saving || !hydrated}
                aria-busy={saving}
                data-testid="issue-bill-submit"
              >
                {saving && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
                <Trans>Issue bill</Trans>
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  )
}
