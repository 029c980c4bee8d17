import { z } from 'zod'

/**
 * The parts of Stripe's objects (API version `stripeApiVersion`) the adapter reads. Other fields are
 * dropped; a missing or mistyped field we rely on makes the answer unusable (ProviderError), rather
 * than a payment silently mapped from `undefined`.
 */

const id = (prefix: string) => z.string().startsWith(prefix)
const metadata = z.record(z.string(), z.string()).default({})
/** Stripe amounts are integers in the currency's smallest unit, well inside a double's exact range. */
const amount = z.number().int().nonnegative()

export const paymentError = z.object({
  type: z.string(),
  code: z.string().nullish(),
  decline_code: z.string().nullish(),
  message: z.string().nullish(),
})

export const balanceTransaction = z.object({
  id: id('txn_'),
  object: z.literal('balance_transaction'),
  fee: z.number().int(),
  currency: z.string(),
  status: z.string(),
})

export const charge = z.object({
  id: id('ch_'),
  object: z.literal('charge'),
  status: z.enum(['succeeded', 'pending', 'failed']),
  created: z.number().int(),
  amount_refunded: amount,
  balance_transaction: z.union([z.string(), balanceTransaction]).nullish(),
  payment_method_details: z
    .object({
      type: z.string(),
      card: z.object({ brand: z.string(), last4: z.string() }).nullish(),
    })
    .nullish(),
})

export const paymentIntentStatuses = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
] as const

export const paymentIntent = z.object({
  id: id('pi_'),
  object: z.literal('payment_intent'),
  status: z.enum(paymentIntentStatuses),
  amount,
  currency: z.string(),
  livemode: z.boolean(),
  metadata,
  transfer_group: z.string().nullish(),
  latest_charge: z.union([z.string(), charge]).nullish(),
  last_payment_error: paymentError.nullish(),
  next_action: z
    .object({
      type: z.string(),
      redirect_to_url: z.object({ url: z.string() }).nullish(),
    })
    .nullish(),
})
export type StripePaymentIntent = z.infer<typeof paymentIntent>

export const checkoutSession = z.object({
  id: id('cs_'),
  object: z.literal('checkout.session'),
  mode: z.string(),
  status: z.enum(['open', 'complete', 'expired']).nullable(),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  url: z.string().nullish(),
  amount_total: amount.nullable(),
  currency: z.string().nullable(),
  client_reference_id: z.string().nullish(),
  metadata,
  /** Null until the payer submits the page (API 2022-08-01 and later). */
  payment_intent: z.union([z.string(), paymentIntent]).nullish(),
})
export type StripeCheckoutSession = z.infer<typeof checkoutSession>

export const refundStatuses = ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'] as const

export const refund = z.object({
  id: id('re_'),
  object: z.literal('refund'),
  amount,
  currency: z.string(),
  status: z.enum(refundStatuses).nullable(),
  payment_intent: z.string().nullish(),
  metadata,
})
export type StripeRefund = z.infer<typeof refund>

export const list = <T extends z.ZodType>(item: T) =>
  z.object({ object: z.literal('list'), data: z.array(item), has_more: z.boolean() })

export const account = z.object({
  id: id('acct_'),
  object: z.literal('account'),
  charges_enabled: z.boolean(),
  details_submitted: z.boolean(),
  metadata,
  requirements: z.object({ disabled_reason: z.string().nullish() }).nullish(),
})
export type StripeAccount = z.infer<typeof account>

export const accountLink = z.object({ object: z.literal('account_link'), url: z.string() })

export const transfer = z.object({
  id: id('tr_'),
  object: z.literal('transfer'),
  amount,
  currency: z.string(),
  destination: z.string().nullish(),
  reversed: z.boolean(),
})

export const balance = z.object({ object: z.literal('balance'), livemode: z.boolean() })

/** A webhook event: `data.object` is the object as it was when the event happened. */
export const event = z.object({
  id: id('evt_'),
  object: z.literal('event'),
  type: z.string().min(1),
  created: z.number().int(),
  livemode: z.boolean(),
  /** Set on events from connected accounts (Connect webhooks). */
  account: z.string().nullish(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
})
