import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { isValidPhoneNumber } from 'libphonenumber-js/max'
import { z } from 'zod'
import { passwordRules } from '~/components/profile/password-rules.ts'
import { ApiError, type FieldIssue } from '~/lib/api.ts'

/**
 * The registration and password screens' field rules, worded as the specification words them
 * (platform.md section 5, food.md "Validation messages"). Every message is a Lingui id, shown in
 * the current language by `FormMessage`. The rules mirror the API's (modules/identity/registration
 * /http/schemas.ts), so a form the screen accepts is one the API accepts; the API's own answers are
 * still shown under their fields (`useFieldErrors`, in these words: `registrationWording`).
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

/**
 * The registration screens' words for the API's field errors, where the specification words them
 * differently from the general ones (`fieldIssueMessage`): "Email required" rather than "This field
 * is required". By field and code; everything else gets the general words.
 */
export function registrationWording(issue: FieldIssue, field: string): MessageDescriptor | undefined {
  // `field` is the API's name of the field (`phone_code`), whatever the form calls it.
  const { code } = issue
  if (field === 'email') {
    if (code === 'required') return messages.emailRequired
    if (code === 'invalid_format' || code === 'too_long') return messages.invalidEmail
  }
  if (field === 'code') {
    if (code === 'required') return messages.codeRequired
    if (code === 'invalid_format') return messages.wrongCode
  }
  if (field === 'password') {
    if (code === 'required') return messages.passwordRequired
    if (code === 'too_short' || code === 'invalid_format') return messages.passwordRule
  }
  if (field === 'terms') return messages.termsRequired
  if (field === 'birth_date' && (code === 'invalid_format' || code === 'invalid'))
    return messages.invalidBirthDate
  if (field === 'country' && code === 'invalid_format') return msg`Choose a country from the list`
  if (field === 'company_name' && code === 'required') return msg`Company name required`
  if (code === 'too_long' && issue.params?.maximum === 150) return messages.tooLong
  return undefined
}

/** Seconds from a 429 answer (Retry-After), else undefined. */
export const retryAfterOf = (error: unknown): number | undefined =>
  error instanceof ApiError && error.status === 429 ? (error.retryAfter ?? 60) : undefined
