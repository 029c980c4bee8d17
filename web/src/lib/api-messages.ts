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

/** Refusals any screen may meet, by the API's `reason`; screens add their own wording on top. */
const reasonMessages: Partial<Record<ErrorReason, MessageDescriptor>> = {
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
  not_program_acceptor: msg`You no longer take part in this program.`,
  cashpoint_inactive: msg`This cashpoint is closed.`,
  idempotency_key_in_progress: msg`This request is still being handled. Wait a moment, then look again.`,
  not_food_program: msg`This is not a food program.`,
  restaurant_not_complete: msg`Complete and save the restaurant first.`,
  menu_empty: msg`Add at least one active product to the menu first.`,
  category_not_empty: msg`This category still has products. Move or delete them first.`,
  domain_already_used: msg`Domain already used`,
  notFount: msg`Not found`,
  not_food_court: msg`This is not a food court.`,
  court_not_complete: msg`Complete and save the food court first.`,
  inviteIsAlreadySent: msg`Invite is already sent. Wait for the restaurant to answer.`,
  restaurant_not_in_court: msg`A restaurant in your basket is no longer part of this food court.`,
  restaurant_not_onboarded: msg`This restaurant has not finished its onboarding at the payment provider yet.`,
  onboarding_refused: msg`The payment provider refused the onboarding. Try again.`,
  part_not_rejectable: msg`This part can no longer be rejected: it is delivered or paid out.`,
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
  reason ? reasonMessages[reason] : undefined

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

const num = (params: ErrorParams | undefined, key: string): number => Number(params?.[key] ?? 0)
const text = (params: ErrorParams | undefined, key: string): string => String(params?.[key] ?? '')

/** An amount of `params` (minor units) in the reader's money format. */
const money = (params: ErrorParams | undefined, key: string, locale: string) =>
  formatMoney(num(params, key), text(params, 'currency') || 'EUR', locale)

type Wording = (params: ErrorParams | undefined, locale: string) => MessageDescriptor

/**
 * Every field error code of the API in words. The record is complete: a code the API adds fails
 * the web's type check (`npm run api:types`) until it is worded here.
 */
const fieldMessages: Record<FieldErrorCode, Wording> = {
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
  // payments
  invalid_card_number: () => msg`The card number is not valid`,
  invalid_expiry: () => msg`The expiration date is not valid`,
  invalid_cvc: () => msg`The cvc code is not valid`,
  unknown_bank: () => msg`Choose one of the listed banks.`,
  invalid_splits: () => msg`The parts must be more than zero and add up to at most the amount.`,
  refund_too_large: (p, locale) => {
    const amount = money(p, 'maximum', locale)
    return msg`At most ${amount} can still be refunded.`
  },
  sandbox_not_in_production: () => msg`The sandbox is not available in production.`,
  key_refused: () => msg`The provider refused this key. Check that it is the right key for this mode.`,
  not_sandbox_key: () => msg`This is not a sandbox API key (they start with sk_test_).`,
  no_live_mode: () => msg`The sandbox has no live mode: use test mode.`,
  key_prefix: (p) => {
    const prefix = text(p, 'prefix')
    return msg`A key for this mode starts with ${prefix}.`
  },
  stripe_key_prefix: () =>
    msg`Stripe secret keys start with sk_test_ or sk_live_ (or rk_ for restricted keys).`,
  wrong_mode_key: () => msg`This key is not a key of the chosen mode (test or live).`,
  webhook_secret_prefix: () => msg`Stripe webhook signing secrets start with whsec_.`,
  key_not_allowed: () => msg`This key is not allowed to read the account balance. Use a key with that right.`,
  payment_method_is_not_supported: () => msg`This payment method is not supported.`,
  not_program_currency: () => msg`Use the program's currency.`,
  // webhooks
  invalid_url: () => msg`Enter a web address starting with https://.`,
  not_http: () => msg`The address must start with http:// or https://.`,
  url_has_credentials: () => msg`The address must not contain a user name or password.`,
  private_address: () => msg`The address must not point to a private or local network.`,
  host_not_found: () => msg`This host name does not exist.`,
  not_an_object: () => msg`This must be a JSON object.`,
  invalid_secret: () => msg`The secret must be whsec_ followed by 24 to 64 bytes in base64.`,
  // programs
  invite_already_sent: () => msg`Acceptor already invited`,
  already_acceptor: () => msg`This acceptor already takes part in the program.`,
  duplicate_title: () => msg`You already have a cashpoint with this name.`,
  unknown_method: () => msg`Unknown payment method.`,
  method_listed_twice: () => msg`This payment method is listed twice.`,
  unknown_provider: () => msg`Unknown payment provider.`,
  provider_cannot_take_method: () => msg`This provider cannot take this payment method.`,
  provider_required: () => msg`Choose a provider for a method in use.`,
  no_provider_for_method: () => msg`No provider can take this payment method yet.`,
  unknown_currency: () => msg`Unknown currency.`,
  // cards
  voucher_value_zero: () => msg`A voucher's value must be more than zero.`,
  image_unknown: () => msg`This image is not available any more. Upload it again.`,
  date_in_past: () => msg`The date cannot be in the past.`,
  before_start_date: () => msg`The date cannot be before the start date.`,
  ends_before_start: () => msg`The expiry date cannot be before the start date.`,
  above_balance: (p, locale) => {
    const amount = money(p, 'balance', locale)
    return msg`Only ${amount} is left on this card.`
  },
  nothing_left: () => msg`Nothing is left on this card.`,
  choose_program: () => msg`Choose a program.`,
  not_card_token: () => msg`This is not a card code.`,
  // terminal
  unknown_cashpoint: () => msg`Choose one of your open cashpoints in this program.`,
  not_input_field: () => msg`This field cannot be filled in.`,
  given_twice: () => msg`This field is given twice.`,
  invalid_amount: () => msg`Enter an amount of more than zero.`,
  already_used: () => msg`Already used in this program.`,
  unknown_category: () => msg`Unknown category.`,
  not_field_of_category: () => msg`This field is not in this category.`,
  choose_field: () => msg`Choose at least one field for an active notification.`,
  invalid_token: () => msg`This QR code is not valid`,
  before_from: () => msg`The end date cannot be before the start date.`,
  period_too_long: (p) => {
    const days = num(p, 'maximum')
    return msg`Choose at most ${plural(days, { one: '# day', other: '# days' })}.`
  },
  invalid_time_zone: () => msg`Unknown time zone.`,
  // credit
  not_card_holder: () => msg`Choose a card holder.`,
  due_before_issue: () => msg`The due date cannot be before the invoice date.`,
  window_invalid: () => msg`The sending window must end after it starts, on the same day.`,
  vat_rate_unknown: () => msg`This VAT rate did not exist on the invoice date.`,
  penalty_currency: () => msg`A penalty is in the program's currency.`,
  // food (spec food.md section 5 and its message catalogue)
  invalid_time_format: () => msg`Invalid time format`,
  invalid_time_range: () => msg`The opening and closing time must differ.`,
  date_already_exists: () => msg`Date already exists`,
  day_already_exists: () => msg`This day is listed twice.`,
  keyword_already_exists: () => msg`Keyword already exists`,
  duplicate_keywords: () => msg`Duplicate keywords`,
  fill_in_all_fields: () => msg`Fill in all fields`,
  zip_code_not_found: () => msg`One of the zip codes does not exist`,
  zip_code_already_exists: () => msg`This zip code is listed twice.`,
  cost_separator_at_edge: () => msg`The cost must not start or end with a dot or comma.`,
  invalid_cost: () => msg`Enter an amount such as 2,50.`,
  invalid_number: () => msg`Enter a valid number.`,
  range_start_not_below_end: () => msg`The start of a range must be lower than its end.`,
  range_overlaps_previous: () => msg`This range overlaps the previous one.`,
  delivery_range_required: () =>
    msg`Add at least one valid delivery range, or allow pickup in the restaurant.`,
  invalid_domain_name: () => msg`The domain name is not valid`,
  domain_already_used: () => msg`Domain already used`,
  unknown_time_zone: () => msg`Unknown time zone.`,
  // Food courts (modules/food-court/shared.ts).
  fee_percent_range: () => msg`The fee percent must be between 0 and 100, with at most two decimals.`,
  only_one_fee_field: () => msg`Only one fee field may be filled`,
  invalid_fee: () => msg`Enter a fee such as 2,50.`,
  logo_not_png: () => msg`A logo must be a PNG image.`,
  logo_too_small: (p) => {
    const minimum = num(p, 'minimum')
    return msg`The logo must be at least ${minimum}×${minimum} pixels.`
  },
  pdf_required: () => msg`Choose a PDF file.`,
  pdf_too_large: () => msg`The PDF is larger than 2 MB.`,
  document_unknown: () => msg`This document is not available any more. Upload it again.`,
  category_unknown: () => msg`Unknown category.`,
  product_unknown: () => msg`Unknown product.`,
  option_unknown: () => msg`Unknown variant or extra.`,
  // feed
  link_not_http: () => msg`The link must be a web address.`,
  link_invalid: () => msg`This link is not a valid web address.`,
  link_has_credentials: () => msg`The link must not contain a user name or password.`,
  invalid_tag: () => msg`A tag consists of letters, digits and underscores only.`,
  video_not_recognised: () => msg`Only YouTube and Vimeo videos can be added.`,
  unknown_upload: () => msg`This upload is not available any more. Upload it again.`,
  program_required: () => msg`Choose the program whose card holders may see this post.`,
  file_too_large: (p) => {
    const megabytes = Math.floor(num(p, 'maximum') / (1024 * 1024)) || 1
    return msg`The file is larger than ${megabytes} MB.`
  },
  file_type_not_allowed: () =>
    msg`Choose a PDF, an office document (Word, Excel, PowerPoint, OpenDocument), RTF, text or CSV file.`,
}

/** A field error of the API in words, with its numbers (`locale` formats amounts). */
export function fieldIssueMessage(issue: FieldIssue, locale: string): MessageDescriptor {
  return fieldMessages[issue.code](issue.params, locale)
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
