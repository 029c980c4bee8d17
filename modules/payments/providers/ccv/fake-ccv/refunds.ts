/** Refunds: `POST /api/v1/refund` (at most 120% of the payment; a split payment's refund splits too). */
import { toCcvAmount } from '../amount.ts'
import { payoutInstructions } from './merchants.ts'
import {
  amountField,
  assignOptional,
  badRequest,
  type CcvStore,
  type FakeCcvTransaction,
  HttpError,
  type JsonBody,
  requiredString,
  sum,
} from './store.ts'

export function createRefund(store: CcvStore, owner: string, body: JsonBody): FakeCcvTransaction {
  const original = store.owned(owner, requiredString(body, 'reference'))
  if (original.type !== 'sale' || original.status !== 'success') {
    throw new HttpError(400, 'process_error', 'Only successful payments can be refunded')
  }
  const amount = body.amount === undefined ? original.amount : amountField(body.amount, original.currency)
  if (amount <= 0n) throw badRequest('amount must be positive')
  const refunded = [...store.transactions.values()]
    .filter((t) => t.originalReference === original.reference && t.status !== 'failed')
    .reduce((s, r) => s + r.amount, 0n)
  const limit = (original.amount * 120n) / 100n
  if (refunded + amount > limit) {
    const fmt = (v: bigint) => toCcvAmount(v, original.currency.toUpperCase())
    throw new HttpError(
      400,
      'process_error',
      `Refund request limit check: Original Amount: ${fmt(original.amount)}, Amount Already Refunded: ${fmt(refunded)}, Current Refund Request: ${fmt(amount)}, Maximum Refundable Amount: ${fmt(limit - refunded)}`,
      { failureCode: 'refund_limit' },
    )
  }
  const instructions = payoutInstructions(store, owner, body.payoutInstructions, original.currency)
  if (original.payoutInstructions) {
    if (!instructions) throw badRequest('A refund of a split payout payment needs payoutInstructions')
    if (sum(instructions) > amount) throw badRequest('payoutInstructions exceed the refund amount')
    for (const part of instructions) {
      const paid = original.payoutInstructions.find((p) => p.externalReference === part.externalReference)
      if (!paid || part.amount > paid.amount) {
        throw badRequest(`payoutInstruction for ${part.externalReference} exceeds the original`)
      }
    }
  }
  const now = store.tick()
  const tx: FakeCcvTransaction = {
    reference: `R${now}${store.next().toString(16).padStart(4, '0')}.F`,
    owner,
    type: 'refund',
    status: store.refundStatus,
    amount,
    currency: original.currency,
    method: original.method,
    originalReference: original.reference,
    paidout: 'no',
    created: now,
    lastUpdate: now,
  }
  if (tx.status === 'success') tx.statusFinalDate = now
  if (original.merchantOrderReference) tx.merchantOrderReference = original.merchantOrderReference
  assignOptional(tx, body, ['description'])
  if (instructions) tx.payoutInstructions = instructions
  store.transactions.set(tx.reference, tx)
  return tx
}

/** A pending refund finished. */
export function settleRefund(
  store: CcvStore,
  reference: string,
  status: 'success' | 'failed',
): FakeCcvTransaction {
  const tx = store.transactions.get(reference)
  if (tx?.type !== 'refund' || tx.status !== 'pending') throw new Error(`no pending refund ${reference}`)
  return store.settle(tx, status, status === 'failed' ? 'processing_error' : undefined)
}
