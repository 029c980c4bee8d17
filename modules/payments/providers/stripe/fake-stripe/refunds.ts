/** Refunds: `POST/GET /v1/refunds[/:id]`, and the bank finishing a pending one. */
import type { FormTree } from '../form.ts'
import {
  type Ctx,
  invalid,
  metadataOf,
  type Obj,
  positiveInt,
  randomId,
  type StripeStore,
  str,
} from './store.ts'

export function createRefund(store: StripeStore, p: FormTree, ctx: Ctx): Obj {
  let intent: Obj
  if (typeof p.payment_intent === 'string')
    intent = store.find(p.payment_intent, 'payment_intent', ctx, 'payment_intent')
  else if (typeof p.charge === 'string') {
    const charge = store.find(p.charge, 'charge', ctx, 'charge')
    intent = store.find(String(charge.payment_intent), 'payment_intent', ctx)
  } else
    throw invalid(
      'One of the following params should be provided for this request: payment_intent or charge.',
    )
  if (intent.status !== 'succeeded' || !intent.latest_charge) {
    throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`)
  }
  const charge = store.mustGet(String(intent.latest_charge), 'charge')
  const left = (charge.amount as number) - (charge.amount_refunded as number)
  const amount = p.amount === undefined ? left : positiveInt(p.amount, 'amount')
  if (left === 0) {
    throw invalid(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' })
  }
  if (amount > left) {
    const fmt = (n: number) => `${(charge.currency as string).toUpperCase()} ${(n / 100).toFixed(2)}`
    throw invalid(
      `Refund amount (${fmt(amount)}) is greater than unrefunded amount on charge (${fmt(left)})`,
      {
        code: 'amount_too_large',
        param: 'amount',
      },
    )
  }
  const method = ((charge.payment_method_details as Obj).type as string) ?? 'card'
  const refund: Obj = {
    id: `re_${randomId(24)}`,
    object: 'refund',
    amount,
    charge: charge.id,
    created: store.seconds(),
    currency: charge.currency,
    metadata: metadataOf(p.metadata),
    payment_intent: intent.id,
    reason: str(p.reason) ?? null,
    // Card refunds finish at once in test mode; bank and wallet refunds here start pending.
    status: method === 'card' ? 'succeeded' : 'pending',
  }
  store.put(refund)
  charge.amount_refunded = (charge.amount_refunded as number) + amount
  charge.refunded = charge.amount_refunded === charge.amount
  store.emit('refund.created', refund)
  store.emit('charge.refunded', charge)
  return structuredClone(refund)
}

/** The bank finishes a pending refund (iDEAL and PayPal refunds start pending here). */
export function settleRefund(store: StripeStore, refundId: string, status: 'succeeded' | 'failed'): void {
  const refund = store.mustGet(refundId, 'refund')
  if (refund.status !== 'pending') throw new Error(`${refundId} is ${refund.status}`)
  refund.status = status
  const charge = store.mustGet(String(refund.charge), 'charge')
  if (status === 'failed') {
    refund.failure_reason = 'unknown'
    charge.amount_refunded = (charge.amount_refunded as number) - (refund.amount as number)
    charge.refunded = false
    store.emit('refund.failed', refund)
  }
  store.emit('charge.refund.updated', refund)
  store.emit('refund.updated', refund)
}
