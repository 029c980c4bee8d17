import { z } from 'zod'
import { defineEvent } from '../platform/events.ts'

const amount = z.number().int().positive().safe()

/**
 * The sandbox provider has something to tell a merchant's webhook endpoint (ours): a payment,
 * refund, merchant or transfer changed. Delivered by the `notifications` queue, signed, with the
 * sandbox's own retries.
 */
export const sandboxEventCreated = defineEvent(
  'payments.sandbox-event.created',
  z.object({
    event_id: z.string(),
    key_hash: z.string(),
    type: z.string(),
    object: z.enum(['payment', 'merchant', 'transfer']),
    object_id: z.string(),
    webhook_url: z.url(),
  }),
)

/** A provider webhook passed verification and was recorded once: read the object it names and apply. */
export const providerWebhookAccepted = defineEvent(
  'payments.provider-webhook.accepted',
  z.object({
    webhook_id: z.uuid(),
    provider: z.string(),
    account_id: z.uuid(),
    provider_payment_id: z.string().optional(),
  }),
)

const paymentRef = {
  payment_id: z.uuid(),
  payable_kind: z.string(),
  payable_id: z.string(),
  program_uuid: z.uuid().nullable(),
  currency: z.string(),
}

/** A payment is paid (the provider captured the money). Payables (orders, bills, terminals) react to it. */
export const paymentPaid = defineEvent('payments.payment.paid', z.object({ ...paymentRef, amount }))

/** A payment ended without money: failed, cancelled or expired. */
export const paymentEnded = defineEvent(
  'payments.payment.ended',
  z.object({ ...paymentRef, status: z.enum(['failed', 'cancelled', 'expired']) }),
)

/** A refund of a payment succeeded at the provider. */
export const paymentRefunded = defineEvent(
  'payments.payment.refunded',
  z.object({ ...paymentRef, refund_id: z.uuid(), amount, fully_refunded: z.boolean() }),
)

/**
 * An attempt was captured although the payment had already been paid by another one (a bank app
 * approving after the card paid, a hosted page left open): its refund is recorded and must be
 * sent to the provider. Handled by the `payments` queue; reconciliation re-sends it if lost.
 */
export const duplicateCaptureDetected = defineEvent(
  'payments.duplicate-capture.detected',
  z.object({ payment_id: z.uuid(), attempt_id: z.uuid(), refund_id: z.uuid() }),
)

/**
 * A refund was recorded for a payable that did not want the payment (`refundUnwantedPayment`) and
 * must be sent to the provider. Handled by the `payments` queue; reconciliation re-sends it if lost.
 */
export const refundRecorded = defineEvent(
  'payments.refund.recorded',
  z.object({ payment_id: z.uuid(), refund_id: z.uuid() }),
)
