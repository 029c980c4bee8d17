import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { BuildingIcon, UserIcon, UserPlusIcon } from 'lucide-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { z } from 'zod'
import { NewPasswordFields } from '~/components/auth/password-fields.tsx'
import { SubmitButton } from '~/components/auth/submit-button.tsx'
import { CountryField } from '~/components/profile/country-field.tsx'
import { TextField } from '~/components/profile/fields.tsx'
import { Form, FormField, FormItem, FormLabel, FormMessage, useZodForm } from '~/components/ui/form.tsx'
import { ApiError } from '~/lib/api.ts'
import { describeApiError } from '~/lib/api-messages.ts'
import { notify } from '~/lib/notify.tsx'
import { countriesQueryOptions } from '~/lib/queries/geo.ts'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { cn } from '~/lib/utils.ts'
import { clearDraft, readDraft, saveDetails } from './draft.ts'
import {
  checkPhone,
  messages,
  nameSchema,
  newPasswordShape,
  refineNewPassword,
  registrationWording,
} from './fields.ts'
import { PhoneField, phoneCodeOf } from './phone-field.tsx'
import { completeSignup, signupCountries } from './registration-api.ts'
import { LinkExpiredNotice, SignInFooter, StepCard } from './step-card.tsx'
import { TermsField } from './terms-field.tsx'
import { UnsupportedCountry } from './unsupported-country.tsx'

const optional = (max: number) => z.string().trim().max(max, { error: messages.tooLong.id })

const schema = z
  .object({
    legal_type: z.enum(['1', '2']),
    company_name: optional(255),
    company_reg_number: optional(50),
    company_vat_number: optional(50),
    first_name: nameSchema,
    last_name: nameSchema,
    country: z.string().min(1, { error: messages.required.id }),
    phone_country: z.string(),
    phone: z.string().trim().min(1, { error: messages.required.id }),
    ...newPasswordShape,
    terms: z.boolean().refine((v) => v, { error: messages.termsRequired.id }),
  })
  .superRefine((v, ctx) => {
    refineNewPassword(v, ctx)
    if (v.legal_type === '1' && !v.company_name)
      ctx.addIssue({ code: 'custom', message: msg`Company name required`.id, path: ['company_name'] })
    checkPhone(ctx, v.phone, v.phone_country, 'phone', 'phone_country')
  })

type Values = z.input<typeof schema>
type Field = keyof Values

const emptyValues: Values = {
  legal_type: '1',
  company_name: '',
  company_reg_number: '',
  company_vat_number: '',
  first_name: '',
  last_name: '',
  country: '',
  phone_country: '',
  phone: '',
  password: '',
  password_confirmation: '',
  terms: false,
}

/** API field names that the form calls otherwise. */

/**
 * Step two of the program owner's and the acceptor's registration: company or individual (with
 * the company's fields), the person, the country (one the platform serves, else the visitor may
 * leave the e-mail to hear when it opens), phone, password and terms. On success the browser is
 * signed in and goes to the portal's home.
 */
export function BusinessDetails({
  portal,
  onDone,
  onExpired,
}: {
  portal: 'programs' | 'acceptor'
  onDone: () => void
  /** The signup token has expired or was used: start again from a new code. */
  onExpired: () => void
}) {
  const { t, i18n } = useLingui()
  const draft = readDraft(portal)
  const [expired, setExpired] = useState(false)
  const countries = useQuery(countriesQueryOptions(i18n.locale))
  const supported = useQuery({
    queryKey: ['signup', 'countries'],
    queryFn: signupCountries,
    staleTime: Infinity,
  })
  const form = useZodForm(schema, {
    mode: 'onChange',
    defaultValues: { ...emptyValues, ...(draft.details as Partial<Values> | undefined) },
  })
  // The calling code is chosen as a country here (`phone_country`).
  const showFieldErrors = useFieldErrors(form, {
    fieldOf: (path) => {
      const name = path === 'phone_code' ? 'phone_country' : path
      return name in emptyValues ? (name as Field) : undefined
    },
    wording: registrationWording,
  })
  const submitting = form.formState.isSubmitting
  const legalType = useWatch({ control: form.control, name: 'legal_type' })
  const country = useWatch({ control: form.control, name: 'country' }) ?? ''

  // Whatever is typed survives going back and a reload (never the password: see draft.ts).
  useEffect(() => {
    const sub = form.watch((values) => saveDetails(portal, values))
    return () => sub.unsubscribe()
  }, [form, portal])

  // The phone's country follows the country until the visitor chooses another one for the phone.
  const previousCountry = useRef(country)
  useEffect(() => {
    const phoneCountry = form.getValues('phone_country')
    if (country && (!phoneCountry || phoneCountry === previousCountry.current))
      form.setValue('phone_country', country, { shouldValidate: !!form.getValues('phone') })
    previousCountry.current = country
  }, [country, form])

  const unsupported =
    !!country && !!supported.data && !supported.data.supported_countries.includes(country.toUpperCase())

  const onSubmit = form.handleSubmit(async (values) => {
    setExpired(false)
    const token = readDraft(portal).signupToken
    if (!token) {
      setExpired(true)
      return
    }
    const company = values.legal_type === '1'
    const invite = readDraft(portal).invite
    try {
      await completeSignup(portal, {
        signup_token: token,
        legal_type: Number(values.legal_type),
        first_name: values.first_name,
        last_name: values.last_name,
        ...(company
          ? {
              company_name: values.company_name,
              ...(values.company_reg_number ? { company_reg_number: values.company_reg_number } : {}),
              ...(values.company_vat_number ? { company_vat_number: values.company_vat_number } : {}),
            }
          : {}),
        country: values.country,
        phone: values.phone,
        ...(values.phone.startsWith('+')
          ? {}
          : { phone_code: phoneCodeOf(countries.data, values.phone_country) }),
        password: values.password,
        password_confirmation: values.password_confirmation,
        terms: values.terms,
        remember: true,
        ...(portal === 'acceptor' && invite ? { invite_token: invite } : {}),
      })
      clearDraft(portal)
      notify.success(msg`Welcome! Your account is ready.`)
      onDone()
    } catch (error) {
      if (error instanceof ApiError && error.reason === 'link_expired') {
        setExpired(true)
        return
      }
      if (!showFieldErrors(error).shown) notify.error(describeApiError(error))
    }
  })

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="registration-details-form">
        {expired && (
          <LinkExpiredNotice testId="signup-expired" onNewCode={onExpired}>
            <Trans>The confirmation of your e-mail address is no longer valid. Ask for a new code.</Trans>
          </LinkExpiredNotice>
        )}
        <fieldset disabled={submitting} className="grid gap-5">
          <FormField
            control={form.control}
            name="legal_type"
            render={({ field }) => (
              <FormItem>
                <FormLabel>
                  <Trans>You register as</Trans>
                </FormLabel>
                <div role="radiogroup" aria-label={t`You register as`} className="grid grid-cols-2 gap-2">
                  {(
                    [
                      ['1', <Trans key="c">A company</Trans>, BuildingIcon],
                      ['2', <Trans key="i">An individual</Trans>, UserIcon],
                    ] as const
                  ).map(([value, label, Icon]) => (
                    <label
                      key={value}
                      className={cn(
                        'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2.5 text-sm transition-colors',
                        'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/30',
                        field.value === value
                          ? 'border-primary-500 bg-primary-50 font-medium text-primary-800'
                          : 'border-input hover:bg-muted',
                      )}
                    >
                      <input
                        type="radio"
                        name={field.name}
                        value={value}
                        checked={field.value === value}
                        onChange={() => field.onChange(value)}
                        className="sr-only"
                        data-testid={`legal-type-${value}`}
                      />
                      <Icon aria-hidden="true" className="size-4" />
                      {label}
                    </label>
                  ))}
                </div>
                <FormMessage />
              </FormItem>
            )}
          />
          {legalType === '1' && (
            <div className="grid gap-4 rounded-lg border border-dashed p-3.5">
              <TextField
                name="company_name"
                label={<Trans>Company name</Trans>}
                autoComplete="organization"
              />
              <div className="grid grid-cols-2 gap-3">
                <TextField name="company_reg_number" label={<Trans>Registration no.</Trans>} />
                <TextField name="company_vat_number" label={<Trans>VAT no.</Trans>} />
              </div>
            </div>
          )}
          <div className="grid grid-cols-2 gap-3">
            <TextField name="first_name" label={<Trans>First name</Trans>} autoComplete="given-name" />
            <TextField name="last_name" label={<Trans>Last name</Trans>} autoComplete="family-name" />
          </div>
          <CountryField name="country" label={<Trans>Country</Trans>} />
          {unsupported && <UnsupportedCountry portal={portal} country={country} />}
          <PhoneField numberName="phone" countryName="phone_country" label={<Trans>Phone number</Trans>} />
          <NewPasswordFields />
          <TermsField />
        </fieldset>
        <SubmitButton submitting={submitting} disabled={unsupported}>
          <UserPlusIcon aria-hidden="true" />
          {submitting ? <Trans>Creating your account…</Trans> : <Trans>Create account</Trans>}
        </SubmitButton>
      </form>
    </Form>
  )
}

/** The card of the business registrations' last step (acceptor, program owner): "Your details". */
export function BusinessDetailsCard({
  confirmedEmail,
  children,
}: {
  confirmedEmail: string | undefined
  children: ReactNode
}) {
  return (
    <StepCard
      step={2}
      of={2}
      title={<Trans>Your details</Trans>}
      description={
        confirmedEmail ? (
          <Trans>
            Confirmed: <strong>{confirmedEmail}</strong>. Tell us who you are and choose a password.
          </Trans>
        ) : undefined
      }
      footer={<SignInFooter />}
      testId="registration-details"
    >
      {children}
    </StepCard>
  )
}
