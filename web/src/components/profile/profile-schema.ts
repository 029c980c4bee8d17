import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import type { FieldIssue } from '~/lib/api.ts'
import type { Profile, UserType } from '~/lib/queries/types.ts'
import { type ProfileField, writableFields } from '../../../../modules/identity/shared.ts'

/**
 * The profile form's rules, the same as the API's (modules/identity/shared.ts) so that
 * mistakes show while typing; messages are Lingui ids. Every value is edited as text: an empty
 * optional field is saved as null.
 */
const tooLongMessage = msg`This is too long.`
const tooLong = tooLongMessage.id
const text = (max: number) => z.string().trim().max(max, { error: tooLong })
const phone = z
  .string()
  .trim()
  .refine((v) => v === '' || /^[0-9 ()-]{4,20}$/.test(v), {
    error: msg`Enter 4 to 20 digits; spaces, brackets and dashes are allowed.`.id,
  })
const phoneCode = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\+?[0-9]{1,4}$/.test(v), { error: msg`Enter a calling code such as +31.`.id })

const isWebAddress = (v: string) => {
  try {
    const url = new URL(v)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.')
  } catch {
    return false
  }
}

const fieldRules: Record<ProfileField, z.ZodType<string, string>> = {
  first_name: text(150).min(1, { error: msg`Enter your first name.`.id }),
  last_name: text(150).min(1, { error: msg`Enter your last name.`.id }),
  title: z.string(),
  language: z.string().min(1),
  phone,
  phone_code: phoneCode,
  description: text(2000),
  url: text(500).refine((v) => v === '' || isWebAddress(v), {
    error: msg`Enter a web address starting with https://.`.id,
  }),
  position: text(150),
  gender: z.string(),
  birth_date: z
    .string()
    .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && v >= '1900-01-01' && v <= today()), {
      error: msg`Enter a date of birth between 1900 and today.`.id,
    }),
  legal_type: z.string(),
  company_name: text(255),
  company_phone: phone,
  company_phone_code: phoneCode,
  company_reg_number: text(50),
  company_vat_number: text(50),
  country: text(100),
  state: text(100),
  city: text(100),
  address: text(255),
  zip: text(20),
  delivery_street: text(255),
  delivery_house: text(20),
  delivery_apartment: text(20),
  billing_country: text(100),
  billing_state: text(100),
  billing_city: text(100),
  billing_zip: text(20),
  billing_address: text(255),
}

function today() {
  return new Date().toISOString().slice(0, 10)
}

export type ProfileFormValues = Record<string, string>

/** The schema of the fields this user type may write (spec section 6). */
export function profileFormSchema(type: UserType) {
  const shape: Record<string, z.ZodType<string, string>> = {}
  for (const field of writableFields[type]) shape[field] = fieldRules[field]
  return z.object(shape)
}

export function profileFormValues(profile: Profile): ProfileFormValues {
  const values: ProfileFormValues = {}
  for (const field of writableFields[profile.type]) {
    const v = profile[field]
    values[field] = v === null || v === undefined ? '' : String(v)
  }
  if ('legal_type' in values && !values.legal_type) values.legal_type = '2'
  return values
}

const required = new Set<string>(['first_name', 'last_name', 'language', 'legal_type'])

/** The request body: only the changed fields, empty optional ones as null. */
export function profilePayload(values: ProfileFormValues, changed: Iterable<string>) {
  const body: Record<string, string | number | null> = {}
  for (const field of changed) {
    const value = (values[field] ?? '').trim()
    if (field === 'legal_type') body[field] = Number(value)
    else body[field] = value === '' && !required.has(field) ? null : value
  }
  return body
}

/**
 * The profile's words for the API's field errors (by the field and its code); anything else gets
 * the general words of `fieldIssueMessage`.
 */
export function profileWording(issue: FieldIssue, field: string): MessageDescriptor | undefined {
  switch (issue.code) {
    case 'required':
      if (field === 'first_name') return msg`Enter your first name.`
      if (field === 'last_name') return msg`Enter your last name.`
      if (field === 'old_password') return msg`Enter your current password.`
      return undefined
    case 'invalid_phone':
      return msg`Enter 4 to 20 digits; spaces, brackets and dashes are allowed.`
    case 'invalid_phone_code':
      return msg`Enter a calling code such as +31.`
    case 'invalid_format':
      if (field === 'phone_code' || field === 'company_phone_code')
        return msg`Enter a calling code such as +31.`
      if (field === 'url') return msg`Enter a web address starting with https://.`
      return undefined
    case 'implausible_birth_date':
      return msg`Enter a date of birth between 1900 and today.`
    case 'not_for_account_type':
      return msg`This field is not available for your account type.`
    case 'wrong_password':
      return msg`The current password is wrong.`
    case 'passwords_do_not_match':
      return msg`Passwords do not match.`
    case 'too_long':
      return tooLongMessage
    default:
      return undefined
  }
}
