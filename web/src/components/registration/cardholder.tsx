import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Navigate, useNavigate } from '@tanstack/react-router'
import { ArrowLeftIcon, ArrowRightIcon, UserPlusIcon } from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { z } from 'zod'
import { NewPasswordFields } from '~/components/auth/password-fields.tsx'
import { DateInputField, SelectField, TextField } from '~/components/profile/fields.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Form, useZodForm } from '~/components/ui/form.tsx'
import { ApiError } from '~/lib/api.ts'
import { describeApiError } from '~/lib/api-messages.ts'
import { homePath } from '~/lib/guard.ts'
import { notify } from '~/lib/notify.tsx'
import { countriesQueryOptions } from '~/lib/queries/geo.ts'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { genders } from '../../../../modules/identity/shared.ts'
import { CheckEmail } from './check-email.tsx'
import { clearDraft, liveSignupToken, readDraft, saveDetails, useDraft, writeDraft } from './draft.ts'
import { EmailStep } from './email-step.tsx'
import {
  checkPhone,
  messages,
  nameSchema,
  newPasswordShape,
  refineNewPassword,
  registrationWording,
} from './fields.ts'
import { PhoneField, phoneCodeOf } from './phone-field.tsx'
import { NeedsEmail } from './program-owner.tsx'
import { completeSignup } from './registration-api.ts'
import { LinkExpiredNotice, SignInFooter, StepCard } from './step-card.tsx'
import { TermsField } from './terms-field.tsx'

/**
 * The card holder's registration, the steps of food.md's "Card holder registration draft":
 * e-mail (/registration) → code (/registration/check-email) → phone → terms → name, birth date and
 * gender (/registration?step=…) → password (/registration/password), which creates the account.
 * Each step keeps its values in the tab's draft (draft.ts), so going back or reloading loses nothing.
 */
export const cardholderSteps = ['phone', 'terms', 'personal'] as const
export type CardholderStep = (typeof cardholderSteps)[number]

const totalSteps = 6
const stepNumber: Record<CardholderStep | 'email' | 'code' | 'password', number> = {
  email: 1,
  code: 2,
  phone: 3,
  terms: 4,
  personal: 5,
  password: 6,
}
/** Which step asks for each field the API may answer about. */
const stepOfField: Record<string, CardholderStep> = {
  phone: 'phone',
  phone_country: 'phone',
  terms: 'terms',
  first_name: 'personal',
  last_name: 'personal',
  birth_date: 'personal',
  gender: 'personal',
}

export function CardholderEmail() {
  const navigate = useNavigate()
  return (
    <StepCard
      step={stepNumber.email}
      of={totalSteps}
      title={<Trans>Create your account</Trans>}
      description={<Trans>Start with your e-mail address. We send you a code to confirm it.</Trans>}
      footer={<SignInFooter />}
      testId="registration-email"
    >
      <EmailStep portal="cardholder" onSent={() => void navigate({ to: '/registration/check-email' })} />
    </StepCard>
  )
}

export function CardholderCheckEmail() {
  const navigate = useNavigate()
  return (
    <StepCard
      step={stepNumber.code}
      of={totalSteps}
      title={<Trans>Check your e-mail</Trans>}
      description={<Trans>Enter the code from the e-mail to confirm your address.</Trans>}
      footer={<SignInFooter />}
      testId="registration-check-email"
    >
      <NeedsEmail portal="cardholder">
        <CheckEmail
          portal="cardholder"
          onConfirmed={() => void navigate({ to: '/registration', search: { step: 'phone' } })}
          onChangeEmail={() => void navigate({ to: '/registration' })}
        />
      </NeedsEmail>
    </StepCard>
  )
}

/** Renders a later step only with a confirmed e-mail; else to the code or the e-mail step. */
function NeedsConfirmation({ children }: { children: ReactNode }) {
  const draft = useDraft('cardholder')
  if (liveSignupToken(draft)) return <>{children}</>
  return <Navigate to={draft.email ? '/registration/check-email' : '/registration'} replace />
}

/** The form's name of an API field: the phone's calling code is chosen as a country here. */
const formField = (path: string) => (path === 'phone_code' ? 'phone_country' : path)

/** Fills the form from the draft, saves it there while typing, and shows the API's errors kept for it. */
function useDraftForm<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>) {
  const showFieldErrors = useFieldErrors(form, {
    fieldOf: (path) => {
      const name = formField(path)
      return name in (form.getValues() ?? {}) ? (name as Path<T>) : undefined
    },
    wording: registrationWording,
  })
  useEffect(() => {
    const { errors } = readDraft('cardholder')
    if (errors) {
      const names = new Set(Object.keys(form.getValues()))
      showFieldErrors(new ApiError({ status: 400, code: 'validation_failed', message: '', fields: errors }))
      const rest = Object.fromEntries(Object.entries(errors).filter(([path]) => !names.has(formField(path))))
      writeDraft('cardholder', { errors: Object.keys(rest).length ? rest : undefined })
    }
    const sub = form.watch((values) => saveDetails('cardholder', values))
    return () => sub.unsubscribe()
  }, [form, showFieldErrors])
}

const stepSchemas = {
  phone: z
    .object({ phone_country: z.string(), phone: z.string().trim().min(1, { error: messages.required.id }) })
    .superRefine((v, ctx) => checkPhone(ctx, v.phone, v.phone_country, 'phone', 'phone_country')),
  terms: z.object({ terms: z.boolean().refine((v) => v, { error: messages.termsRequired.id }) }),
  personal: z.object({
    first_name: nameSchema,
    last_name: nameSchema,
    birth_date: z
      .string()
      .min(1, { error: messages.required.id })
      .refine((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && d >= '1900-01-01' && d <= today(), {
        error: messages.invalidBirthDate.id,
      }),
    gender: z.enum(genders),
  }),
}

const today = () => new Date().toISOString().slice(0, 10)

const defaults = {
  phone: { phone_country: 'NL', phone: '' },
  terms: { terms: false },
  personal: { first_name: '', last_name: '', birth_date: '', gender: 'male' as const },
}

const fromDraft = <K extends CardholderStep>(step: K): (typeof defaults)[K] => {
  const details = readDraft('cardholder').details ?? {}
  const base = defaults[step] as Record<string, unknown>
  const out: Record<string, unknown> = { ...base }
  for (const key of Object.keys(base)) if (details[key] !== undefined) out[key] = details[key]
  return out as (typeof defaults)[K]
}

export function CardholderStepScreen({ step }: { step: CardholderStep }) {
  const titles: Record<CardholderStep, { title: ReactNode; description: ReactNode }> = {
    phone: {
      title: <Trans>Your phone number</Trans>,
      description: <Trans>We use it to reach you about your orders and cards.</Trans>,
    },
    terms: {
      title: <Trans>Terms of use</Trans>,
      description: <Trans>Please read and accept the terms to continue.</Trans>,
    },
    personal: {
      title: <Trans>About you</Trans>,
      description: <Trans>Your name as it appears on your cards and orders.</Trans>,
    },
  }
  return (
    <StepCard
      step={stepNumber[step]}
      of={totalSteps}
      title={titles[step].title}
      description={titles[step].description}
      footer={<SignInFooter />}
      testId={`registration-${step}`}
    >
      <NeedsConfirmation>
        {step === 'phone' && <PhoneStep />}
        {step === 'terms' && <TermsStep />}
        {step === 'personal' && <PersonalStep />}
      </NeedsConfirmation>
    </StepCard>
  )
}

function StepButtons({ onBack, submitting }: { onBack: () => void; submitting?: boolean }) {
  return (
    <div className="grid grid-cols-[auto_1fr] gap-2">
      <Button type="button" variant="outline" size="lg" onClick={onBack} disabled={submitting}>
        <ArrowLeftIcon aria-hidden="true" />
        <Trans>Back</Trans>
      </Button>
      <Button type="submit" size="lg" disabled={submitting} aria-busy={submitting}>
        <Trans>Continue</Trans>
        <ArrowRightIcon aria-hidden="true" />
      </Button>
    </div>
  )
}

function PhoneStep() {
  const navigate = useNavigate()
  const form = useZodForm(stepSchemas.phone, { mode: 'onChange', defaultValues: fromDraft('phone') })
  useDraftForm(form)
  const onSubmit = form.handleSubmit(() => navigate({ to: '/registration', search: { step: 'terms' } }))
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="registration-phone-form">
        <PhoneField numberName="phone" countryName="phone_country" label={<Trans>Phone number</Trans>} />
        <StepButtons onBack={() => void navigate({ to: '/registration/check-email' })} />
      </form>
    </Form>
  )
}

function TermsStep() {
  const navigate = useNavigate()
  const form = useZodForm(stepSchemas.terms, { mode: 'onChange', defaultValues: fromDraft('terms') })
  useDraftForm(form)
  const onSubmit = form.handleSubmit(() => navigate({ to: '/registration', search: { step: 'personal' } }))
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="registration-terms-form">
        <div className="rounded-lg border bg-muted/40 px-3.5 py-3 text-[13px] leading-relaxed text-muted-foreground">
          <p>
            <Trans>
              Your account lets you order and pay at the places that take part in Cardpay programs, keep your
              cards and bills together and follow the feed. We keep your name, e-mail address, phone number
              and birth date to run your account and your orders, and we never sell them. You can close your
              account at any time.
            </Trans>
          </p>
        </div>
        <TermsField />
        <StepButtons onBack={() => void navigate({ to: '/registration', search: { step: 'phone' } })} />
      </form>
    </Form>
  )
}

function PersonalStep() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const form = useZodForm(stepSchemas.personal, { mode: 'onChange', defaultValues: fromDraft('personal') })
  useDraftForm(form)
  const onSubmit = form.handleSubmit(() => navigate({ to: '/registration/password' }))
  const genderLabels: Record<(typeof genders)[number], string> = {
    male: t`Male`,
    female: t`Female`,
    other: t`Other`,
  }
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="registration-personal-form">
        <div className="grid grid-cols-2 gap-3">
          <TextField name="first_name" label={<Trans>First name</Trans>} autoComplete="given-name" />
          <TextField name="last_name" label={<Trans>Last name</Trans>} autoComplete="family-name" />
        </div>
        <DateInputField name="birth_date" label={<Trans>Birth date</Trans>} autoComplete="bday" years />
        <SelectField
          name="gender"
          label={<Trans>Gender</Trans>}
          options={genders.map((value) => ({ value, label: genderLabels[value] }))}
        />
        <StepButtons onBack={() => void navigate({ to: '/registration', search: { step: 'terms' } })} />
      </form>
    </Form>
  )
}

const passwordSchema = z.object(newPasswordShape).superRefine(refineNewPassword)

/** /registration/password: the last step; sends everything and signs the new card holder in. */
export function CardholderPassword() {
  return (
    <StepCard
      step={stepNumber.password}
      of={totalSteps}
      title={<Trans>Choose a password</Trans>}
      description={<Trans>You sign in with your e-mail address and this password.</Trans>}
      footer={<SignInFooter />}
      testId="registration-password"
    >
      <NeedsConfirmation>
        <PasswordStep />
      </NeedsConfirmation>
    </StepCard>
  )
}

function PasswordStep() {
  const { i18n } = useLingui()
  const navigate = useNavigate()
  const countries = useQuery(countriesQueryOptions(i18n.locale))
  const [expired, setExpired] = useState(false)
  const form = useZodForm(passwordSchema, {
    mode: 'onChange',
    defaultValues: { password: '', password_confirmation: '' },
  })
  const showFieldErrors = useFieldErrors(form, { wording: registrationWording })
  const submitting = form.formState.isSubmitting

  const onSubmit = form.handleSubmit(async (values) => {
    const draft = readDraft('cardholder')
    const details: Record<string, unknown> = {
      ...defaults.phone,
      ...defaults.terms,
      ...defaults.personal,
      ...draft.details,
    }
    // A step skipped (an address typed by hand): back to the first one that is not complete.
    for (const step of cardholderSteps) {
      if (!stepSchemas[step].safeParse(details).success) {
        await navigate({ to: '/registration', search: { step } })
        return
      }
    }
    const phone = String(details.phone ?? '').trim()
    try {
      await completeSignup('cardholder', {
        signup_token: draft.signupToken,
        phone,
        ...(phone.startsWith('+')
          ? {}
          : { phone_code: phoneCodeOf(countries.data, String(details.phone_country)) }),
        terms: details.terms === true,
        first_name: details.first_name,
        last_name: details.last_name,
        birth_date: details.birth_date,
        gender: details.gender ?? 'male',
        password: values.password,
        password_confirmation: values.password_confirmation,
        remember: true,
      })
      clearDraft('cardholder')
      notify.success(msg`Welcome! Your account is ready.`)
      await navigate({ to: homePath('cardholder'), replace: true })
    } catch (error) {
      if (error instanceof ApiError && error.reason === 'link_expired') {
        setExpired(true)
        return
      }
      if (showFieldErrors(error).shown) return
      const fields = error instanceof ApiError ? error.fields : {}
      const earlier = Object.keys(fields).find((path) => stepOfField[formField(path)])
      if (earlier) {
        writeDraft('cardholder', { errors: fields })
        notify.error(msg`Please check this step again.`)
        await navigate({ to: '/registration', search: { step: stepOfField[formField(earlier)] } })
        return
      }
      notify.error(describeApiError(error))
    }
  })

  if (expired) {
    return (
      <LinkExpiredNotice
        testId="signup-expired"
        onNewCode={() => void navigate({ to: '/registration/resend' })}
      >
        <Trans>
          The confirmation of your e-mail address is no longer valid. Ask for a new code; what you entered is
          kept.
        </Trans>
      </LinkExpiredNotice>
    )
  }

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="registration-password-form">
        <fieldset disabled={submitting} className="grid gap-5">
          <NewPasswordFields autoFocus />
        </fieldset>
        <div className="grid grid-cols-[auto_1fr] gap-2">
          <Button
            type="button"
            variant="outline"
            size="lg"
            disabled={submitting}
            onClick={() => void navigate({ to: '/registration', search: { step: 'personal' } })}
          >
            <ArrowLeftIcon aria-hidden="true" />
            <Trans>Back</Trans>
          </Button>
          <Button type="submit" size="lg" disabled={submitting} aria-busy={submitting}>
            <UserPlusIcon aria-hidden="true" />
            {submitting ? <Trans>Creating your account…</Trans> : <Trans>Create account</Trans>}
          </Button>
        </div>
      </form>
    </Form>
  )
}
