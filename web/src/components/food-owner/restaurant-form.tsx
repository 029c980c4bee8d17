import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { PlusIcon, Trash2Icon } from 'lucide-react'
import type { ReactNode } from 'react'
import { type FieldPath, useFieldArray, useForm, useFormContext } from 'react-hook-form'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Checkbox } from '~/components/ui/checkbox.tsx'
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '~/components/ui/form.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Switch } from '~/components/ui/switch.tsx'
import { notify } from '~/lib/notify.tsx'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { checkRestaurant, deliveryTypes, parseCost } from '../../../../modules/food/shared.ts'
import { type FoodImage, type FoodProgram, foodKeys, saveRestaurant, uploadDocument } from './api.ts'
import { AreaField, BasicsFields, FormFrame, FormSection, TextField, ToggleField } from './field-groups.tsx'
import {
  costText,
  foodErrorMessage,
  NativeSelect,
  numberOf,
  showProblems,
  timeOptions,
  weekdayNames,
} from './form-parts.tsx'
import { DocumentUploadField } from './uploads.tsx'

/**
 * The restaurant of a food program (spec food.md sections 3 and 5): what guests read, how it
 * delivers (by zip code or by distance, or pickup), its working hours and exceptions, ordering
 * limits and switches, its time zone and its documents. The wizard's restaurant step and the
 * settings on the program's page. Every rule of section 5 runs here first (the shared functions
 * the API runs) and again on the API; both say the same codes under the same inputs.
 */

interface RestaurantValues {
  title: string
  description: string
  address: string
  phone: string
  image: FoodImage | null
  time_zone: string
  can_pickup_in_rest: boolean
  pickup_fee_heading: string
  pickup_fee: string
  type_of_delivery: '1' | '2'
  latitude: string
  longitude: string
  delivery_range_zip_codes: { zip_code: string; cost: string }[]
  delivery_ranges: { range_start: string; range_end: string; cost: string }[]
  working_hours: { day_of_week: number; enabled: boolean; start_time: string; end_time: string }[]
  working_hours_exceptions: { date: string; closed: boolean; start_time: string; end_time: string }[]
  min_order_amount: string
  order_limit: string
  order_limit_message: string
  read_only_mode: boolean
  disable_online_ordering: boolean
  default_asap: boolean
  delivering_sms_text: string
  tc_pdf_url: string | null
  privacy_pdf_url: string | null
}

const km = (n: number) => String(n).replace('.', ',')

function valuesOf(p: FoodProgram, title: string, description: string): RestaurantValues {
  return {
    title: p.title || title,
    description: p.description || description,
    address: p.address,
    phone: p.phone,
    image: p.image,
    time_zone: p.time_zone || 'Europe/Amsterdam',
    can_pickup_in_rest: p.can_pickup_in_rest,
    pickup_fee_heading: p.pickup_fee_heading,
    pickup_fee: costText(p.pickup_fee),
    type_of_delivery: p.type_of_delivery === deliveryTypes.zipcode ? '1' : '2',
    latitude: p.latitude === null ? '' : String(p.latitude),
    longitude: p.longitude === null ? '' : String(p.longitude),
    delivery_range_zip_codes: p.delivery_range_zip_codes.length
      ? p.delivery_range_zip_codes.map((z) => ({ zip_code: z.zip_code, cost: costText(z.cost) }))
      : [{ zip_code: '', cost: '' }],
    delivery_ranges: p.delivery_ranges.length
      ? p.delivery_ranges.map((r) => ({
          range_start: km(r.range_start),
          range_end: km(r.range_end),
          cost: costText(r.cost),
        }))
      : [{ range_start: '0', range_end: '', cost: '' }],
    working_hours: [1, 2, 3, 4, 5, 6, 7].map((day) => {
      const row = p.working_hours.find((h) => h.day_of_week === day)
      return row
        ? { ...row }
        : { day_of_week: day, enabled: day <= 5, start_time: '09:00', end_time: '17:00' }
    }),
    working_hours_exceptions: p.working_hours_exceptions.map((e) => ({
      date: e.date,
      closed: e.closed,
      start_time: e.start_time ?? '09:00',
      end_time: e.end_time ?? '17:00',
    })),
    min_order_amount: p.min_order_amount ? costText(p.min_order_amount) : '',
    order_limit: p.order_limit === null ? '' : String(p.order_limit),
    order_limit_message: p.order_limit_message,
    read_only_mode: p.read_only_mode,
    disable_online_ordering: p.disable_online_ordering,
    default_asap: p.default_asap,
    delivering_sms_text: p.delivering_sms_text,
    tc_pdf_url: p.tc_pdf_url,
    privacy_pdf_url: p.privacy_pdf_url,
  }
}

/** The form as `PATCH food/programs/{uuid}` takes it: rows kept in place so paths match. */
function changeOf(v: RestaurantValues, saved: FoodProgram) {
  const byZip = v.type_of_delivery === '1'
  const num = (t: string) => {
    const n = numberOf(t)
    return n === null || Number.isNaN(n) ? null : n
  }
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    address: v.address.trim(),
    phone: v.phone.trim(),
    ...(v.image && v.image.uuid !== saved.image?.uuid ? { image: v.image.uuid } : {}),
    time_zone: v.time_zone.trim(),
    can_pickup_in_rest: v.can_pickup_in_rest,
    pickup_fee_heading: v.can_pickup_in_rest ? v.pickup_fee_heading.trim() : '',
    pickup_fee: v.can_pickup_in_rest && v.pickup_fee.trim() ? v.pickup_fee.trim() : null,
    type_of_delivery: byZip ? deliveryTypes.zipcode : deliveryTypes.distance,
    latitude: num(v.latitude),
    longitude: num(v.longitude),
    delivery_range_zip_codes: byZip
      ? v.delivery_range_zip_codes.map((z) => ({
          zip_code: z.zip_code.trim() || null,
          cost: z.cost.trim() || null,
        }))
      : [],
    delivery_ranges: byZip
      ? []
      : v.delivery_ranges.map((r) => ({
          range_start: num(r.range_start),
          range_end: num(r.range_end),
          cost: r.cost.trim() || null,
        })),
    working_hours: v.working_hours,
    working_hours_exceptions: v.working_hours_exceptions.map((e) => ({
      date: e.date || null,
      closed: e.closed,
      start_time: e.closed ? null : e.start_time,
      end_time: e.closed ? null : e.end_time,
    })),
    order_limit: v.order_limit.trim() ? Number(v.order_limit.trim()) : null,
    order_limit_message: v.order_limit_message.trim(),
    read_only_mode: v.read_only_mode,
    disable_online_ordering: v.disable_online_ordering,
    default_asap: v.default_asap,
    delivering_sms_text: v.delivering_sms_text.trim(),
    tc_pdf_url: v.tc_pdf_url,
    privacy_pdf_url: v.privacy_pdf_url,
  }
}

/** API field paths → this form's inputs (a list's own problem sits at its root). */
const fieldOf = (path: string): FieldPath<RestaurantValues> | undefined => {
  if (path === 'delivery_ranges' || path === 'delivery_range_zip_codes')
    return `${path}.root` as FieldPath<RestaurantValues>
  if (path === 'currency' || path.endsWith('.day_of_week')) return undefined
  return path as FieldPath<RestaurantValues>
}

const zones = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone')
  } catch {
    return ['Europe/Amsterdam']
  }
}

export function RestaurantForm({
  program,
  restaurant,
  programTitle,
  programDescription,
  onSaved,
  children,
}: {
  program: string
  restaurant: FoodProgram
  programTitle: string
  programDescription: string
  onSaved: (saved: FoodProgram) => void | Promise<void>
  children: (saving: boolean) => ReactNode
}) {
  const { i18n } = useLingui()
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const form = useForm<RestaurantValues>({
    defaultValues: valuesOf(restaurant, programTitle, programDescription),
  })
  const showFieldErrors = useFieldErrors(form, { fieldOf })
  const saving = form.formState.isSubmitting

  const submit = form.handleSubmit(async (v) => {
    const change = changeOf(v, restaurant)
    const { problems } = checkRestaurant({
      ...change,
      image: v.image?.uuid ?? null,
      latitude: numberOf(v.latitude),
      longitude: numberOf(v.longitude),
      delivery_ranges: change.delivery_ranges.map((r, i) => ({
        ...r,
        range_start: numberOf(v.delivery_ranges[i]?.range_start),
        range_end: numberOf(v.delivery_ranges[i]?.range_end),
      })),
    })
    const min = v.min_order_amount.trim() ? parseCost(v.min_order_amount) : { ok: true as const, minor: 0 }
    if (!min.ok) problems.push({ field: 'min_order_amount', code: min.code, message: '' })
    const limit = v.order_limit.trim()
    if (limit && !/^\d{1,5}$/.test(limit))
      problems.push({ field: 'order_limit', code: 'invalid_number', message: '' })
    for (const f of ['latitude', 'longitude'] as const)
      if (Number.isNaN(numberOf(v[f]))) problems.push({ field: f, code: 'invalid_number', message: '' })
    if (problems.length) {
      showProblems(form, problems, i18n, fieldOf)
      return
    }
    try {
      const saved = await saveRestaurant(program, { ...change, min_order_amount: min.ok ? min.minor : 0 })
      queryClient.setQueryData(foodKeys.program(program), saved)
      await onSaved(saved)
    } catch (error) {
      if (showFieldErrors(error).shown) return
      notify.error(foodErrorMessage(error))
    }
  })

  return (
    <FormFrame
      form={form}
      onSubmit={submit}
      testId="restaurant-form"
      prefix="restaurant"
      disabled={saving || !hydrated}
      footer={children(saving)}
    >
      <Section title={<Trans>The restaurant</Trans>}>
        <BasicsFields
          labels={{
            name: <Trans context="restaurant">Name</Trans>,
            description: <Trans context="restaurant">Description</Trans>,
            addressHint: <Trans>Required unless guests can pick up their order in the restaurant.</Trans>,
            image: <Trans>Image of the restaurant</Trans>,
          }}
          beside={<Text name="phone" label={<Trans>Phone</Trans>} autoComplete="tel" />}
        >
          <FormField
            control={form.control}
            name="time_zone"
            render={({ field }) => (
              <FormItem>
                <FormLabel>
                  <Trans>Time zone of the restaurant</Trans>
                </FormLabel>
                <FormControl>
                  <Input
                    list="food-time-zones"
                    autoComplete="off"
                    {...field}
                    data-testid="restaurant-time_zone"
                  />
                </FormControl>
                <datalist id="food-time-zones">
                  {zones().map((z) => (
                    <option key={z} value={z} />
                  ))}
                </datalist>
                <FormDescription>
                  <Trans>Opening hours are on this clock.</Trans>
                </FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
        </BasicsFields>
      </Section>

      <DeliverySection />
      <HoursSection />

      <Section title={<Trans>Ordering</Trans>}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Text
            name="min_order_amount"
            label={<Trans>Minimum order amount</Trans>}
            inputMode="decimal"
            placeholder="0,00"
          />
          <Text
            name="order_limit"
            label={<Trans>Order limit</Trans>}
            inputMode="numeric"
            hint={<Trans>The most open orders at once. Empty: no limit.</Trans>}
          />
          <Area
            name="order_limit_message"
            label={<Trans>Message when ordering is not possible</Trans>}
            className="sm:col-span-2"
          />
          <Toggle
            name="read_only_mode"
            label={<Trans>Read-only mode</Trans>}
            hint={<Trans>Guests see the menu but cannot order.</Trans>}
          />
          <Toggle name="disable_online_ordering" label={<Trans>Online ordering off</Trans>} />
          <Toggle
            name="default_asap"
            label={<Trans>As soon as possible by default</Trans>}
            hint={<Trans>New orders are for as soon as possible unless the guest picks a time.</Trans>}
          />
          <Area
            name="delivering_sms_text"
            label={<Trans>Text message when the order is on its way</Trans>}
            className="sm:col-span-2"
          />
        </div>
      </Section>

      <Section title={<Trans>Documents</Trans>}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="tc_pdf_url"
            render={({ field }) => (
              <DocumentUploadField
                id="restaurant-terms"
                label={<Trans>Terms and conditions (PDF)</Trans>}
                value={field.value}
                onChange={field.onChange}
                upload={(f) => uploadDocument('terms', f)}
                testId="restaurant-terms"
              />
            )}
          />
          <FormField
            control={form.control}
            name="privacy_pdf_url"
            render={({ field }) => (
              <DocumentUploadField
                id="restaurant-privacy"
                label={<Trans>Privacy statement (PDF)</Trans>}
                value={field.value}
                onChange={field.onChange}
                upload={(f) => uploadDocument('privacy', f)}
                testId="restaurant-privacy"
              />
            )}
          />
        </div>
      </Section>
    </FormFrame>
  )
}

const Section = FormSection
const Text = TextField<RestaurantValues>
const Area = AreaField<RestaurantValues>
const Toggle = ToggleField<RestaurantValues>

function RootError({ name }: { name: 'delivery_ranges' | 'delivery_range_zip_codes' }) {
  const { i18n } = useLingui()
  const { formState } = useFormContext<RestaurantValues>()
  const message = formState.errors[name]?.root?.message
  return message ? (
    <p className="text-[13px] text-destructive" role="alert" data-testid={`restaurant-${name}-error`}>
      {i18n._(message)}
    </p>
  ) : null
}

function DeliverySection() {
  const { control, watch } = useFormContext<RestaurantValues>()
  const pickup = watch('can_pickup_in_rest')
  const type = watch('type_of_delivery')
  const zips = useFieldArray({ control, name: 'delivery_range_zip_codes' })
  const ranges = useFieldArray({ control, name: 'delivery_ranges' })
  return (
    <Section title={<Trans>Pickup and delivery</Trans>}>
      <Toggle name="can_pickup_in_rest" label={<Trans>Guests can pick up in the restaurant</Trans>} />
      {pickup && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Text name="pickup_fee_heading" label={<Trans>Pickup fee heading</Trans>} />
          <Text name="pickup_fee" label={<Trans>Pickup fee</Trans>} inputMode="decimal" placeholder="0,50" />
        </div>
      )}
      <FormField
        control={control}
        name="type_of_delivery"
        render={({ field }) => (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">
              <Trans>Delivery</Trans>
            </legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {(
                [
                  ['2', <Trans key="d">By distance</Trans>],
                  ['1', <Trans key="z">By zip code</Trans>],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={field.name}
                    value={value}
                    checked={field.value === value}
                    onChange={() => field.onChange(value)}
                    className="size-4 accent-primary-600"
                    data-testid={`restaurant-delivery-${value === '1' ? 'zip' : 'distance'}`}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      />
      {type === '2' ? (
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            <Trans>Ranges in kilometres from the restaurant, each with its delivery cost.</Trans>
          </p>
          <div className="grid grid-cols-2 gap-4">
            <Text name="latitude" label={<Trans>Latitude</Trans>} inputMode="decimal" placeholder="52.3731" />
            <Text
              name="longitude"
              label={<Trans>Longitude</Trans>}
              inputMode="decimal"
              placeholder="4.8922"
            />
          </div>
          <ul className="grid gap-3">
            {ranges.fields.map((row, i) => (
              <li
                key={row.id}
                className="grid grid-cols-[1fr_1fr_1fr_auto] items-start gap-2"
                data-testid="restaurant-range"
              >
                <Text
                  name={`delivery_ranges.${i}.range_start`}
                  label={<Trans>From km</Trans>}
                  inputMode="decimal"
                />
                <Text
                  name={`delivery_ranges.${i}.range_end`}
                  label={<Trans>To km</Trans>}
                  inputMode="decimal"
                />
                <Text
                  name={`delivery_ranges.${i}.cost`}
                  label={<Trans>Cost</Trans>}
                  inputMode="decimal"
                  placeholder="2,50"
                />
                <RemoveRow onClick={() => ranges.remove(i)} />
              </li>
            ))}
          </ul>
          <RootError name="delivery_ranges" />
          <AddRow
            testId="restaurant-add-range"
            onClick={() => {
              const last = ranges.fields.length
              ranges.append({ range_start: last ? '' : '0', range_end: '', cost: '' })
            }}
          >
            <Trans>Add a range</Trans>
          </AddRow>
        </div>
      ) : (
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            <Trans>Zip codes you deliver to (1011 or 1011 AB), each with its delivery cost.</Trans>
          </p>
          <ul className="grid gap-3">
            {zips.fields.map((row, i) => (
              <li
                key={row.id}
                className="grid grid-cols-[1fr_1fr_auto] items-start gap-2"
                data-testid="restaurant-zip"
              >
                <Text name={`delivery_range_zip_codes.${i}.zip_code`} label={<Trans>Zip code</Trans>} />
                <Text
                  name={`delivery_range_zip_codes.${i}.cost`}
                  label={<Trans>Cost</Trans>}
                  inputMode="decimal"
                  placeholder="2,50"
                />
                <RemoveRow onClick={() => zips.remove(i)} />
              </li>
            ))}
          </ul>
          <RootError name="delivery_range_zip_codes" />
          <AddRow testId="restaurant-add-zip" onClick={() => zips.append({ zip_code: '', cost: '' })}>
            <Trans>Add a zip code</Trans>
          </AddRow>
        </div>
      )}
    </Section>
  )
}

export function RemoveRow({ onClick }: { onClick: () => void }) {
  const { t } = useLingui()
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="mt-7"
      onClick={onClick}
      aria-label={t`Remove row`}
    >
      <Trash2Icon aria-hidden="true" />
    </Button>
  )
}

export function AddRow({
  onClick,
  children,
  testId,
}: {
  onClick: () => void
  children: ReactNode
  testId: string
}) {
  return (
    <div>
      <Button type="button" variant="outline" size="sm" onClick={onClick} data-testid={testId}>
        <PlusIcon aria-hidden="true" />
        {children}
      </Button>
    </div>
  )
}

function TimeSelect({
  name,
  label,
  closing = false,
}: {
  name: FieldPath<RestaurantValues>
  label: ReactNode
  closing?: boolean
}) {
  const { control } = useFormContext<RestaurantValues>()
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <NativeSelect
              name={field.name}
              value={String(field.value ?? '')}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
              disabled={field.disabled}
              data-testid={`restaurant-${name}`}
            >
              {timeOptions(String(field.value ?? ''), closing).map((time) => (
                <option key={time} value={time}>
                  {time}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  )
}

function HoursSection() {
  const { i18n } = useLingui()
  const { control, watch } = useFormContext<RestaurantValues>()
  const exceptions = useFieldArray({ control, name: 'working_hours_exceptions' })
  const days = watch('working_hours')
  const closed = watch('working_hours_exceptions')
  return (
    <Section title={<Trans>Working hours</Trans>}>
      <p className="text-sm text-muted-foreground">
        <Trans>A closing time earlier than the opening time ends after midnight.</Trans>{' '}
        <Trans>Closing at 24:00 is the end of the day: 00:00 to 24:00 is open all day.</Trans>
      </p>
      <ul className="grid gap-3">
        {days.map((day, i) => (
          <li
            key={day.day_of_week}
            className="grid grid-cols-2 items-end gap-x-3 gap-y-2 sm:grid-cols-[10rem_1fr_1fr]"
            data-testid="restaurant-day"
          >
            <FormField
              control={control}
              name={`working_hours.${i}.enabled`}
              render={({ field }) => (
                <FormItem className="col-span-2 flex items-center gap-3 sm:col-span-1 sm:pb-2.5">
                  <FormControl>
                    <Switch
                      checked={field.value}
                      onCheckedChange={field.onChange}
                      data-testid={`restaurant-day-${day.day_of_week}`}
                    />
                  </FormControl>
                  <FormLabel className="font-normal">{i18n._(weekdayNames[i] ?? weekdayNames[0]!)}</FormLabel>
                </FormItem>
              )}
            />
            {day.enabled ? (
              <>
                <TimeSelect name={`working_hours.${i}.start_time`} label={<Trans>Opens</Trans>} />
                <TimeSelect name={`working_hours.${i}.end_time`} label={<Trans>Closes</Trans>} closing />
              </>
            ) : (
              <p className="col-span-2 text-sm text-muted-foreground sm:pb-2.5">
                <Trans>Closed</Trans>
              </p>
            )}
          </li>
        ))}
      </ul>
      <h4 className="text-sm font-medium">
        <Trans>Exceptions</Trans>
      </h4>
      <ul className="grid gap-3">
        {exceptions.fields.map((row, i) => (
          <li
            key={row.id}
            className="grid grid-cols-2 items-start gap-x-3 gap-y-2 rounded-lg border p-3 sm:grid-cols-[1fr_auto_1fr_1fr_auto]"
            data-testid="restaurant-exception"
          >
            <Text name={`working_hours_exceptions.${i}.date`} label={<Trans>Date</Trans>} type="date" />
            <FormField
              control={control}
              name={`working_hours_exceptions.${i}.closed`}
              render={({ field }) => (
                <FormItem className="flex items-center gap-2 sm:mt-8">
                  <FormControl>
                    <Checkbox checked={field.value} onCheckedChange={(on) => field.onChange(on === true)} />
                  </FormControl>
                  <FormLabel className="font-normal">
                    <Trans>Closed all day</Trans>
                  </FormLabel>
                </FormItem>
              )}
            />
            {!closed[i]?.closed && (
              <>
                <TimeSelect name={`working_hours_exceptions.${i}.start_time`} label={<Trans>Opens</Trans>} />
                <TimeSelect
                  name={`working_hours_exceptions.${i}.end_time`}
                  label={<Trans>Closes</Trans>}
                  closing
                />
              </>
            )}
            <RemoveRow onClick={() => exceptions.remove(i)} />
          </li>
        ))}
      </ul>
      <AddRow
        testId="restaurant-add-exception"
        onClick={() => exceptions.append({ date: '', closed: true, start_time: '09:00', end_time: '17:00' })}
      >
        <Trans>Add an exception</Trans>
      </AddRow>
    </Section>
  )
}
