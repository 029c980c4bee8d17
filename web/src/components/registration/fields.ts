import { isValidPhoneNumber } from 'libphonenumber-js/max'
import { z } from 'zod'
import { passwordRules } from '~/components/profile/password-rules.ts'
import { ApiError } from '~/lib/api.ts'
import { messages } from './wording.ts'

export { messages, registrationWording } from './wording.ts'

/**
 * The registration and password screens' field rules, worded as the specification words them
 * (platform.md section 5, food.md "Validation messages"). Every message is a Lingui id, shown in
 * the current language by `FormMessage`. The rules mirror the API's (modules/identity/registration
 * /http/schemas.ts), so a form the screen accepts is one the API accepts; the API's own answers are
 * still shown under their fields (`useFieldErrors`, in these words: `registrationWording`).
 */

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

/** Seconds from a 429 answer (Retry-After), else undefined. */
export const retryAfterOf = (error: unknown): number | undefined =>
  error instanceof ApiError && error.status === 429 ? (error.retryAfter ?? 60) : undefined
