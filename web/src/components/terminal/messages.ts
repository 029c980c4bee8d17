import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ErrorReason } from '~/lib/api-types.gen.ts'
import type { TerminalStatus } from './queries.ts'

/** A terminal request's status as people read it. */
export const terminalStatusNames: Record<TerminalStatus, MessageDescriptor> = {
  open: msg({ message: 'Waiting', context: 'terminal request status' }),
  claimed: msg({ message: 'Being paid', context: 'terminal request status' }),
  paid: msg({ message: 'Paid', context: 'terminal request status' }),
  failed: msg({ message: 'Failed', context: 'terminal request status' }),
  expired: msg({ message: 'Expired', context: 'terminal request status' }),
  cancelled: msg({ message: 'Cancelled', context: 'terminal request status' }),
}

/** Why a QR code cannot be used (the API's reasons on `payment/qr-pay`), as the payer reads it. */
export const qrRefusals: Partial<Record<ErrorReason, { title: MessageDescriptor; text: MessageDescriptor }>> =
  {
    token_used: {
      title: msg`This QR code has already been used`,
      text: msg`Someone already started paying it, so it cannot be paid again. Nothing was charged. Ask the merchant for a new QR code if you still need to pay.`,
    },
    token_expired: {
      title: msg`This QR code has expired`,
      text: msg`A payment QR code can be used for 15 minutes. Nothing was charged. Ask the merchant for a new one.`,
    },
    token_cancelled: {
      title: msg`The merchant cancelled this payment`,
      text: msg`Nothing was charged. Ask the merchant if you still need to pay.`,
    },
    token_replaced: {
      title: msg`There is a newer QR code for this payment`,
      text: msg`The merchant showed a new QR code. Nothing was charged: scan the new one.`,
    },
    token_invalid: {
      title: msg`This is not a valid payment QR code`,
      text: msg`The code could not be read as a payment. Scan it again, or ask the merchant for a new one.`,
    },
  }

/**
 * Names of the payment notification catalogue (`GET manager/payment-notifications/categories`),
 * keyed by the API's stable `key`, for the screens that set notifications up.
 */
export const notificationCategoryNames: Record<string, MessageDescriptor> = {
  payment: msg({ message: 'Payment received', context: 'notification category' }),
  refund: msg({ message: 'Refund', context: 'notification category' }),
  failure: msg({ message: 'Payment failed', context: 'notification category' }),
}

export const notificationFieldNames: Record<string, MessageDescriptor> = {
  reference: msg({ message: 'Reference', context: 'notification field' }),
  amount: msg({ message: 'Amount', context: 'notification field' }),
  currency: msg({ message: 'Currency', context: 'notification field' }),
  description: msg({ message: 'Description', context: 'notification field' }),
  status: msg({ message: 'Status', context: 'notification field' }),
  method: msg({ message: 'Payment method', context: 'notification field' }),
  card_brand: msg({ message: 'Card brand', context: 'notification field' }),
  card_last4: msg({ message: 'Last four card digits', context: 'notification field' }),
  paid_at: msg({ message: 'Paid at', context: 'notification field' }),
  cashpoint: msg({ message: 'Cashpoint', context: 'notification field' }),
  acceptor: msg({ message: 'Acceptor', context: 'notification field' }),
  program: msg({ message: 'Program', context: 'notification field' }),
  request_uuid: msg({ message: 'Your request id', context: 'notification field' }),
  refund_amount: msg({ message: 'Refunded amount', context: 'notification field' }),
  refunded_total: msg({ message: 'Refunded in total', context: 'notification field' }),
  reason: msg({ message: 'Reason', context: 'notification field' }),
  refunded_at: msg({ message: 'Refunded at', context: 'notification field' }),
  failure_message: msg({ message: 'Why it failed', context: 'notification field' }),
  ended_at: msg({ message: 'Ended at', context: 'notification field' }),
}

/** Why a request could not be cancelled or shown again (the API's 409 reasons), for the cashier. */
export const requestRefusals: Partial<Record<ErrorReason, MessageDescriptor>> = {
  request_claimed: msg`The payer has already started paying, so this payment can no longer be cancelled or shown again.`,
  request_finished: msg`This payment has already ended. Nothing more can be done with it.`,
}
