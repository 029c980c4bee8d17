import type { Context } from 'hono'
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { z } from '../../../platform/http.ts'
import { localeFromAcceptLanguage, localeSchema } from '../../../platform/locales.ts'
import type { AppEnv } from '../../../platform/module.ts'
import { phoneRefusalCode, validatePhone } from '../../../reference/index.ts'

/** The specification's e-mail messages: "email required", "invalid email". */
export const emailField = z
  .string({ message: 'email required' })
  .trim()
  .min(1, 'email required')
  .max(254, 'invalid email')
  .pipe(z.email('invalid email'))
  .openapi({ example: 'anna@example.com' })

export const languageField = localeSchema.optional().openapi({
  description: 'Language of the e-mails and of the new account; default: Accept-Language, else nl',
})

export const codeField = z
  .string({ message: 'confirmation code required' })
  .trim()
  .min(1, { message: 'confirmation code required', abort: true })
  .regex(/^\d{6}$/, 'wrong confirmation code')
  .openapi({ description: 'The 6 digits from the e-mail', example: '042917' })

export const signupTokenField = z
  .string({ message: 'link expired' })
  .min(1, 'link expired')
  .max(200, 'link expired')
  .openapi({ description: 'The `signup_token` answered by the code call (single use, 30 minutes)' })

export const termsField = z
  .literal(true, { message: 'terms must be accepted' })
  .openapi({ description: 'The terms and privacy statement were accepted (must be true)' })

export const rememberField = z
  .boolean()
  .default(true)
  .openapi({ description: 'Keep me signed in (30 days; else 12 hours)' })

export const countryField = z
  .string({ message: 'country required' })
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'invalid country')
  .transform((v) => v.toUpperCase())
  .openapi({ description: 'ISO 3166-1 alpha-2 code', example: 'NL' })

const name = (what: string) =>
  z
    .string({ message: `${what} required` })
    .trim()
    .min(1, `${what} required`)
    .max(150, 'at most 150 characters')

export const firstNameField = name('first name')
export const lastNameField = name('last name')

export const phoneField = z
  .string({ message: 'phone required' })
  .trim()
  .min(1, 'phone required')
  .max(30, 'invalid phone number')
  .openapi({
    description: 'The number without the country calling code, or in international form',
    example: '612345678',
  })
export const phoneCodeField = z
  .string()
  .trim()
  .regex(/^\+?[0-9]{1,4}$/, 'invalid phone code')
  .openapi({ description: 'Country calling code', example: '+31' })

/**
 * A phone number checked as profiles check it (`validatePhone` of the reference module,
 * libphonenumber-js with full metadata): `code` + `number`, or `number` alone in international
 * form. Answers the number as profiles store it (national digits and `+code`), or the message.
 */
export function normalizePhone(number: string, code: string | undefined | null) {
  const check = validatePhone(code, number)
  if (!check.ok) return { ok: false as const, message: check.message, code: phoneRefusalCode(check) }
  const parsed = parsePhoneNumberFromString(check.e164)!
  return {
    ok: true as const,
    phone: parsed.nationalNumber as string,
    phone_code: `+${parsed.countryCallingCode}`,
  }
}

/** A zod check that adds the phone message ("invalid phone number", ...) to `field`. */
export function checkPhone(
  ctx: z.core.$RefinementCtx,
  number: string | undefined | null,
  code: string | undefined | null,
  field: string,
) {
  if (!number) return
  const result = normalizePhone(number, code)
  if (!result.ok)
    ctx.addIssue({ code: 'custom', message: result.message, params: { code: result.code }, path: [field] })
}

/** The stored form of a phone number `checkPhone` accepted. */
export function storedPhone(number: string, code: string | undefined | null) {
  const result = normalizePhone(number, code)
  if (!result.ok) throw new Error('phone number not checked')
  return { phone: result.phone, phone_code: result.phone_code }
}

/** The language of a registration's e-mails: the body's, else Accept-Language's, else Dutch. */
export const requestLanguage = (c: Context<AppEnv>, language: string | undefined) =>
  language ?? localeFromAcceptLanguage(c.req.header('accept-language'))

export const commandContext = (c: Context<AppEnv>) => ({
  actor: c.get('actor'),
  requestId: c.get('requestId'),
  log: c.get('log'),
})

export const acceptedSchema = z
  .object({
    email: z.string(),
    expires_in_minutes: z.number().int().openapi({ description: 'How long the e-mailed code stays valid' }),
    resend_after_seconds: z.number().int().openapi({ description: 'When resend may be asked for' }),
  })
  .openapi('SignupCodeSent')
