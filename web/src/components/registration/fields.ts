import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { isValidPhoneNumber } from 'libphonenumber-js/max'
import { z } from 'zod'
import { passwordRules } from '~/components/profile/password-rules.ts'
import { ApiError } from '~/lib/api.ts'
import { apiMessage } from '~/lib/api-messages.ts'

/**
 * The registration and password screens' field rules, worded as the specification words them
 * (platform.md section 5, food.md "Validation messages"). Every message is a Lingui id, shown in
 * the current language by `FormMessage`. The rules mirror the API's (modules/identity/registration
 * /http/schemas.ts), so a form the screen accepts is one the API accepts; the API's own answers are
 * still shown under their fields (`applyServerErrors`).
 */

export const messages = {
  emailRequired: msg`Email required`,
  invalidEmail: msg`Invalid email`,
  codeRequired: msg`Confirmation code required`,
  wrongCode: msg`Wrong confirmation code`,
  required: msg`This field is required`,
  passwordRequired: msg`Password required`,
  passwordRule: msg`The password does not meet every rule below`,
  passwordsDoNotMatch: msg`Passwords do not match`,
  termsRequired: msg`Please accept the terms and the privacy statement`,
  invalidPhone: msg`Invalid phone number`,
  phoneCodeRequired: msg`Choose the country of the phone number`,
  invalidBirthDate: msg`Enter a valid birth date`,
  tooLong: msg`At most 150 characters`,
} satisfies Record<string, MessageDescriptor>

export const emailSchema = z
  .string()
  .trim()
  .min(1, { error: messages.emailRequired.id })
  .max(254, { error: messages.invalidEmail.id })
  .pipe(z.email({ error: messages.invalidEmail.id }))

/** The 6 digits of the e-mail; spaces typed or pasted along are dropped. */
export const codeSchema = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: messages.codeRequired.id, abort: true })
      .regex(/^\d{6}$/, { error: messages.wrongCode.id }),
  )

export const nameSchema = z
  .string()
  .trim()
  .min(1, { error: messages.required.id })
  .max(150, { error: messages.tooLong.id })

/** Password plus confirmation; the hint under the field names what is missing (`passwordRules`). */
export const newPasswordShape = {
  password: z
    .string()
    .min(1, { error: messages.passwordRequired.id, abort: true })
    .refine((p) => passwordRules.every((rule) => rule.test(p)), { error: messages.passwordRule.id }),
  password_confirmation: z.string(),
}

export function refineNewPassword(
  v: { password: string; password_confirmation: string },
  ctx: z.core.$RefinementCtx,
) {
  if (v.password !== v.password_confirmation)
    ctx.addIssue({
      code: 'custom',
      message: messages.passwordsDoNotMatch.id,
      path: ['password_confirmation'],
    })
}

/** A phone number with the calling code of `country` (ISO code), checked as the API checks it. */
export function checkPhone(
  ctx: z.core.$RefinementCtx,
  number: string,
  country: string,
  field: string,
  countryField: string,
) {
  const value = number.trim()
  if (!value) return
  if (!value.startsWith('+') && !country) {
    ctx.addIssue({ code: 'custom', message: messages.phoneCodeRequired.id, path: [countryField] })
    return
  }
  let valid = false
  try {
    valid = value.startsWith('+')
      ? isValidPhoneNumber(value)
      : isValidPhoneNumber(value, country.toUpperCase() as Parameters<typeof isValidPhoneNumber>[1])
  } catch {
    valid = false
  }
  if (!valid) ctx.addIssue({ code: 'custom', message: messages.invalidPhone.id, path: [field] })
}

/** API messages of registration beyond the general ones of `api-messages.ts`. */
const registrationMessages: Record<string, MessageDescriptor> = {
  'terms must be accepted': messages.termsRequired,
  'invalid phone number': messages.invalidPhone,
  'invalid phone code': messages.phoneCodeRequired,
  'phone is required': messages.required,
  'phone required': messages.required,
  'first name required': messages.required,
  'last name required': messages.required,
  'country required': messages.required,
  'company name required': msg`Company name required`,
  'unsupported country': msg`We do not serve this country yet`,
  'invalid country': msg`Choose a country from the list`,
  'password required': messages.passwordRequired,
  'password must be at least 8 characters': msg`At least 8 characters`,
  'password must contain an upper-case letter': msg`An upper-case letter`,
  'password must contain a lower-case letter': msg`A lower-case letter`,
  'password must contain a digit': msg`A digit`,
  'not a plausible birth date': messages.invalidBirthDate,
  'a date as yyyy-mm-dd': messages.invalidBirthDate,
  'at most 150 characters': messages.tooLong,
}

/** The localized wording of an API message, or undefined when the screens do not know it. */
export function registrationMessage(text: string): MessageDescriptor | undefined {
  return apiMessage(text) ?? registrationMessages[text.trim().toLowerCase()]
}

/**
 * The per-field messages of a 400 answer, keyed by the form's field names (`rename` maps API
 * field names to form ones). Answers the message ids (or the API's words when unknown).
 */
export function serverFieldErrors(
  error: unknown,
  rename: Record<string, string> = {},
): Record<string, string> {
  if (!(error instanceof ApiError)) return {}
  const out: Record<string, string> = {}
  for (const [field, list] of Object.entries(error.fields)) {
    const first = list[0]
    if (!first) continue
    out[rename[field] ?? field] = registrationMessage(first)?.id ?? first
  }
  return out
}

/** Seconds from a 429 answer (Retry-After), else undefined. */
export const retryAfterOf = (error: unknown): number | undefined =>
  error instanceof ApiError && error.status === 429 ? (error.retryAfter ?? 60) : undefined
