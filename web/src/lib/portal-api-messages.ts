import { msg, plural } from '@lingui/core/macro'
import {
  type AreaWordings,
  addAreaWordings,
  money,
  num,
  type PortalFieldErrorCode,
  text,
  type Wording,
} from './api-messages.ts'

/**
 * The API's refusals that only the portal screens meet (the programs, cards, terminal, credit,
 * payments, food owner, food court and feed modules' codes), in the portal's catalog
 * (web/catalog-areas.json) so that a guest page does not download their words in five languages.
 * lib/i18n.ts loads this file with the portal's catalog and `installPortalWordings` hands them to
 * lib/api-messages.ts, which looks a code up here after its own.
 */

/** Field error codes lib/api-messages.ts leaves out: the record must hold every one (type check). */
const fields: Record<PortalFieldErrorCode, Wording> = {
  // payments
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
  // feed
  link_not_http: () => msg`The link must be a web address.`,
  link_invalid: () => msg`This link is not a valid web address.`,
  link_has_credentials: () => msg`The link must not contain a user name or password.`,
  invalid_tag: () => msg`A tag consists of letters, digits and underscores only.`,
  video_not_recognised: () => msg`Only YouTube and Vimeo videos can be added.`,
  unknown_upload: () => msg`This upload is not available any more. Upload it again.`,
  program_required: () => msg`Choose the program whose card holders may see this post.`,
  program_not_active: () => msg`Choose an active program: this one is a draft, blocked or ended.`,
  file_too_large: (p) => {
    const megabytes = Math.floor(num(p, 'maximum') / (1024 * 1024)) || 1
    return msg`The file is larger than ${megabytes} MB.`
  },
  file_type_not_allowed: () =>
    msg`Choose a PDF, an office document (Word, Excel, PowerPoint, OpenDocument), RTF, text or CSV file.`,
}

const reasons: AreaWordings['reasons'] = {
  not_program_acceptor: msg`You no longer take part in this program.`,
  not_food_program: msg`This is not a food program.`,
  restaurant_not_complete: msg`Complete and save the restaurant first.`,
  menu_empty: msg`Add at least one active product to the menu first.`,
  category_not_empty: msg`This category still has products. Move or delete them first.`,
  domain_already_used: msg`Domain already used`,
  not_food_court: msg`This is not a food court.`,
  court_not_complete: msg`Complete and save the food court first.`,
  inviteIsAlreadySent: msg`Invite is already sent. Wait for the restaurant to answer.`,
  restaurant_not_onboarded: msg`This restaurant has not finished its onboarding at the payment provider yet.`,
  onboarding_refused: msg`The payment provider refused the onboarding. Try again.`,
  part_not_rejectable: msg`This part can no longer be rejected: it is delivered or paid out.`,
}

const portalWordings: AreaWordings = { reasons, fields }

export function installPortalWordings(): void {
  addAreaWordings(portalWordings)
}
