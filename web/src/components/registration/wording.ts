import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { FieldIssue } from '~/lib/api.ts'

/**
 * The registration and password screens' words (fields.ts has their rules). Apart from the rules,
 * so the sign-in page can word the API's answers without loading the phone number checker the
 * registration rules need (libphonenumber-js, 42 KiB compressed).
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
