import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ApiError } from '~/lib/api.ts'
import { refusalValues } from './refusal-values.ts'

/**
 * The ordering refusals of the API (docs/food.md "Checkout refusals", spec section 8) in the
 * guest's language, from the `reason` code and its `params`; the API's English never shows. The
 * basket's `order.refusal` uses the same codes.
 */
export const orderingRefusals = {
  invalid_session: msg`Your basket has expired. Start again by choosing your dishes.`,
  basket_is_empty: msg`Your basket is empty.`,
  not_valid_variants: msg`This choice of size is no longer on the menu. Choose again.`,
  not_valid_extras: msg`One of the extras is no longer on the menu. Choose again.`,
  restaurant_read_only: msg`This restaurant shows its menu here but does not take orders online.`,
  ordering_disabled: msg`Online ordering is switched off for now.`,
  restaurant_closed: msg`The restaurant is closed now.`,
  closed_now: msg`The restaurant is closed now.`,
  closed_today: msg`The restaurant is closed today.`,
  read_only: msg`This restaurant shows its menu here but does not take orders online.`,
  ordering_paused: msg`The kitchen has paused new orders for a while.`,
  terms_not_accepted: msg`You must accept the terms and the privacy statement to order.`,
  pickup_not_available: msg`This restaurant does not offer pickup.`,
  delivery_address_required: msg`Enter your zip code and house number for delivery.`,
  outside_delivery_area: msg`Your address is outside the delivery area.`,
  location_needed: msg`This restaurant delivers within a distance of its kitchen: share your location to check whether it delivers to you.`,
  no_delivery: msg`This restaurant does not deliver. Choose pickup.`,
  requested_time_not_available: msg`This time is no longer available. Choose another one.`,
  min_order_amount: msg`The minimum order amount has not been reached.`,
  payment_method_is_not_supported: msg`This payment method is not available here.`,
  order_limit_reached: msg`The restaurant takes no more orders at the moment.`,
  order_not_payable: msg`This order can no longer be paid.`,
} satisfies Record<string, MessageDescriptor>

export type OrderingRefusal = keyof typeof orderingRefusals

export const isOrderingRefusal = (reason: string | null | undefined): reason is OrderingRefusal =>
  typeof reason === 'string' && Object.hasOwn(orderingRefusals, reason)

type Params = Record<string, unknown>

/**
 * A refusal in words, with its numbers: "Minimum order amount is €15.00" (spec section 8), the
 * pause's end on the restaurant's clock, the owner's own words for the order limit.
 */
export function refusalText(i18n: I18n, reason: string, params: Params = {}, timeZone?: string): string {
  const values = refusalValues(i18n.locale, reason, params, timeZone)
  if (values.kind === 'minimum') return i18n._(msg`Minimum order amount is ${values.amount}.`)
  if (values.kind === 'paused') return i18n._(msg`The kitchen has paused new orders until ${values.until}.`)
  const base = isOrderingRefusal(reason)
    ? i18n._(orderingRefusals[reason])
    : i18n._(msg`This order is not possible at the moment.`)
  // The owner's own words (order limit, read-only, ordering off) follow ours.
  return values.own ? `${base} ${values.own}` : base
}

/** What any other failure is called here (the common `api-messages` stay off the guest's pages). */
const otherFailures = {
  network: msg`No connection. Check your connection and try again.`,
  busy: msg`Too many tries at once. Wait a moment and try again.`,
  other: msg`This did not work. Please try again.`,
}

/** The same as a message (a toast's), without the refusal's numbers. */
export function orderingErrorMessage(error: unknown): MessageDescriptor {
  if (error instanceof ApiError && error.reason && isOrderingRefusal(error.reason))
    return orderingRefusals[error.reason]
  if (error instanceof ApiError && error.code === 'network') return otherFailures.network
  if (error instanceof ApiError && error.status === 429) return otherFailures.busy
  return otherFailures.other
}

/** A failed ordering call in words: its refusal with its numbers when the API gave one. */
export function describeOrderingError(i18n: I18n, error: unknown, timeZone?: string): string {
  if (error instanceof ApiError && error.reason && isOrderingRefusal(error.reason))
    return refusalText(i18n, error.reason, error.params as Params, timeZone)
  return i18n._(orderingErrorMessage(error))
}
