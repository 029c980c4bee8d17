import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { TransactionStatus } from './queries.ts'

/**
 * Words of the payment screens that come from the API as codes or English text: statuses, methods,
 * card brands, the specification's card messages and the sandbox provider's decline messages.
 * Known ones are shown in the reader's language; anything new is shown as the API wrote it.
 */

export const statusNames: Record<TransactionStatus, MessageDescriptor> = {
  created: msg({ message: 'Open', context: 'payment status' }),
  pending: msg({ message: 'Pending', context: 'payment status' }),
  paid: msg({ message: 'Paid', context: 'payment status' }),
  failed: msg({ message: 'Failed', context: 'payment status' }),
  cancelled: msg({ message: 'Cancelled', context: 'payment status' }),
  expired: msg({ message: 'Expired', context: 'payment status' }),
  refunded: msg({ message: 'Refunded', context: 'payment status' }),
  partially_refunded: msg({ message: 'Partially refunded', context: 'payment status' }),
  requested: msg({ message: 'Requested', context: 'payment status' }),
  succeeded: msg({ message: 'Succeeded', context: 'payment status' }),
}

export type StatusTone = 'success' | 'warning' | 'destructive' | 'muted' | 'secondary'

export const statusTone: Record<TransactionStatus, StatusTone> = {
  created: 'secondary',
  pending: 'warning',
  paid: 'success',
  failed: 'destructive',
  cancelled: 'muted',
  expired: 'muted',
  refunded: 'muted',
  partially_refunded: 'warning',
  requested: 'warning',
  succeeded: 'success',
}

/** Attempt statuses (the provider's side): open, requires_action, … */
export const attemptStatusNames: Record<string, MessageDescriptor> = {
  creating: msg({ message: 'Starting', context: 'payment attempt status' }),
  open: msg({ message: 'Open', context: 'payment attempt status' }),
  requires_action: msg({ message: 'Waiting for confirmation', context: 'payment attempt status' }),
  paid: msg({ message: 'Paid', context: 'payment attempt status' }),
  failed: msg({ message: 'Failed', context: 'payment attempt status' }),
  cancelled: msg({ message: 'Cancelled', context: 'payment attempt status' }),
  expired: msg({ message: 'Expired', context: 'payment attempt status' }),
  pending: msg({ message: 'Pending', context: 'payment attempt status' }),
  requested: msg({ message: 'Requested', context: 'payment attempt status' }),
  succeeded: msg({ message: 'Succeeded', context: 'payment attempt status' }),
}

export const methodNames: Record<string, MessageDescriptor> = {
  card: msg({ message: 'Card', context: 'payment method' }),
  ideal: msg({ message: 'iDEAL', context: 'payment method' }),
  paypal: msg({ message: 'PayPal', context: 'payment method' }),
  stripe: msg({ message: 'Stripe', context: 'payment method' }),
  paynl: msg({ message: 'Pay.nl', context: 'payment method' }),
  ccv: msg({ message: 'CCV', context: 'payment method' }),
}

/** Card brands are names; only "unknown" needs words. */
export const brandNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  maestro: 'Maestro',
}

/**
 * Why a payment attempt failed, by the provider's failure code (the sandbox's test cards and bank
 * steps, CCV's codes, the common card declines). A provider's other codes are shown in its words.
 */
const failureMessages: Record<string, MessageDescriptor> = {
  card_declined: msg`Your card was declined.`,
  insufficient_funds: msg`Your card has insufficient funds.`,
  expired_card: msg`Your card has expired.`,
  incorrect_cvc: msg`The cvc code is not valid`,
  card_not_supported: msg`This is not a sandbox test card. Use one of the documented test cards.`,
  bank_refused: msg`The payment was refused in the banking app.`,
  authentication_failed: msg`The card holder did not confirm the payment (3-D Secure).`,
  paypal_not_approved: msg`The payment was not approved in PayPal.`,
  fraud_detected: msg`The payment was refused by fraud detection.`,
  card_refused: msg`The card was refused.`,
  rejected: msg`The payment was rejected.`,
  processing_error: msg`The payment could not be processed.`,
  unsufficient_balance: msg`The balance was too low.`,
  expired: msg`The payment expired before it was completed.`,
  cancelled: msg`The payment was cancelled.`,
}

/** Why a payment failed in the reader's words, by its code; the provider's own words otherwise. */
export function failureMessage(code: string | null | undefined): MessageDescriptor | undefined {
  return code ? failureMessages[code] : undefined
}

/** A sandbox test card as the hosted page lists it, by what paying with it does. */
export function testCardLabel(card: { brand: string; outcome: string }): MessageDescriptor | undefined {
  const brand = brandNames[card.brand] ?? card.brand
  switch (card.outcome) {
    case 'succeeds':
      return msg`${brand}: succeeds`
    case 'requires_action':
      return msg`${brand}: asks for 3-D Secure confirmation`
    case 'card_declined':
      return msg`${brand}: declined`
    case 'insufficient_funds':
      return msg`${brand}: insufficient funds`
    case 'expired_card':
      return msg`${brand}: expired card`
    default:
      return undefined
  }
}
