import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { RectangleHorizontalIcon, RectangleVerticalIcon } from 'lucide-react'
import { type ReactNode, useMemo } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { formatAmountInput, parseAmountInput } from '~/components/payments/money-input.ts'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { DatePicker } from '~/components/ui/date-picker.tsx'
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
import { notify } from '~/lib/notify.tsx'
import { examplePlaceholder } from '~/lib/placeholder.ts'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { cardErrorMessage } from './card-errors.ts'
import { cardTypeNames, expiryUnitNames, ValidityFootnote } from './card-labels.tsx'
import { CardPreview } from './card-preview.tsx'
import {
  type Card,
  type CardExpiryType,
  cardExpiriesQueryOptions,
  cardExpiryTypes,
  cardKeys,
  cardTypes,
  maxExpiryValue,
  maxUseNumber,
  saveCardSettings,
} from './card-queries.ts'
import { ChoiceField, Section } from './card-settings-parts.tsx'
import {
  previewValidity,
  type SettingsValues,
  settingsOf,
  settingsSchema,
  settingsServerFields,
  settingsValuesOf,
  today,
} from './card-settings-values.ts'
import { CardTextFields } from './card-text-fields.tsx'
import type { Program } from './queries.ts'

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
  const { i18n } = useLingui()
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const gift = card.type.id === cardTypes.gift
  const currency = program.currency
  const schema = useMemo(() => settingsSchema(gift, currency, i18n.locale), [gift, currency, i18n.locale])
  const form = useZodForm(schema, { defaultValues: settingsValuesOf(card, program, i18n.locale) })
  const showFieldErrors = useFieldErrors(form, {
    fieldOf: (path) => {
      const field = settingsServerFields[path]
      // A use count refused while "once" or "unlimited" is chosen: say it at the choice.
      return field === 'useNumber' && form.getValues('useMode') !== 'custom' ? 'useMode' : field
    },
  })
  const submitting = form.formState.isSubmitting
  const disabled = submitting || !hydrated

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await saveCardSettings(card.uuid, settingsOf(values, currency, i18n.locale))
      queryClient.setQueryData(cardKeys.card(program.uuid), saved)
      await onSaved(saved)
    } catch (error) {
      const { shown, unplaced } = showFieldErrors(error)
      if (shown && unplaced === 0) return
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
            <FaceSection disabled={disabled} />
            <ValueSection gift={gift} currency={currency} disabled={disabled} />
            <ValiditySection disabled={disabled} />
            <ProgramSection disabled={disabled} />
          </div>
          <LivePreview program={program} card={card} />
        </div>
        {buttons({ submitting, disabled })}
      </form>
    </Form>
  )
}

function FaceSection({ disabled }: { disabled: boolean }) {
  return (
    <Section title={<Trans>Card face</Trans>}>
      <CardTextFields
        disabled={disabled}
        testIdPrefix="card"
        descriptionHint={<Trans>Optional. Card holders read it with their card.</Trans>}
      />
      <ChoiceField
        name="orientation"
        label={<Trans>Orientation</Trans>}
        className="grid gap-2 sm:grid-cols-2"
        disabled={disabled}
        choices={[
          {
            value: 'horizontal',
            testId: 'card-orientation-horizontal',
            icon: RectangleHorizontalIcon,
            title: <Trans>Horizontal</Trans>,
          },
          {
            value: 'vertical',
            testId: 'card-orientation-vertical',
            icon: RectangleVerticalIcon,
            title: <Trans>Vertical</Trans>,
          },
        ]}
      />
    </Section>
  )
}

function ValueSection({ gift, currency, disabled }: { gift: boolean; currency: string; disabled: boolean }) {
  const { i18n } = useLingui()
  const { control } = useFormContext<SettingsValues>()
  const [value, useMode] = useWatch({ control, name: ['value', 'useMode'] })
  const flexible = gift && parseAmountInput(value ?? '', currency, i18n.locale) === 0n
  return (
    <Section title={<Trans>Value and use</Trans>}>
      <FormField
        control={control}
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
                placeholder={examplePlaceholder(i18n, formatAmountInput(2500, currency, i18n.locale))}
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
            {flexible && (
              <p className="text-[13px] font-medium text-primary-700" data-testid="card-value-flexible">
                <Trans>Flexible gift card: an order pays only the price of the cards.</Trans>
              </p>
            )}
            <FormMessage />
          </FormItem>
        )}
      />
      <ChoiceField
        name="useMode"
        label={<Trans>How often a card can be used</Trans>}
        className="grid gap-2 sm:grid-cols-3"
        disabled={disabled}
        choices={[
          { value: 'once', testId: 'card-use-once', title: <Trans context="card use">Once</Trans> },
          { value: 'custom', testId: 'card-use-custom', title: <Trans>A number of times</Trans> },
          { value: 'unlimited', testId: 'card-use-unlimited', title: <Trans>Unlimited</Trans> },
        ]}
      />
      {useMode === 'custom' && (
        <FormField
          control={control}
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
  )
}

function ValiditySection({ disabled }: { disabled: boolean }) {
  const { i18n, t } = useLingui()
  const { control } = useFormContext<SettingsValues>()
  const [validityMode, expiryType] = useWatch({ control, name: ['validityMode', 'expiryType'] })
  const expiries = useQuery(cardExpiriesQueryOptions())
  const expiryOptions = expiries.data?.results.map((e) => e.id) ?? [
    cardExpiryTypes.year,
    cardExpiryTypes.month,
    cardExpiryTypes.day,
  ]
  return (
    <Section title={<Trans>Validity</Trans>}>
      <ChoiceField
        name="validityMode"
        label={<Trans>How long a card can be used</Trans>}
        className="grid gap-2"
        disabled={disabled}
        choices={[
          {
            value: 'program',
            testId: 'card-validity-program',
            title: <Trans>During the program</Trans>,
            hint: <Trans>Until the program's expiry date.</Trans>,
          },
          {
            value: 'after_activation',
            testId: 'card-validity-after-activation',
            title: <Trans>For a time after activation</Trans>,
            hint: <Trans>Counted from the day the card holder activates the card.</Trans>,
          },
          {
            value: 'until',
            testId: 'card-validity-until',
            title: <Trans>Not later than a date</Trans>,
            hint: <Trans>The date may be after the program's end.</Trans>,
          },
        ]}
      />
      {validityMode === 'after_activation' && (
        <div className="flex flex-wrap items-start gap-3">
          <FormField
            control={control}
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
                    max={maxExpiryValue[Number(expiryType ?? 31) as CardExpiryType]}
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
            control={control}
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
      {validityMode === 'until' && (
        <FormField
          control={control}
          name="until"
          render={({ field }) => (
            <FormItem className="max-w-xs">
              <FormLabel>
                <Trans>Valid until</Trans>
              </FormLabel>
              <FormControl>
                <DatePicker
                  ref={field.ref}
                  name={field.name}
                  value={field.value || undefined}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  min={today()}
                  disabled={disabled}
                  testId="card-until"
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      )}
    </Section>
  )
}

function ProgramSection({ disabled }: { disabled: boolean }) {
  const { control } = useFormContext<SettingsValues>()
  const [validityMode, startDate, expiryDate] = useWatch({
    control,
    name: ['validityMode', 'startDate', 'expiryDate'],
  })
  return (
    <Section title={<Trans>Program</Trans>}>
      <FormField
        control={control}
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
                    Not listed for card holders: only people who receive a card's token can activate it.
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
          control={control}
          name="startDate"
          render={({ field }) => (
            <FormItem className="content-start">
              <FormLabel>
                <Trans>Program start date</Trans>
              </FormLabel>
              <FormControl>
                <DatePicker
                  ref={field.ref}
                  name={field.name}
                  value={field.value || undefined}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  max={expiryDate || undefined}
                  disabled={disabled}
                  testId="card-start-date"
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={control}
          name="expiryDate"
          render={({ field }) => (
            <FormItem className="content-start">
              <FormLabel>
                <Trans>Program expiry date</Trans>
              </FormLabel>
              <FormControl>
                <DatePicker
                  ref={field.ref}
                  name={field.name}
                  value={field.value || undefined}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  min={startDate || undefined}
                  disabled={disabled}
                  testId="card-expiry-date"
                />
              </FormControl>
              <FormDescription>
                {validityMode === 'program' ? (
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
  )
}

/** The card as the form's values make it, while they are typed. */
function LivePreview({ program, card }: { program: Program; card: Card }) {
  const { i18n } = useLingui()
  const { control } = useFormContext<SettingsValues>()
  const watched = useWatch({ control }) as Partial<SettingsValues>
  const previewValue = parseAmountInput(watched.value ?? '', program.currency, i18n.locale)
  const typeName = i18n._(cardTypeNames[card.type.id])
  return (
    <aside className="grid content-start gap-3 lg:sticky lg:top-6 lg:self-start" aria-live="polite">
      <p className="text-[13px] font-semibold tracking-[0.08em] text-muted-foreground uppercase">
        <Trans>Live preview</Trans>
      </p>
      <CardPreview
        type={card.type.id}
        title={watched.title ?? ''}
        programTitle={program.title}
        value={previewValue === undefined ? null : Number(previewValue)}
        currency={program.currency}
        orientation={watched.orientation ?? 'horizontal'}
        imageUrl={watched.image?.url ?? null}
        className={watched.orientation === 'vertical' ? 'mx-auto' : undefined}
        footnote={
          <ValidityFootnote validity={previewValidity(watched)} programEnd={watched.expiryDate || null} />
        }
      />
      <p className="text-[13px] text-muted-foreground">
        <Trans>{typeName} · each card gets its own token when the order is paid.</Trans>
      </p>
    </aside>
  )
}
