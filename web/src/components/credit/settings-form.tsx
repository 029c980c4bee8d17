import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { LoaderCircleIcon, SaveIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { useFormContext } from 'react-hook-form'
import { z } from 'zod'
import { CardImageField, type UploadedImage } from '~/components/programs/card-image-field.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Checkbox } from '~/components/ui/checkbox.tsx'
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
import { Switch } from '~/components/ui/switch.tsx'
import { Textarea } from '~/components/ui/textarea.tsx'
import { notify } from '~/lib/notify.tsx'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { creditErrorMessage } from './labels.tsx'
import { creditKeys, type Ladder, type LadderSettings, saveSettings } from './queries.ts'

/**
 * A credit program's bill contact and settings (spec section 3: contact with account, phone,
 * chamber of commerce, VAT number, is_showed and address; is_formal, image, contact) and when its
 * reminders may go out: the send window, the weekdays and the time zone of holders without one of
 * their own. The wizard's step 1 and the Settings card on the program's page.
 */

const time = /^([01]\d|2[0-3]):[0-5]\d$/
const max = (n: number) => z.string().trim().max(n, { error: msg`Too long.`.id })

const settingsSchema = z
  .object({
    account: max(64),
    phone_code: z
      .string()
      .trim()
      .regex(/^(\+?\d{1,4})?$/, { error: msg`A country calling code such as +31.`.id }),
    phone_number: z
      .string()
      .trim()
      .regex(/^[\d ]{0,32}$/, { error: msg`Digits only.`.id }),
    chamber: max(32),
    vat: max(32),
    is_showed: z.boolean(),
    country: max(64),
    state: max(100),
    city: max(100),
    address: max(300),
    zip: max(16),
    is_formal: z.boolean(),
    contact_line: max(500),
    window_start: z.string().regex(time, { error: msg`A time such as 09:00.`.id }),
    window_end: z
      .string()
      .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, { error: msg`A time such as 18:00.`.id }),
    weekdays: z.array(z.number().int().min(1).max(7)).min(1, { error: msg`Choose at least one day.`.id }),
    time_zone: z.string().trim().min(1, { error: msg`Choose a time zone.`.id }),
    image: z.custom<UploadedImage | null>(),
  })
  .refine((v) => v.window_start < v.window_end, {
    path: ['window_end'],
    error: msg`The window must end after it starts, on the same day.`.id,
  })
type SettingsValues = z.input<typeof settingsSchema>

const weekdayNames = [
  msg`Monday`,
  msg`Tuesday`,
  msg`Wednesday`,
  msg`Thursday`,
  msg`Friday`,
  msg`Saturday`,
  msg`Sunday`,
]

function valuesOf(s: LadderSettings): SettingsValues {
  return {
    account: s.contact.account,
    phone_code: s.contact.phone_code,
    phone_number: s.contact.phone_number,
    chamber: s.contact.chamber,
    vat: s.contact.vat,
    is_showed: s.contact.is_showed,
    country: s.contact.address.country,
    state: s.contact.address.state,
    city: s.contact.address.city,
    address: s.contact.address.address,
    zip: s.contact.address.zip,
    is_formal: s.is_formal,
    contact_line: s.contact_line,
    window_start: s.window.start,
    window_end: s.window.end,
    weekdays: s.window.weekdays,
    time_zone: s.time_zone,
    image: null,
  }
}

/** The API's field paths (`contact.address.city`, `window.start`) → this form's inputs. */
const fieldOf = (path: string): keyof SettingsValues | undefined => {
  const last = path.split('.').pop() ?? path
  if (path.startsWith('window.'))
    return last === 'start' ? 'window_start' : last === 'end' ? 'window_end' : 'weekdays'
  if (path === 'contact_line' || path === 'time_zone' || path === 'is_formal') return path
  const known = [
    'account',
    'phone_code',
    'phone_number',
    'chamber',
    'vat',
    'is_showed',
    'country',
    'state',
    'city',
    'address',
    'zip',
  ]
  return known.includes(last) ? (last as keyof SettingsValues) : undefined
}

const zones = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone')
  } catch {
    return ['Europe/Amsterdam']
  }
}

function TextInput({
  name,
  label,
  hint,
  autoComplete,
  className,
}: {
  name: keyof SettingsValues
  label: ReactNode
  hint?: ReactNode
  autoComplete?: string
  className?: string
}) {
  const { control } = useFormContext<SettingsValues>()
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              autoComplete={autoComplete ?? 'off'}
              {...field}
              value={String(field.value ?? '')}
              data-testid={`credit-${name}`}
            />
          </FormControl>
          {hint && <FormDescription>{hint}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  )
}

export function CreditSettingsForm({
  program,
  ladder,
  onSaved,
  children,
}: {
  program: string
  ladder: Ladder
  onSaved: (settings: LadderSettings) => void | Promise<void>
  /** The buttons; receives whether the form is saving. */
  children: (saving: boolean) => ReactNode
}) {
  const { i18n } = useLingui()
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const form = useZodForm(settingsSchema, { defaultValues: valuesOf(ladder.settings) })
  const showFieldErrors = useFieldErrors(form, { fieldOf })
  const saving = form.formState.isSubmitting

  const submit = form.handleSubmit(async (v) => {
    try {
      const saved = await saveSettings(program, {
        contact: {
          account: v.account,
          phone_code: v.phone_code,
          phone_number: v.phone_number.replace(/\s+/g, ''),
          chamber: v.chamber,
          vat: v.vat,
          is_showed: v.is_showed,
          address: { country: v.country, state: v.state, city: v.city, address: v.address, zip: v.zip },
        },
        is_formal: v.is_formal,
        contact_line: v.contact_line,
        // The API keeps only the image's id: one uploaded in this visit replaces it, none keeps it.
        ...(v.image ? { image: v.image.uuid } : {}),
        window: { start: v.window_start, end: v.window_end, weekdays: [...v.weekdays].sort() },
        time_zone: v.time_zone,
      })
      queryClient.setQueryData<Ladder>(creditKeys.ladder(program), (old) =>
        old ? { ...old, settings: saved } : old,
      )
      void queryClient.invalidateQueries({ queryKey: creditKeys.ladder(program) })
      await onSaved(saved)
    } catch (error) {
      if (showFieldErrors(error).shown) return
      notify.error(creditErrorMessage(error))
    }
  })

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-6" data-testid="credit-settings-form">
        <fieldset disabled={saving || !hydrated} className="grid gap-6">
          <section className="grid gap-4" aria-labelledby="credit-contact-title">
            <div>
              <h3 id="credit-contact-title" className="font-medium">
                <Trans>Contact on bills</Trans>
              </h3>
              <p className="text-sm text-muted-foreground">
                <Trans>Who the card holder contacts about a bill and where to, printed on every bill.</Trans>
              </p>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextInput
                name="account"
                label={<Trans>Bank account (IBAN)</Trans>}
                hint={<Trans>For holders who pay by bank transfer.</Trans>}
              />
              <div className="grid grid-cols-[6rem_1fr] gap-2">
                <TextInput name="phone_code" label={<Trans>Code</Trans>} autoComplete="tel-country-code" />
                <TextInput name="phone_number" label={<Trans>Phone</Trans>} autoComplete="tel-national" />
              </div>
              <TextInput name="chamber" label={<Trans>Chamber of commerce number</Trans>} />
              <TextInput name="vat" label={<Trans>VAT number</Trans>} />
              <TextInput
                name="address"
                label={<Trans>Address</Trans>}
                autoComplete="street-address"
                className="sm:col-span-2"
              />
              <TextInput name="zip" label={<Trans>Postal code</Trans>} autoComplete="postal-code" />
              <TextInput name="city" label={<Trans>City</Trans>} autoComplete="address-level2" />
              <TextInput
                name="state"
                label={<Trans>Province or state</Trans>}
                autoComplete="address-level1"
              />
              <TextInput name="country" label={<Trans>Country</Trans>} autoComplete="country-name" />
            </div>
            <FormField
              control={form.control}
              name="is_showed"
              render={({ field }) => (
                <FormItem className="flex items-center gap-3">
                  <FormControl>
                    <Switch
                      checked={field.value}
                      onCheckedChange={field.onChange}
                      data-testid="credit-is_showed"
                    />
                  </FormControl>
                  <FormLabel className="font-normal">
                    <Trans>Show this contact on bills and in reminders</Trans>
                  </FormLabel>
                </FormItem>
              )}
            />
          </section>

          <section className="grid gap-4 border-t pt-5" aria-labelledby="credit-style-title">
            <h3 id="credit-style-title" className="font-medium">
              <Trans>Tone and look</Trans>
            </h3>
            <FormField
              control={form.control}
              name="is_formal"
              render={({ field }) => (
                <FormItem className="flex items-center gap-3">
                  <FormControl>
                    <Switch
                      checked={field.value}
                      onCheckedChange={field.onChange}
                      data-testid="credit-is_formal"
                    />
                  </FormControl>
                  <div className="grid gap-0.5">
                    <FormLabel className="font-normal">
                      <Trans>Formal tone</Trans>
                    </FormLabel>
                    <FormDescription>
                      <Trans>The system reminder texts address holders formally.</Trans>
                    </FormDescription>
                  </div>
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="contact_line"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    <Trans>Contact line</Trans>
                  </FormLabel>
                  <FormControl>
                    <Textarea rows={2} maxLength={500} {...field} data-testid="credit-contact_line" />
                  </FormControl>
                  <FormDescription>
                    <Trans>
                      Said under every reminder, e.g. "Questions? Call us on weekdays from 9 to 5."
                    </Trans>
                  </FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="image"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    <Trans>Logo on bills</Trans>
                  </FormLabel>
                  <CardImageField value={field.value ?? null} onChange={field.onChange} disabled={saving} />
                  <FormMessage />
                </FormItem>
              )}
            />
          </section>

          <section className="grid gap-4 border-t pt-5" aria-labelledby="credit-window-title">
            <div>
              <h3 id="credit-window-title" className="font-medium">
                <Trans>When reminders go out</Trans>
              </h3>
              <p className="text-sm text-muted-foreground">
                <Trans>
                  Reminders are sent within this window on the holder's own clock; one due outside it waits
                  for the window's next opening.
                </Trans>
              </p>
            </div>
            <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
              <FormField
                control={form.control}
                name="window_start"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>
                      <Trans>From</Trans>
                    </FormLabel>
                    <FormControl>
                      <Input
                        placeholder="09:00"
                        autoComplete="off"
                        {...field}
                        data-testid="credit-window-start"
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="window_end"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>
                      <Trans>Until</Trans>
                    </FormLabel>
                    <FormControl>
                      <Input
                        placeholder="18:00"
                        autoComplete="off"
                        {...field}
                        data-testid="credit-window-end"
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="time_zone"
                render={({ field }) => (
                  <FormItem className="col-span-2 sm:col-span-1">
                    <FormLabel>
                      <Trans>Time zone</Trans>
                    </FormLabel>
                    <FormControl>
                      <Input
                        list="credit-time-zones"
                        autoComplete="off"
                        {...field}
                        data-testid="credit-time-zone"
                      />
                    </FormControl>
                    <datalist id="credit-time-zones">
                      {zones().map((z) => (
                        <option key={z} value={z} />
                      ))}
                    </datalist>
                    <FormDescription>
                      <Trans>For holders whose own time zone is not known.</Trans>
                    </FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
            <FormField
              control={form.control}
              name="weekdays"
              render={({ field }) => (
                <FormItem>
                  <fieldset className="grid gap-2">
                    <legend className="mb-1 text-sm font-medium">
                      <Trans>Days</Trans>
                    </legend>
                    <div className="flex flex-wrap gap-x-5 gap-y-2">
                      {weekdayNames.map((name, i) => {
                        const day = i + 1
                        const id = `credit-weekday-${day}`
                        return (
                          <div key={day} className="flex items-center gap-2">
                            <Checkbox
                              id={id}
                              checked={field.value.includes(day)}
                              onCheckedChange={(on) =>
                                field.onChange(
                                  on ? [...field.value, day] : field.value.filter((d: number) => d !== day),
                                )
                              }
                              data-testid={id}
                            />
                            <label htmlFor={id} className="text-sm">
                              {i18n._(name)}
                            </label>
                          </div>
                        )
                      })}
                    </div>
                  </fieldset>
                  <FormMessage />
                </FormItem>
              )}
            />
          </section>
        </fieldset>
        {children(saving)}
      </form>
    </Form>
  )
}

/** The submit button of the settings form. */
export function SettingsSaveButton({ saving, label }: { saving: boolean; label: ReactNode }) {
  const hydrated = useHydrated()
  return (
    <Button type="submit" disabled={saving || !hydrated} aria-busy={saving} data-testid="wizard-next">
      {saving ? (
        <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
      ) : (
        <SaveIcon aria-hidden="true" />
      )}
      {label}
    </Button>
  )
}
