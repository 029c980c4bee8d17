import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { formatMoney } from '~/lib/money.ts'
import { ApiError, type ErrorParams, type FieldIssue } from './api.ts'
import type { ErrorReason, FieldErrorCode } from './api-types.gen.ts'

/**
 * The API's refusals in the reader's language, from their codes: `reason` (the modules' closed
 * lists, `ErrorReason`) and the code of each field error (`FieldErrorCode`), with the numbers from
 * `params`. The API's English `message` is never read.
 */

export const serverErrorMessage = msg`Server error, please try again later`
export const genericErrorMessage = msg`Something went wrong, please try again later`
export const networkErrorMessage = msg`No connection to the server. Check your connection and try again.`

type ReasonMessages = Partial<Record<ErrorReason, MessageDescriptor>>

/**
 * Refusals any screen may meet, by the API's `reason`; screens add their own wording on top. Those
 * only the portal screens meet are in portal-api-messages.ts, in the portal's catalog.
 */
const reasonMessages: ReasonMessages = {
  invalid_credentials: msg`Invalid email or password`,
  wrong_portal: msg`This account does not belong to this portal`,
  account_disabled: msg`This account has been disabled`,
  token_invalid: msg`Token no longer valid, enter a new one`,
  session_ended: msg`Your session has ended. Please sign in again.`,
  email_already_registered: msg`Email already registered`,
  cardholder_already_registered: msg`Cardholder already registered`,
  link_expired: msg`Link expired`,
  wrong_confirmation_code: msg`Wrong confirmation code`,
  unsupported_country: msg`We do not serve this country yet`,
  wrong_password: msg`The current password is wrong.`,
  platform_provider_missing: msg`Payments to the platform cannot be taken yet: no payment provider is set up for the platform. An administrator sets it up under Finances → Payment provider.`,
  program_blocked: msg`This program is blocked: it cannot be used or changed until it is unblocked.`,
  program_expired: msg`This program has expired.`,
  cashpoint_inactive: msg`This cashpoint is closed.`,
  idempotency_key_in_progress: msg`This request is still being handled. Wait a moment, then look again.`,
  notFount: msg`Not found`,
  restaurant_not_in_court: msg`A restaurant in your basket is no longer part of this food court.`,
}

/** What went wrong, by the envelope's code, when no reason says more. */
const codeMessages: Partial<Record<ApiError['code'], MessageDescriptor>> = {
  unauthorized: msg`Your session has ended. Please sign in again.`,
  forbidden: msg`Access denied`,
  not_found: msg`Not found`,
  conflict: msg`This was changed in the meantime. Reload and try again.`,
  business_rule: msg`This is not possible at the moment.`,
  payload_too_large: msg`This is too large to send.`,
  validation_failed: msg`Some fields are not filled in correctly.`,
  bad_request: msg`Some fields are not filled in correctly.`,
}

/** The general wording of a refusal's reason, if the screens have one. */
export const reasonMessage = (reason: ErrorReason | undefined): MessageDescriptor | undefined =>
  reason
    ? (reasonMessages[reason] ?? areaWordings.find((w) => w.reasons[reason])?.reasons[reason])
    : undefined

/** What to tell the user about a failed call when no screen-specific wording applies. */
export function describeApiError(error: unknown): MessageDescriptor {
  if (!(error instanceof ApiError)) return genericErrorMessage
  if (error.code === 'network') return networkErrorMessage
  if (error.status >= 500) return serverErrorMessage
  if (error.status === 429) return waitMessage(error.retryAfter)
  return reasonMessage(error.reason) ?? codeMessages[error.code] ?? genericErrorMessage
}

/** A 429 in words: how long to wait (from Retry-After), in seconds under a minute and a half, else minutes. */
export function waitMessage(seconds: number | undefined): MessageDescriptor {
  if (seconds === undefined) return msg`Too many tries. Please wait a moment and try again.`
  if (seconds < 90) {
    return msg`Too many tries. Try again in ${plural(seconds, { one: '# second', other: '# seconds' })}.`
  }
  const minutes = Math.ceil(seconds / 60)
  return msg`Too many tries. Try again in ${plural(minutes, { one: '# minute', other: '# minutes' })}.`
}

export const num = (params: ErrorParams | undefined, key: string): number => Number(params?.[key] ?? 0)
export const text = (params: ErrorParams | undefined, key: string): string => String(params?.[key] ?? '')

/** An amount of `params` (minor units) in the reader's money format. */
export const money = (params: ErrorParams | undefined, key: string, locale: string) =>
  formatMoney(num(params, key), text(params, 'currency') || 'EUR', locale)

export type Wording = (params: ErrorParams | undefined, locale: string) => MessageDescriptor

/**
 * The field error codes of the API in words that any page may show: the request schemas', the
 * identity's (sign-in, registration, passwords), a payer's and a guest's who orders food. The
 * portal screens' codes are worded in portal-api-messages.ts, whose record must hold every code
 * this one leaves out: a code the API adds fails the web's type check (`npm run api:types`) until
 * it is worded in one of the two.
 */
const fieldMessages = {
  // The request schemas of every route (modules/platform).
  required: () => msg`This field is required`,
  too_short: (p) => {
    const minimum = num(p, 'minimum')
    return msg`At least ${plural(minimum, { one: '# character', other: '# characters' })}`
  },
  too_long: (p) => {
    const maximum = num(p, 'maximum')
    return msg`At most ${plural(maximum, { one: '# character', other: '# characters' })}`
  },
  too_few: (p) => {
    const minimum = num(p, 'minimum')
    return msg`Choose at least ${plural(minimum, { one: '# item', other: '# items' })}`
  },
  too_many: (p) => {
    const maximum = num(p, 'maximum')
    return msg`Choose at most ${plural(maximum, { one: '# item', other: '# items' })}`
  },
  too_small: (p) => {
    const minimum = num(p, 'minimum')
    return msg`Enter at least ${minimum}.`
  },
  too_big: (p) => {
    const maximum = num(p, 'maximum')
    return msg`Enter at most ${maximum}.`
  },
  not_multiple_of: (p) => {
    const divisor = num(p, 'divisor')
    return msg`Enter a multiple of ${divisor}.`
  },
  invalid_type: () => msg`This value is not valid`,
  invalid_format: (p) => {
    const format = text(p, 'format')
    if (format === 'email') return msg`Invalid email`
    if (format === 'url') return msg`Enter a valid web address.`
    if (format === 'uuid') return msg`Not found`
    return msg`This value is not in the expected form`
  },
  invalid_choice: () => msg`Choose one of the options`,
  unknown_field: () => msg`This field is not accepted here`,
  invalid: () => msg`This value is not valid`,
  invalid_date: () => msg`Enter a valid date.`,
  nul_character: () => msg`This text contains a character that cannot be saved`,
  bad_encoding: () => msg`This address is not valid`,
  // What a payer and a guest who orders food may meet (the other modules' codes: portal-api-messages.ts).
  invalid_card_number: () => msg`The card number is not valid`,
  invalid_expiry: () => msg`The expiration date is not valid`,
  invalid_cvc: () => msg`The cvc code is not valid`,
  unknown_bank: () => msg`Choose one of the listed banks.`,
  payment_method_is_not_supported: () => msg`This payment method is not supported.`,
  invalid_token: () => msg`This QR code is not valid`,
  category_unknown: () => msg`Unknown category.`,
  product_unknown: () => msg`Unknown product.`,
  option_unknown: () => msg`Unknown variant or extra.`,
  // identity
  passwords_do_not_match: () => msg`Passwords do not match`,
  email_already_registered: () => msg`Email already registered`,
  cardholder_already_registered: () => msg`Cardholder already registered`,
  link_expired: () => msg`Link expired`,
  wrong_confirmation_code: () => msg`Wrong confirmation code`,
  unsupported_country: () => msg`We do not serve this country yet`,
  country_supported: () => msg`We serve this country: you can register.`,
  wrong_password: () => msg`The current password is wrong.`,
  not_for_account_type: () => msg`Not available for your account type`,
  invalid_phone: () => msg`Invalid phone number`,
  invalid_phone_code: () => msg`Choose the country of the phone number`,
  implausible_birth_date: () => msg`Enter a valid birth date`,
  image_too_large: (p) => {
    const megabytes = Math.floor(num(p, 'maximum') / (1024 * 1024)) || 1
    return msg`The image is larger than ${megabytes} MB.`
  },
  image_not_jpg_png: () => msg`Choose a JPG or PNG image.`,
  image_unreadable: () => msg`The image could not be read. Choose another one.`,
  // reference
  unknown_country: () => msg`Choose a country from the list`,
  unknown_state: () => msg`Choose a state or province from the list`,
  unknown_continent: () => msg`Choose a continent from the list`,
  state_not_of_country: () => msg`This state or province is not in the chosen country`,
} satisfies Partial<Record<FieldErrorCode, Wording>>

/** The field error codes only the portal screens meet, worded in portal-api-messages.ts. */
export type PortalFieldErrorCode = Exclude<FieldErrorCode, keyof typeof fieldMessages>

/** The wordings of an area's own codes, with their texts in that area's catalog. */
export interface AreaWordings {
  reasons: ReasonMessages
  fields: Partial<Record<FieldErrorCode, Wording>>
}

/**
 * The areas' wordings loaded so far: lib/i18n.ts adds an area's together with its catalog (the
 * portal's when a portal screen opens), so a screen that can meet a code has its words.
 */
const areaWordings: AreaWordings[] = []

export function addAreaWordings(wordings: AreaWordings): void {
  if (!areaWordings.includes(wordings)) areaWordings.push(wordings)
}

const notValid = msg`This value is not valid`

/** A field error of the API in words, with its numbers (`locale` formats amounts). */
export function fieldIssueMessage(issue: FieldIssue, locale: string): MessageDescriptor {
  const fields: Partial<Record<FieldErrorCode, Wording>> = fieldMessages
  const wording = fields[issue.code] ?? areaWordings.find((w) => w.fields[issue.code])?.fields[issue.code]
  // Not loaded only if a screen outside the portal met a portal code: still words, never English.
  return wording ? wording(issue.params, locale) : notValid
}

/** The words of the first field error of `error` on `field`, if the API named one. */
export function fieldErrorMessage(
  error: unknown,
  field: string,
  locale: string,
): MessageDescriptor | undefined {
  const issue = error instanceof ApiError ? error.fields[field]?.[0] : undefined
  return issue && fieldIssueMessage(issue, locale)
}
