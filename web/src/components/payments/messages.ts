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

/** The specification's card messages (`fields` of a 400) and the sandbox's decline and failure messages. */
const providerMessages: Record<string, MessageDescriptor> = {
  'The card number is not valid': msg`The card number is not valid`,
  'The expiration date is not valid': msg`The expiration date is not valid`,
  'The cvc code is not valid': msg`The cvc code is not valid`,
  'Your card was declined.': msg`Your card was declined.`,
  'Your card has insufficient funds.': msg`Your card has insufficient funds.`,
  'Your card has expired.': msg`Your card has expired.`,
  'This is not a sandbox test card. Use one of the documented test cards.': msg`This is not a sandbox test card. Use one of the documented test cards.`,
  'The payment was refused in the banking app.': msg`The payment was refused in the banking app.`,
  'The card holder did not confirm the payment (3-D Secure).': msg`The card holder did not confirm the payment (3-D Secure).`,
  'choose one of the listed banks': msg`Choose one of the listed banks.`,
  payment_method_is_not_supported: msg`This payment method is not supported.`,
}

/** The sandbox's test cards, by the label it gives them. */
const testCardLabels: Record<string, MessageDescriptor> = {
  'Visa: succeeds': msg`Visa: succeeds`,
  'Mastercard: succeeds': msg`Mastercard: succeeds`,
  'Visa: asks for 3-D Secure confirmation': msg`Visa: asks for 3-D Secure confirmation`,
  'Visa: declined': msg`Visa: declined`,
  'Visa: insufficient funds': msg`Visa: insufficient funds`,
  'Visa: expired card': msg`Visa: expired card`,
}

/** A provider's or the API's message in the reader's language when known, else as written. */
export function providerMessage(text: string): MessageDescriptor | string {
  return providerMessages[text] ?? text
}

export function testCardLabel(text: string): MessageDescriptor | string {
  return testCardLabels[text] ?? text
}
