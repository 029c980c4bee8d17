import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { LoaderCircleIcon, PencilIcon, RectangleHorizontalIcon, RectangleVerticalIcon } from 'lucide-react'
import { type ReactNode, useId, useMemo, useState } from 'react'
import { type UseFormReturn, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { Money } from '~/components/finances/amount.tsx'
import { formatAmountInput, parseAmountInput } from '~/components/payments/money-input.ts'
import { useHydrated } from '~/components/payments/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/components/ui/dialog.tsx'
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  useZodForm,
} from '~/components/ui/form.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select.tsx'
import { Switch } from '~/components/ui/switch.tsx'
import { Textarea } from '~/components/ui/textarea.tsx'
import { ApiError } from '~/lib/api.ts'
import { notify } from '~/lib/notify.tsx'
import { cn } from '~/lib/utils.ts'
import { cardErrorMessage, cardFieldMessage } from './card-errors.ts'
import { CardImageField, type UploadedImage } from './card-image-field.tsx'
import {
  cardTypeNames,
  expiryUnitNames,
  UseModeText,
  ValidityFootnote,
  ValidityText,
} from './card-labels.tsx'
import { CardPreview } from './card-preview.tsx'
import {
  type Card,
  type CardExpiryType,
  type CardSettings,
  type CardValidity,
  cardExpiriesQueryOptions,
  cardExpiryTypes,
  cardKeys,
  cardTypes,
  maxCardValue,
  maxExpiryValue,
  maxUseNumber,
  saveCardSettings,
} from './card-queries.ts'
import type { Program } from './queries.ts'
import { ReviewItem } from './wizard-parts.tsx'

const useModes = ['once', 'custom', 'unlimited'] as const
const validityModes = ['program', 'after_activation', 'until'] as const
const orientations = ['horizontal', 'vertical'] as const

/** Today as `YYYY-MM-DD` in the reader's time zone. */
export function today(): string {
  const d = new Date()
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))
const wholeNumber = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN)

function settingsSchema(gift: boolean, currency: string, locale: string) {
  return z
    .object({
      title: z
        .string()
        .trim()
        .min(1, { error: msg`Enter a title.`.id })
        .max(200, { error: msg`At most 200 characters.`.id }),
      description: z.string().trim().max(2000, { error: msg`At most 2000 characters.`.id }),
      image: z.object({ uuid: z.string(), url: z.string() }).nullable(),
      orientation: z.enum(orientations),
      value: z.string().trim(),
      useMode: z.enum(useModes),
      useNumber: z.string(),
      validityMode: z.enum(validityModes),
      expiryType: z.enum(['31', '21', '11']),
      expiryValue: z.string(),
      until: z.string(),
      isPrivate: z.boolean(),
      startDate: z.string(),
      expiryDate: z.string(),
    })
    .superRefine((v, ctx) => {
      const amount = v.value === '' && gift ? undefined : parseAmountInput(v.value, currency, locale)
      if (v.value === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: gift ? msg`Enter a value, or 0 for a flexible gift card.`.id : msg`Enter a value.`.id,
        })
      } else if (amount === undefined) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: msg`Enter an amount such as 12.50.`.id })
      } else if (!gift && amount <= 0n) {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: msg`A voucher's value must be more than zero.`.id,
        })
      } else if (amount > BigInt(maxCardValue)) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: msg`The amount is too large.`.id })
      }
      if (v.useMode === 'custom') {
        const n = wholeNumber(v.useNumber)
        if (!(n >= 2 && n <= maxUseNumber))
          ctx.addIssue({
            code: 'custom',
            path: ['useNumber'],
            message: msg`Enter a number of uses from 2 to 1000.`.id,
          })
      }
      if (v.validityMode === 'after_activation') {
        const n = wholeNumber(v.expiryValue)
        const max = maxExpiryValue[Number(v.expiryType) as CardExpiryType]
        if (!(n >= 1 && n <= max))
          ctx.addIssue({
            code: 'custom',
            path: ['expiryValue'],
            message:
              v.expiryType === '31'
                ? msg`Enter a number of years from 1 to 10.`.id
                : v.expiryType === '21'
                  ? msg`Enter a number of months from 1 to 120.`.id
                  : msg`Enter a number of days from 1 to 3660.`.id,
          })
      }
      if (v.validityMode === 'until') {
        if (!isDate(v.until))
          ctx.addIssue({ code: 'custom', path: ['until'], message: msg`Choose a date.`.id })
        else if (v.until < today())
          ctx.addIssue({ code: 'custom', path: ['until'], message: msg`The date cannot be in the past.`.id })
      }
      if (!isDate(v.startDate))
        ctx.addIssue({ code: 'custom', path: ['startDate'], message: msg`Choose the start date.`.id })
      if (v.expiryDate !== '' && !isDate(v.expiryDate))
        ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: msg`Choose a date.`.id })
      else if (isDate(v.startDate) && isDate(v.expiryDate) && v.expiryDate < v.startDate)
        ctx.addIssue({
          code: 'custom',
          path: ['expiryDate'],
          message: msg`The expiry date cannot be before the start date.`.id,
        })
    })
}

type SettingsValues = z.input<ReturnType<typeof settingsSchema>>
type SettingsField = keyof SettingsValues

/** The API's field paths (docs/cards.md) and the form field that shows each one's message. */
const serverFields: Record<string, SettingsField> = {
  title: 'title',
  description: 'description',
  image: 'image',
  orientation: 'orientation',
  values: 'value',
  'values.0': 'value',
  'values.0.value': 'value',
  'values.0.currency': 'value',
  'values.0.use_number': 'useNumber',
  validity: 'validityMode',
  'validity.mode': 'validityMode',
  'validity.expiry_type': 'expiryType',
  'validity.expiry_value': 'expiryValue',
  'validity.until': 'until',
  is_private: 'isPrivate',
  start_date: 'startDate',
  expiry_date: 'expiryDate',
}

function defaultsOf(card: Card, program: Program, locale: string): SettingsValues {
  const v = card.values[0]
  const validity = card.validity
  return {
    title: card.title || program.title,
    description: card.description ?? '',
    image: card.image && card.image_url ? { uuid: card.image, url: card.image_url } : null,
    orientation: card.orientation ?? 'horizontal',
    value: v ? formatAmountInput(v.value, program.currency, locale) : '',
    // A new voucher is used once, a new gift card is spent from its balance (the API's defaults).
    useMode: !v
      ? card.type.id === cardTypes.gift
        ? 'unlimited'
        : 'once'
      : v.use_number === 1
        ? 'once'
        : v.use_number === null
          ? 'unlimited'
          : 'custom',
    useNumber: v?.use_number && v.use_number > 1 ? String(v.use_number) : '',
    validityMode: validity?.mode ?? 'program',
    expiryType: String(
      validity?.mode === 'after_activation' ? validity.expiry_type : cardExpiryTypes.year,
    ) as SettingsValues['expiryType'],
    expiryValue: validity?.mode === 'after_activation' ? String(validity.expiry_value) : '1',
    until: validity?.mode === 'until' ? validity.until : '',
    isPrivate: card.is_private ?? false,
    startDate: card.start_date ?? today(),
    expiryDate: card.expiry_date ?? '',
  }
}

function validityOf(v: SettingsValues): CardValidity {
  if (v.validityMode === 'after_activation')
    return {
      mode: 'after_activation',
      expiry_type: Number(v.expiryType) as CardExpiryType,
      expiry_value: wholeNumber(v.expiryValue),
    }
  if (v.validityMode === 'until') return { mode: 'until', until: v.until }
  return { mode: 'program' }
}

function settingsOf(v: SettingsValues, currency: string, locale: string): CardSettings {
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    image: v.image?.uuid ?? null,
    orientation: v.orientation,
    values: [
      {
        value: Number(parseAmountInput(v.value, currency, locale) ?? 0n),
        currency,
        use_number: v.useMode === 'once' ? 1 : v.useMode === 'unlimited' ? null : wholeNumber(v.useNumber),
      },
    ],
    validity: validityOf(v),
    is_private: v.isPrivate,
    start_date: v.startDate,
    expiry_date: v.expiryDate === '' ? null : v.expiryDate,
  }
}

/**
 * Puts a 400's per-field messages under the fields (the API's paths mapped to the form's names);
 * answers the messages that have no field here, for a toast.
 */
function applyServerFields(
  form: UseFormReturn<SettingsValues, unknown, unknown>,
  error: ApiError,
  mapping: Record<string, SettingsField>,
): { applied: boolean; rest: string[] } {
  let applied = false
  const rest: string[] = []
  for (const [path, messages] of Object.entries(error.fields)) {
    const first = messages[0]
    if (!first) continue
    let field = mapping[path]
    // A use count refused while "once" or "unlimited" is chosen: say it at the choice.
    if (field === 'useNumber' && form.getValues('useMode') !== 'custom') field = 'useMode'
    if (!field) {
      rest.push(first)
      continue
    }
    form.setError(field, { type: 'server', message: cardFieldMessage(first) }, { shouldFocus: !applied })
    applied = true
  }
  return { applied, rest }
}

/** A choice among a few options, each a bordered box around a native radio button. */
function ChoiceBox({
  name,
  checked,
  onSelect,
  disabled,
  children,
  testId,
  className,
}: {
  name: string
  checked: boolean
  onSelect: () => void
  disabled?: boolean | undefined
  children: ReactNode
  testId?: string
  className?: string
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border px-3.5 py-3 text-sm transition-colors',
        'hover:bg-muted has-[:checked]:border-primary-500 has-[:checked]:bg-primary-50/60 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/40',
        disabled && 'pointer-events-none opacity-60',
        className,
      )}
      data-testid={testId}
      data-state={checked ? 'checked' : 'unchecked'}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onSelect}
        disabled={disabled}
        className="mt-0.5 size-4 shrink-0 accent-primary-600"
      />
      <span className="grid flex-1 gap-1">{children}</span>
    </label>
  )
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="grid gap-5 border-t pt-5 first:border-t-0 first:pt-0">
      <legend className="float-left mb-1 w-full text-[13px] font-semibold tracking-[0.08em] text-muted-foreground uppercase">
        {title}
      </legend>
      {children}
    </fieldset>
  )
}

/**
 * The card's settings (docs/cards.md, `PATCH manager/cards/{uuid}`): face (title, description,
 * image, orientation), value in the program's currency and use mode, validity, privacy and the
 * program's start and expiry dates, beside a live preview of the card. Each refusal of the API is
 * said under its field. Used by the wizard's card settings step and, while no cards are paid, by
 * the program page.
 */
export function CardSettingsForm({
  program,
  card,
  onSaved,
  buttons,
}: {
  program: Program
  card: Card
  onSaved: (card: Card) => Promise<void> | void
  buttons: (state: { submitting: boolean; disabled: boolean }) => ReactNode
}) {
  const { i18n, t } = useLingui()
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const names = useId()
  const gift = card.type.id === cardTypes.gift
  const typeName = i18n._(cardTypeNames[card.type.id])
  const currency = program.currency
  const expiries = useQuery(cardExpiriesQueryOptions())
  const schema = useMemo(() => settingsSchema(gift, currency, i18n.locale), [gift, currency, i18n.locale])
  const form = useZodForm(schema, { defaultValues: defaultsOf(card, program, i18n.locale) })
  const submitting = form.formState.isSubmitting
  const disabled = submitting || !hydrated
  const watched = useWatch({ control: form.control }) as SettingsValues
  const previewValue = parseAmountInput(watched.value ?? '', currency, i18n.locale)
  const expiryOptions = expiries.data?.results.map((e) => e.id) ?? [
    cardExpiryTypes.year,
    cardExpiryTypes.month,
    cardExpiryTypes.day,
  ]

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await saveCardSettings(card.uuid, settingsOf(values, currency, i18n.locale))
      queryClient.setQueryData(cardKeys.card(program.uuid), saved)
      await onSaved(saved)
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const { applied, rest } = applyServerFields(form, error, serverFields)
        if (applied && rest.length === 0) return
      }
      notify.error(cardErrorMessage(error))
    }
  })

  return (
    <Form {...form}>
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-6"
        data-testid="card-settings-form"
        data-type={card.type.code}
      >
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(16rem,24rem)]">
          <div className="grid content-start gap-6">
            <Section title={<Trans>Card face</Trans>}>
              <FormField
                control={form.control}
                name="title"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>
                      <Trans context="card">Card title</Trans>
                    </FormLabel>
                    <FormControl>
                      <Input
                        maxLength={200}
                        autoComplete="off"
                        disabled={disabled}
                        {...field}
                        data-testid="card-title"
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="description"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>
                      <Trans context="card">Card description</Trans>
                    </FormLabel>
                    <FormControl>
                      <Textarea
                        maxLength={2000}
                        disabled={disabled}
                        {...field}
                        data-testid="card-description"
                      />
                    </FormControl>
                    <FormDescription>
                      <Trans>Optional. Card holders read it with their card.</Trans>
                    </FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="image"
                render={({ field, fieldState }) => (
                  <FormItem>
                    <FormLabel>
                      <Trans context="card">Image</Trans>
                    </FormLabel>
                    <CardImageField
                      value={field.value as UploadedImage | null}
                      onChange={(image) => field.onChange(image)}
                      disabled={disabled}
                      invalid={!!fieldState.error}
                    />
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="orientation"
                render={({ field }) => (
                  <FormItem>
                    <p className="text-sm font-medium" id={`${names}-orientation`}>
                      <Trans>Orientation</Trans>
                    </p>
                    <div
                      role="radiogroup"
                      aria-labelledby={`${names}-orientation`}
                      className="grid gap-2 sm:grid-cols-2"
                    >
                      <ChoiceBox
                        name={`${names}-orientation`}
                        checked={field.value === 'horizontal'}
                        onSelect={() => field.onChange('horizontal')}
                        disabled={disabled}
                        testId="card-orientation-horizontal"
                      >
                        <span className="flex items-center gap-2 font-medium">
                          <RectangleHorizontalIcon
                            aria-hidden="true"
                            className="size-4 text-muted-foreground"
                          />
                          <Trans>Horizontal</Trans>
                        </span>
                      </ChoiceBox>
                      <ChoiceBox
                        name={`${names}-orientation`}
                        checked={field.value === 'vertical'}
                        onSelect={() => field.onChange('vertical')}
                        disabled={disabled}
                        testId="card-orientation-vertical"
                      >
                        <span className="flex items-center gap-2 font-medium">
                          <RectangleVerticalIcon
                            aria-hidden="true"
                            className="size-4 text-muted-foreground"
                          />
                          <Trans>Vertical</Trans>
                        </span>
                      </ChoiceBox>
                    </div>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </Section>

            <Section title={<Trans>Value and use</Trans>}>
              <FormField
                control={form.control}
                name="value"
                render={({ field }) => (
                  <FormItem className="max-w-xs">
                    <FormLabel>
                      <Trans>Value ({currency})</Trans>
                    </FormLabel>
                    <FormControl>
                      <Input
                        inputMode="decimal"
                        autoComplete="off"
                        placeholder={gift ? '0' : formatAmountInput(1000, currency, i18n.locale)}
                        disabled={disabled}
                        {...field}
                        data-testid="card-value"
                      />
                    </FormControl>
                    <FormDescription>
                      {gift ? (
                        <Trans>
                          Enter 0 for a flexible gift card: it has no value when ordered and is loaded later.
                        </Trans>
                      ) : (
                        <Trans>What one voucher is worth. It is paid when the cards are ordered.</Trans>
                      )}
                    </FormDescription>
                    {gift && previewValue === 0n && (
                      <p
                        className="text-[13px] font-medium text-primary-700"
                        data-testid="card-value-flexible"
                      >
                        <Trans>Flexible gift card: an order pays only the price of the cards.</Trans>
                      </p>
                    )}
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="useMode"
                render={({ field }) => (
                  <FormItem>
                    <p className="text-sm font-medium" id={`${names}-use`}>
                      <Trans>How often a card can be used</Trans>
                    </p>
                    <div
                      role="radiogroup"
                      aria-labelledby={`${names}-use`}
                      className="grid gap-2 sm:grid-cols-3"
                    >
                      <ChoiceBox
                        name={`${names}-use`}
                        checked={field.value === 'once'}
                        onSelect={() => field.onChange('once')}
                        disabled={disabled}
                        testId="card-use-once"
                      >
                        <span className="font-medium">
                          <Trans context="card use">Once</Trans>
                        </span>
                      </ChoiceBox>
                      <ChoiceBox
                        name={`${names}-use`}
                        checked={field.value === 'custom'}
                        onSelect={() => field.onChange('custom')}
                        disabled={disabled}
                        testId="card-use-custom"
                      >
                        <span className="font-medium">
                          <Trans>A number of times</Trans>
                        </span>
                      </ChoiceBox>
                      <ChoiceBox
                        name={`${names}-use`}
                        checked={field.value === 'unlimited'}
                        onSelect={() => field.onChange('unlimited')}
                        disabled={disabled}
                        testId="card-use-unlimited"
                      >
                        <span className="font-medium">
                          <Trans>Unlimited</Trans>
                        </span>
                      </ChoiceBox>
                    </div>
                    <FormMessage />
                  </FormItem>
                )}
              />
              {watched.useMode === 'custom' && (
                <FormField
                  control={form.control}
                  name="useNumber"
                  render={({ field }) => (
                    <FormItem className="max-w-xs">
                      <FormLabel>
                        <Trans>Number of uses</Trans>
                      </FormLabel>
                      <FormControl>
                        <Input
                          type="number"
                          inputMode="numeric"
                          min={2}
                          max={maxUseNumber}
                          step={1}
                          disabled={disabled}
                          {...field}
                          data-testid="card-use-number"
                        />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              )}
            </Section>

            <Section title={<Trans>Validity</Trans>}>
              <FormField
                control={form.control}
                name="validityMode"
                render={({ field }) => (
                  <FormItem>
                    <p className="text-sm font-medium" id={`${names}-validity`}>
                      <Trans>How long a card can be used</Trans>
                    </p>
                    <div role="radiogroup" aria-labelledby={`${names}-validity`} className="grid gap-2">
                      <ChoiceBox
                        name={`${names}-validity`}
                        checked={field.value === 'program'}
                        onSelect={() => field.onChange('program')}
                        disabled={disabled}
                        testId="card-validity-program"
                      >
                        <span className="font-medium">
                          <Trans>During the program</Trans>
                        </span>
                        <span className="text-[13px] text-muted-foreground">
                          <Trans>Until the program's expiry date.</Trans>
                        </span>
                      </ChoiceBox>
                      <ChoiceBox
                        name={`${names}-validity`}
                        checked={field.value === 'after_activation'}
                        onSelect={() => field.onChange('after_activation')}
                        disabled={disabled}
                        testId="card-validity-after-activation"
                      >
                        <span className="font-medium">
                          <Trans>For a time after activation</Trans>
                        </span>
                        <span className="text-[13px] text-muted-foreground">
                          <Trans>Counted from the day the card holder activates the card.</Trans>
                        </span>
                      </ChoiceBox>
                      <ChoiceBox
                        name={`${names}-validity`}
                        checked={field.value === 'until'}
                        onSelect={() => field.onChange('until')}
                        disabled={disabled}
                        testId="card-validity-until"
                      >
                        <span className="font-medium">
                          <Trans>Not later than a date</Trans>
                        </span>
                        <span className="text-[13px] text-muted-foreground">
                          <Trans>The date may be after the program's end.</Trans>
                        </span>
                      </ChoiceBox>
                    </div>
                    <FormMessage />
                  </FormItem>
                )}
              />
              {watched.validityMode === 'after_activation' && (
                <div className="flex flex-wrap items-start gap-3">
                  <FormField
                    control={form.control}
                    name="expiryValue"
                    render={({ field }) => (
                      <FormItem className="w-32">
                        <FormLabel>
                          <Trans>Valid for</Trans>
                        </FormLabel>
                        <FormControl>
                          <Input
                            type="number"
                            inputMode="numeric"
                            min={1}
                            max={maxExpiryValue[Number(watched.expiryType ?? 31) as CardExpiryType]}
                            step={1}
                            disabled={disabled}
                            {...field}
                            data-testid="card-expiry-value"
                          />
                        </FormControl>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                  <FormField
                    control={form.control}
                    name="expiryType"
                    render={({ field }) => (
                      <FormItem className="w-40">
                        <FormLabel>
                          <Trans>Unit</Trans>
                        </FormLabel>
                        <Select value={field.value} onValueChange={field.onChange} disabled={disabled}>
                          <FormControl>
                            <SelectTrigger data-testid="card-expiry-type" aria-label={t`Unit`}>
                              <SelectValue />
                            </SelectTrigger>
                          </FormControl>
                          <SelectContent>
                            {expiryOptions.map((id) => (
                              <SelectItem key={id} value={String(id)}>
                                {expiryUnitNames[id] ? i18n._(expiryUnitNames[id]) : id}
                              </SelectItem>
                            ))}
                          </SelectContent>
                        </Select>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                </div>
              )}
              {watched.validityMode === 'until' && (
                <FormField
                  control={form.control}
                  name="until"
                  render={({ field }) => (
                    <FormItem className="max-w-xs">
                      <FormLabel>
                        <Trans>Valid until</Trans>
                      </FormLabel>
                      <FormControl>
                        <Input
                          type="date"
                          min={today()}
                          disabled={disabled}
                          {...field}
                          data-testid="card-until"
                        />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              )}
            </Section>

            <Section title={<Trans>Program</Trans>}>
              <FormField
                control={form.control}
                name="isPrivate"
                render={({ field }) => (
                  <FormItem>
                    <div className="flex items-start gap-3">
                      <FormControl>
                        <Switch
                          checked={field.value}
                          onCheckedChange={field.onChange}
                          disabled={disabled}
                          data-testid="card-private"
                        />
                      </FormControl>
                      <div className="grid gap-0.5">
                        <FormLabel>
                          <Trans>Private program</Trans>
                        </FormLabel>
                        <FormDescription>
                          <Trans>
                            Not listed for card holders: only people who receive a card's token can activate
                            it.
                          </Trans>
                        </FormDescription>
                      </div>
                    </div>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField
                  control={form.control}
                  name="startDate"
                  render={({ field }) => (
                    <FormItem className="content-start">
                      <FormLabel>
                        <Trans>Program start date</Trans>
                      </FormLabel>
                      <FormControl>
                        <Input type="date" disabled={disabled} {...field} data-testid="card-start-date" />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="expiryDate"
                  render={({ field }) => (
                    <FormItem className="content-start">
                      <FormLabel>
                        <Trans>Program expiry date</Trans>
                      </FormLabel>
                      <FormControl>
                        <Input
                          type="date"
                          min={watched.startDate || undefined}
                          disabled={disabled}
                          {...field}
                          data-testid="card-expiry-date"
                        />
                      </FormControl>
                      <FormDescription>
                        {watched.validityMode === 'program' ? (
                          <Trans>Optional. Cards valid during the program end on this day.</Trans>
                        ) : (
                          <Trans>Optional: without it the program runs until you block it.</Trans>
                        )}
                      </FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              </div>
            </Section>
          </div>

          <aside className="grid content-start gap-3 lg:sticky lg:top-6 lg:self-start" aria-live="polite">
            <p className="text-[13px] font-semibold tracking-[0.08em] text-muted-foreground uppercase">
              <Trans>Live preview</Trans>
            </p>
            <CardPreview
              type={card.type.id}
              title={watched.title ?? ''}
              programTitle={program.title}
              value={previewValue === undefined ? null : Number(previewValue)}
              currency={currency}
              orientation={watched.orientation ?? 'horizontal'}
              imageUrl={watched.image?.url ?? null}
              className={watched.orientation === 'vertical' ? 'mx-auto' : undefined}
              footnote={
                <ValidityFootnote
                  validity={previewValidity(watched)}
                  programEnd={watched.expiryDate || null}
                />
              }
            />
            <p className="text-[13px] text-muted-foreground">
              <Trans>{typeName} · each card gets its own token when the order is paid.</Trans>
            </p>
          </aside>
        </div>
        {buttons({ submitting, disabled })}
      </form>
    </Form>
  )
}

/** The validity as far as the form's values make one, for the preview's footnote. */
function previewValidity(v: Partial<SettingsValues>): CardValidity | null {
  if (v.validityMode === 'after_activation') {
    const n = wholeNumber(v.expiryValue ?? '')
    if (!(n >= 1)) return null
    return {
      mode: 'after_activation',
      expiry_type: Number(v.expiryType ?? 31) as CardExpiryType,
      expiry_value: n,
    }
  }
  if (v.validityMode === 'until')
    return isDate(v.until ?? '') ? { mode: 'until', until: v.until as string } : null
  return v.validityMode === 'program' ? { mode: 'program' } : null
}

/** The card's settings at a glance: type, value, uses, validity, privacy and the program's dates. */
export function CardSummary({ program, card }: { program: Program; card: Card }) {
  const { i18n } = useLingui()
  const v = card.values[0]
  const day = (date: string) => i18n.date(`${date}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' })
  return (
    <dl className="grid gap-4 sm:grid-cols-2" data-testid="card-summary">
      <ReviewItem label={<Trans>Card type</Trans>} testId="card-summary-type">
        {i18n._(cardTypeNames[card.type.id])}
      </ReviewItem>
      <ReviewItem label={<Trans>Value</Trans>} testId="card-summary-value">
        {!v ? (
          <span className="text-muted-foreground">—</span>
        ) : v.value === 0 && card.type.id === cardTypes.gift ? (
          <Trans>Flexible (loaded later)</Trans>
        ) : (
          <Money amount={v.value} currency={v.currency || program.currency} />
        )}
      </ReviewItem>
      <ReviewItem label={<Trans>Use</Trans>} testId="card-summary-use">
        {v ? <UseModeText useNumber={v.use_number} /> : <span className="text-muted-foreground">—</span>}
      </ReviewItem>
      <ReviewItem label={<Trans>Validity</Trans>} testId="card-summary-validity">
        <ValidityText validity={card.validity} programEnd={card.expiry_date} />
      </ReviewItem>
      <ReviewItem label={<Trans>Visibility</Trans>} testId="card-summary-private">
        {card.is_private ? <Trans>Private program</Trans> : <Trans>Public program</Trans>}
      </ReviewItem>
      <ReviewItem label={<Trans>Program period</Trans>} testId="card-summary-period">
        <ProgramPeriod
          start={card.start_date && day(card.start_date)}
          end={card.expiry_date && day(card.expiry_date)}
        />
      </ReviewItem>
      {card.description && (
        <ReviewItem label={<Trans context="card">Card description</Trans>} className="sm:col-span-2">
          {card.description}
        </ReviewItem>
      )}
    </dl>
  )
}

/** The card face of a saved card, with its validity. */
export function SavedCardPreview({
  program,
  card,
  className,
}: {
  program: Program
  card: Card
  className?: string
}) {
  return (
    <CardPreview
      type={card.type.id}
      title={card.title}
      programTitle={program.title}
      value={card.values[0]?.value ?? null}
      currency={card.values[0]?.currency || program.currency}
      orientation={card.orientation}
      imageUrl={card.image_url}
      className={className}
      footnote={<ValidityFootnote validity={card.validity} programEnd={card.expiry_date} />}
    />
  )
}

const detailsSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: msg`Enter a title.`.id })
    .max(200, { error: msg`At most 200 characters.`.id }),
  description: z.string().trim().max(2000, { error: msg`At most 2000 characters.`.id }),
  image: z.object({ uuid: z.string(), url: z.string() }).nullable(),
})

/**
 * Once cards are paid for, only the card's title, description and image change (docs/cards.md):
 * this dialog edits those three.
 */
export function EditCardDetailsButton({ program, card }: { program: Program; card: Card }) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={!hydrated} data-testid="card-edit-details">
          <PencilIcon aria-hidden="true" />
          <Trans>Edit title, description and image</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="card-edit-details-dialog" className="sm:max-w-xl">
        {open && <CardDetailsForm program={program} card={card} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function CardDetailsForm({ program, card, onDone }: { program: Program; card: Card; onDone: () => void }) {
  const queryClient = useQueryClient()
  const form = useZodForm(detailsSchema, {
    defaultValues: {
      title: card.title,
      description: card.description ?? '',
      image: card.image && card.image_url ? { uuid: card.image, url: card.image_url } : null,
    },
  })
  const submitting = form.formState.isSubmitting
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await saveCardSettings(card.uuid, {
        title: values.title,
        description: values.description,
        image: values.image?.uuid ?? null,
      })
      queryClient.setQueryData(cardKeys.card(program.uuid), saved)
      notify.success(msg`Card saved`)
      onDone()
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        let applied = false
        for (const field of ['title', 'description', 'image'] as const) {
          const first = error.fields[field]?.[0]
          if (!first) continue
          form.setError(field, { type: 'server', message: cardFieldMessage(first) })
          applied = true
        }
        if (applied) return
      }
      notify.error(cardErrorMessage(error))
    }
  })
  return (
    <>
      <DialogHeader>
        <DialogTitle>
          <Trans>Edit card</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>Cards of this program are paid for: their value, use and validity stay as they are.</Trans>
        </DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField
            control={form.control}
            name="title"
            render={({ field }) => (
              <FormItem>
                <FormLabel>
                  <Trans context="card">Card title</Trans>
                </FormLabel>
                <FormControl>
                  <Input
                    maxLength={200}
                    autoComplete="off"
                    disabled={submitting}
                    {...field}
                    data-testid="card-edit-title"
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="description"
            render={({ field }) => (
              <FormItem>
                <FormLabel>
                  <Trans context="card">Card description</Trans>
                </FormLabel>
                <FormControl>
                  <Textarea
                    maxLength={2000}
                    disabled={submitting}
                    {...field}
                    data-testid="card-edit-description"
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="image"
            render={({ field, fieldState }) => (
              <FormItem>
                <FormLabel>
                  <Trans context="card">Image</Trans>
                </FormLabel>
                <CardImageField
                  value={field.value}
                  onChange={(image) => field.onChange(image)}
                  disabled={submitting}
                  invalid={!!fieldState.error}
                />
                <FormMessage />
              </FormItem>
            )}
          />
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onDone} disabled={submitting}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={submitting} aria-busy={submitting} data-testid="card-edit-save">
              {submitting && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
              <Trans>Save</Trans>
            </Button>
          </DialogFooter>
        </form>
      </Form>
    </>
  )
}

/** The program's period (dates already formatted) as people say it: from, until, both, or open-ended. */
function ProgramPeriod({ start, end }: { start: string | null; end: string | null }) {
  if (start && end) return <>{`${start} – ${end}`}</>
  if (start) return <Trans>From {start}, open-ended</Trans>
  if (end) return <Trans>Until {end}</Trans>
  return <Trans>Open-ended</Trans>
}
