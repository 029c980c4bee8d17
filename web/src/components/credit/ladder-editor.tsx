import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { LoaderCircleIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react'
import { useId, useState } from 'react'
import { z } from 'zod'
import { formatAmountInput, parseAmountInput } from '~/components/payments/money-input.ts'
import { ConfirmButton } from '~/components/shared/confirm-button.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
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
import { formatMoney } from '~/lib/money.ts'
import { notify } from '~/lib/notify.tsx'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { creditErrorMessage } from './labels.tsx'
import {
  addStep,
  changeStep,
  type Ladder,
  type LadderStep,
  ladderChanged,
  maxLadderSteps,
  penaltyTypes,
  periodDays,
  type ReminderTemplate,
  reminderTemplatesQueryOptions,
  removeStep,
  type StepInput,
  senderTypes,
} from './queries.ts'

/**
 * A credit program's reminder ladder (spec section 3, "Reminder"; docs/credit.md): its steps in the
 * order they go out, each with when (days before or after the due date, at a local time), the
 * payment term it states and its penalty; add one from a system template (`commons/
 * reminder-templates`, in the owner's language) or from scratch, change, switch off or remove it.
 */

/** A step's day relative to the due date: negative before it. */
const dayOf = (s: Pick<LadderStep, 'time'>) =>
  (s.time.sender_type === senderTypes.before ? -1 : 1) * s.time.value

export function ladderOrder(steps: readonly LadderStep[]): LadderStep[] {
  return [...steps].sort(
    (a, b) => dayOf(a) - dayOf(b) || a.send_time.localeCompare(b.send_time) || a.position - b.position,
  )
}

export function WhenText({ step }: { step: Pick<LadderStep, 'time' | 'send_time'> }) {
  const { t } = useLingui()
  const days = step.time.value
  const at = step.send_time
  if (days === 0) return <Trans>On the due date at {at}</Trans>
  return step.time.sender_type === senderTypes.before
    ? t`${plural(days, { one: '# day', other: '# days' })} before the due date at ${at}`
    : t`${plural(days, { one: '# day', other: '# days' })} after the due date at ${at}`
}

function PayWithin({ days }: { days: number }) {
  const { t } = useLingui()
  return t`to be paid within ${plural(days, { one: '# day', other: '# days' })}`
}

export function PenaltyText({ step, currency }: { step: Pick<LadderStep, 'penalty'>; currency: string }) {
  const { i18n } = useLingui()
  const p = step.penalty
  if (!p) return <Trans>No penalty</Trans>
  if (p.value_type === penaltyTypes.percent) {
    const percent = p.percent ?? '0'
    return <Trans>Penalty {percent}% of the open amount</Trans>
  }
  const amount = formatMoney(p.amount ?? 0, p.currency || currency, i18n.locale)
  return <Trans>Penalty {amount}</Trans>
}

export function LadderEditor({
  program,
  ladder,
  currency,
  canEdit,
}: {
  program: string
  ladder: Ladder
  currency: string
  canEdit: boolean
}) {
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState<LadderStep | 'new' | null>(null)
  const steps = ladderOrder(ladder.results)
  const full = steps.length >= maxLadderSteps

  const toggle = async (step: LadderStep, alive: boolean) => {
    try {
      await changeStep(step.uuid, { is_alive: alive })
      ladderChanged(queryClient, program)
    } catch (error) {
      notify.error(creditErrorMessage(error))
    }
  }
  const remove = async (step: LadderStep) => {
    try {
      await removeStep(step.uuid)
      ladderChanged(queryClient, program)
      notify.success(msg`Reminder removed`)
    } catch (error) {
      notify.error(creditErrorMessage(error))
    }
  }

  return (
    <div className="grid gap-4" data-testid="ladder-editor">
      {steps.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          <Trans>No reminders yet. Add the first one, for example from a template.</Trans>
        </p>
      ) : (
        <ol className="grid gap-3">
          {steps.map((step, i) => (
            <li
              key={step.uuid}
              className="grid gap-2 rounded-lg border px-4 py-3 sm:grid-cols-[auto_1fr_auto] sm:items-center sm:gap-4"
              data-testid="ladder-step"
              data-alive={step.is_alive}
            >
              <span
                aria-hidden="true"
                className="grid size-8 place-content-center rounded-full bg-primary-50 text-sm font-semibold text-primary-700"
              >
                {i + 1}
              </span>
              <div className="grid min-w-0 gap-0.5">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="break-words" data-testid="ladder-step-title">
                    {step.title}
                  </span>
                  {!step.is_alive && (
                    <Badge variant="muted">
                      <Trans>Off</Trans>
                    </Badge>
                  )}
                </p>
                <p className="text-sm text-muted-foreground" data-testid="ladder-step-when">
                  <WhenText step={step} />
                  {' · '}
                  <PenaltyText step={step} currency={currency} />
                  {step.period && (
                    <>
                      {' · '}
                      <PayWithin days={step.period.value} />
                    </>
                  )}
                </p>
              </div>
              {canEdit && (
                <div className="flex flex-wrap items-center gap-2">
                  <Switch
                    checked={step.is_alive}
                    onCheckedChange={(on) => void toggle(step, on)}
                    aria-label={step.title}
                    data-testid="ladder-step-alive"
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setEditing(step)}
                    data-testid="ladder-step-edit"
                  >
                    <PencilIcon aria-hidden="true" />
                    <Trans>Change</Trans>
                  </Button>
                  <ConfirmButton
                    variant="ghost"
                    size="sm"
                    destructive
                    testId="ladder-step-remove"
                    title={<Trans>Remove this reminder?</Trans>}
                    description={
                      <Trans>
                        Open bills will no longer get it. Reminders already sent stay on their bills.
                      </Trans>
                    }
                    confirmLabel={<Trans>Remove</Trans>}
                    onConfirm={() => remove(step)}
                  >
                    <Trash2Icon aria-hidden="true" />
                    <span className="sr-only">
                      <Trans>Remove</Trans>
                    </span>
                  </ConfirmButton>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {canEdit && (
        <div>
          <Button
            variant="outline"
            onClick={() => setEditing('new')}
            disabled={full}
            data-testid="ladder-add"
          >
            <PlusIcon aria-hidden="true" />
            <Trans>Add a reminder</Trans>
          </Button>
          {full && (
            <p className="mt-2 text-sm text-muted-foreground">
              <Trans>A ladder has at most 20 reminders.</Trans>
            </p>
          )}
        </div>
      )}
      {editing && (
        <StepDialog
          program={program}
          currency={currency}
          step={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  )
}

const penaltyKinds = ['none', 'fixed', 'percent'] as const

const stepSchema = (currency: string, locale: string) =>
  z
    .object({
      title: z
        .string()
        .trim()
        .min(1, { error: msg`Enter a name for the reminder.`.id })
        .max(200, { error: msg`At most 200 characters.`.id }),
      subject: z
        .string()
        .trim()
        .min(1, { error: msg`Enter a subject.`.id })
        .max(300, { error: msg`At most 300 characters.`.id }),
      text: z
        .string()
        .trim()
        .min(1, { error: msg`Enter the text of the e-mail.`.id })
        .max(10_000, { error: msg`At most 10000 characters.`.id }),
      sender: z.enum(['before', 'after']),
      days: z.string().regex(/^\d{1,4}$/, { error: msg`A number of days from 0 to 3650.`.id }),
      send_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: msg`A time such as 09:00.`.id }),
      pay_within: z.string().regex(/^\d{0,4}$/, { error: msg`A number of days from 0 to 3650.`.id }),
      penalty: z.enum(penaltyKinds),
      amount: z.string(),
      percent: z.string(),
      is_alive: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (Number(v.days) > 3650)
        ctx.addIssue({ code: 'custom', path: ['days'], message: msg`A number of days from 0 to 3650.`.id })
      if (v.penalty === 'fixed' && !parseAmountInput(v.amount, currency, locale))
        ctx.addIssue({ code: 'custom', path: ['amount'], message: msg`Enter an amount, such as 7.50.`.id })
      if (v.penalty === 'percent' && !/^(100(\.0{1,4})?|\d{1,2}([.,]\d{1,4})?)$/.test(v.percent.trim()))
        ctx.addIssue({
          code: 'custom',
          path: ['percent'],
          message: msg`A percentage from 0 to 100, at most four decimals.`.id,
        })
    })
type StepValues = z.input<ReturnType<typeof stepSchema>>

function valuesOf(step: LadderStep | null, currency: string, locale: string): StepValues {
  const p = step?.penalty
  return {
    title: step?.title ?? '',
    subject: step?.subject ?? '',
    text: step?.text ?? '',
    sender: step?.time.sender_type === senderTypes.before ? 'before' : 'after',
    days: String(step?.time.value ?? 7),
    send_time: step?.send_time ?? '09:00',
    pay_within: step?.period ? String(step.period.value) : '',
    penalty: !p ? 'none' : p.value_type === penaltyTypes.percent ? 'percent' : 'fixed',
    amount: p?.amount ? formatAmountInput(p.amount, currency, locale) : '',
    percent: p?.percent ?? '',
    is_alive: step?.is_alive ?? true,
  }
}

function inputOf(v: z.output<ReturnType<typeof stepSchema>>, currency: string, locale: string): StepInput {
  return {
    title: v.title,
    subject: v.subject,
    text: v.text,
    is_alive: v.is_alive,
    time: {
      sender_type: v.sender === 'before' ? senderTypes.before : senderTypes.after,
      value: Number(v.days),
    },
    send_time: v.send_time,
    period: v.pay_within === '' ? null : { type: periodDays, value: Number(v.pay_within) },
    penalty:
      v.penalty === 'none'
        ? null
        : v.penalty === 'fixed'
          ? {
              value_type: penaltyTypes.fixed,
              amount: Number(parseAmountInput(v.amount, currency, locale) ?? 0n),
            }
          : { value_type: penaltyTypes.percent, percent: v.percent.trim().replace(',', '.') },
  }
}

/**
 * The placeholders a step's subject and text may hold (the API's list, modules/credit/http/reminders.ts).
 * Lingui reads `{name}` in a message as its own variable, so each is given as a value that is
 * itself: without them the hint read "Placeholders: , , , , ."
 */
const placeholderHint = msg`Placeholders: {name}, {invoice_number}, {amount}, {due_date}, {company}, {pay_link}.`
const placeholders = Object.fromEntries(
  ['name', 'invoice_number', 'amount', 'due_date', 'company', 'pay_link'].map((name) => [name, `{${name}}`]),
)

const apiFields: Record<string, keyof StepValues> = {
  title: 'title',
  subject: 'subject',
  text: 'text',
  'time.value': 'days',
  send_time: 'send_time',
  'period.value': 'pay_within',
  'penalty.amount': 'amount',
  'penalty.percent': 'percent',
}

function StepDialog({
  program,
  currency,
  step,
  onClose,
}: {
  program: string
  currency: string
  step: LadderStep | null
  onClose: () => void
}) {
  const { i18n } = useLingui()
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const templates = useQuery({ ...reminderTemplatesQueryOptions(i18n.locale), enabled: !step })
  const schema = stepSchema(currency, i18n.locale)
  const form = useZodForm(schema, { defaultValues: valuesOf(step, currency, i18n.locale) })
  const showFieldErrors = useFieldErrors(form, { fieldOf: (path) => apiFields[path] })
  const [template, setTemplate] = useState<number | null>(null)
  const saving = form.formState.isSubmitting
  const penalty = form.watch('penalty')
  const templateId = useId()

  const applyTemplate = (t: ReminderTemplate) => {
    setTemplate(t.id)
    form.reset({
      ...form.getValues(),
      title: t.title,
      subject: t.subject,
      text: t.text,
      sender: t.sender_type.id === senderTypes.before ? 'before' : 'after',
      days: String(t.value),
    })
  }

  const submit = form.handleSubmit(async (v) => {
    try {
      const input = inputOf(v, currency, i18n.locale)
      if (step) await changeStep(step.uuid, input)
      else await addStep(program, { ...input, ...(template ? { template, is_system: true } : {}) })
      ladderChanged(queryClient, program)
      notify.success(step ? msg`Reminder saved` : msg`Reminder added`)
      onClose()
    } catch (error) {
      if (showFieldErrors(error).shown) return
      notify.error(creditErrorMessage(error))
    }
  })

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl" data-testid="ladder-step-dialog">
        <DialogHeader>
          <DialogTitle>{step ? <Trans>Change reminder</Trans> : <Trans>Add a reminder</Trans>}</DialogTitle>
          <DialogDescription>
            <Trans>An e-mail to the card holder about an open bill, with a link to pay it.</Trans>
          </DialogDescription>
        </DialogHeader>
        {!step && (
          <div className="grid gap-2">
            <label htmlFor={templateId} className="text-sm font-medium">
              <Trans>Start from a template</Trans>
            </label>
            {templates.isPending ? (
              <RowsSkeleton rows={1} />
            ) : templates.isError ? (
              <LoadError onRetry={() => templates.refetch()} />
            ) : (
              <Select
                value={template === null ? '' : String(template)}
                onValueChange={(v) => {
                  const t = templates.data.results.find((x) => String(x.id) === v)
                  if (t) applyTemplate(t)
                }}
              >
                <SelectTrigger id={templateId} data-testid="ladder-template">
                  <SelectValue placeholder={i18n._(msg`Choose a template (optional)`)} />
                </SelectTrigger>
                <SelectContent>
                  {templates.data.results.map((t) => (
                    <SelectItem key={t.id} value={String(t.id)} data-testid={`ladder-template-${t.key}`}>
                      {t.title}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </div>
        )}
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-4" data-testid="ladder-step-form">
            <fieldset disabled={saving || !hydrated} className="grid gap-4">
              <FormField
                control={form.control}
                name="title"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>
                      <Trans context="reminder">Name</Trans>
                    </FormLabel>
                    <FormControl>
                      <Input maxLength={200} autoComplete="off" {...field} data-testid="step-title" />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                <FormField
                  control={form.control}
                  name="days"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>
                        <Trans>Days</Trans>
                      </FormLabel>
                      <FormControl>
                        <Input inputMode="numeric" maxLength={4} {...field} data-testid="step-days" />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="sender"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>
                        <Trans>Before or after</Trans>
                      </FormLabel>
                      <Select value={field.value} onValueChange={field.onChange}>
                        <FormControl>
                          <SelectTrigger data-testid="step-sender">
                            <SelectValue />
                          </SelectTrigger>
                        </FormControl>
                        <SelectContent>
                          <SelectItem value="before">
                            <Trans>before the due date</Trans>
                          </SelectItem>
                          <SelectItem value="after">
                            <Trans>after the due date</Trans>
                          </SelectItem>
                        </SelectContent>
                      </Select>
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="send_time"
                  render={({ field }) => (
                    <FormItem className="col-span-2 sm:col-span-1">
                      <FormLabel>
                        <Trans>At</Trans>
                      </FormLabel>
                      <FormControl>
                        <Input
                          placeholder="09:00"
                          autoComplete="off"
                          {...field}
                          data-testid="step-send-time"
                        />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              </div>
              <FormField
                control={form.control}
                name="subject"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>
                      <Trans>Subject</Trans>
                    </FormLabel>
                    <FormControl>
                      <Input maxLength={300} autoComplete="off" {...field} data-testid="step-subject" />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="text"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>
                      <Trans>Text</Trans>
                    </FormLabel>
                    <FormControl>
                      <Textarea rows={6} maxLength={10_000} {...field} data-testid="step-text" />
                    </FormControl>
                    <FormDescription>{i18n._({ ...placeholderHint, values: placeholders })}</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="pay_within"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>
                      <Trans>Pay within (days)</Trans>
                    </FormLabel>
                    <FormControl>
                      <Input inputMode="numeric" maxLength={4} {...field} data-testid="step-pay-within" />
                    </FormControl>
                    <FormDescription>
                      <Trans>Optional: the term the reminder states, counted from the day it is sent.</Trans>
                    </FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <div className="grid gap-3 sm:grid-cols-2">
                <FormField
                  control={form.control}
                  name="penalty"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>
                        <Trans>Penalty</Trans>
                      </FormLabel>
                      <Select value={field.value} onValueChange={field.onChange}>
                        <FormControl>
                          <SelectTrigger data-testid="step-penalty">
                            <SelectValue />
                          </SelectTrigger>
                        </FormControl>
                        <SelectContent>
                          <SelectItem value="none">
                            <Trans>No penalty</Trans>
                          </SelectItem>
                          <SelectItem value="fixed">
                            <Trans>A fixed amount</Trans>
                          </SelectItem>
                          <SelectItem value="percent">
                            <Trans>A percentage of the open amount</Trans>
                          </SelectItem>
                        </SelectContent>
                      </Select>
                    </FormItem>
                  )}
                />
                {penalty === 'fixed' && (
                  <FormField
                    control={form.control}
                    name="amount"
                    render={({ field }) => (
                      <FormItem>
                        <FormLabel>
                          <Trans>Amount ({currency})</Trans>
                        </FormLabel>
                        <FormControl>
                          <Input
                            inputMode="decimal"
                            autoComplete="off"
                            {...field}
                            data-testid="step-amount"
                          />
                        </FormControl>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                )}
                {penalty === 'percent' && (
                  <FormField
                    control={form.control}
                    name="percent"
                    render={({ field }) => (
                      <FormItem>
                        <FormLabel>
                          <Trans>Percentage</Trans>
                        </FormLabel>
                        <FormControl>
                          <Input
                            inputMode="decimal"
                            autoComplete="off"
                            {...field}
                            data-testid="step-percent"
                          />
                        </FormControl>
                        <FormDescription>
                          <Trans>Rounded to the cent, half away from zero.</Trans>
                        </FormDescription>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                )}
              </div>
              <FormField
                control={form.control}
                name="is_alive"
                render={({ field }) => (
                  <FormItem className="flex items-center gap-3">
                    <FormControl>
                      <Switch
                        checked={field.value}
                        onCheckedChange={field.onChange}
                        data-testid="step-alive"
                      />
                    </FormControl>
                    <FormLabel className="font-normal">
                      <Trans>Switched on</Trans>
                    </FormLabel>
                  </FormItem>
                )}
              />
            </fieldset>
            <DialogFooter>
              <Button variant="outline" type="button" onClick={onClose} disabled={saving}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" disabled={saving || !hydrated} aria-busy={saving} data-testid="step-save">
                {saving && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
                {step ? <Trans>Save</Trans> : <Trans>Add reminder</Trans>}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  )
}

export const movedWords = (moved: readonly string[], names: Record<string, MessageDescriptor>) =>
  moved.map((m) => names[m]).filter((m): m is MessageDescriptor => !!m)
