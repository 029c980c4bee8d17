import { accounts, type LedgerEntryRequest } from '../ledger/index.ts'
import type { ProviderPayment } from './providers/provider.ts'
import { paymentReference } from './queries/payments.ts'
import {
  type AttemptStatus,
  derivePaymentStatus,
  isMoneyTaken,
  nextAttemptStatus,
  nextPaymentStatus,
  type PaymentStatus,
} from './state.ts'

/**
 * The rules of applying a provider's news to a payment, without the database: given what we have
 * recorded and what the provider says about one attempt now, what changes, which ledger entries
 * to post and which events to publish. `applyProviderPayment` loads, plans and writes in one
 * transaction; the property test runs this planner over thousands of delivery orders.
 */

export type RefundStatus = 'requested' | 'pending' | 'succeeded' | 'failed'

export interface RecordedPayment {
  id: string
  number: bigint
  amount: bigint
  currency: string
  description: string
  status: PaymentStatus
  expired: boolean
  receiver: SubAccount
  /** Parts routed to connected merchants: credited to their sub-accounts, the rest to the receiver. */
  splits?: readonly { receiver: SubAccount; amount: bigint }[]
}

export type SubAccount = { kind: 'acceptor' | 'program' | 'owner' | 'general'; external_id: string }
export interface RecordedAttempt {
  id: string
  number: number
  status: AttemptStatus
  fee: bigint | null
}
export interface RecordedRefund {
  id: string
  attempt_id: string
  amount: bigint
  status: RefundStatus
  provider_refund_id: string | null
}

export interface ApplyPlan {
  attemptStatus: AttemptStatus
  attemptFee: bigint | null
  /** Refund rows to insert (made at the provider) or update. */
  refundInserts: RecordedRefund[]
  refundUpdates: { id: string; status: RefundStatus; provider_refund_id: string }[]
  postings: LedgerEntryRequest[]
  paymentStatus: PaymentStatus
  refunded: bigint
  fees: bigint
  paid: boolean
  ended: 'failed' | 'cancelled' | 'expired' | null
  refundedNow: { id: string; amount: bigint }[]
}

export function planApply(input: {
  payment: RecordedPayment
  attempts: readonly RecordedAttempt[]
  refunds: readonly RecordedRefund[]
  attemptId: string
  state: ProviderPayment
  today: string
  newId: () => string
}): ApplyPlan {
  const { payment, state, attemptId, today } = input
  const attempt = input.attempts.find((a) => a.id === attemptId)
  if (!attempt) throw new Error(`attempt ${attemptId} is not part of payment ${payment.id}`)
  const currency = payment.currency
  const postings: LedgerEntryRequest[] = []
  const receiver = payment.receiver

  const attemptStatus = nextAttemptStatus(attempt.status, state.status)
  const attemptFee = attempt.fee ?? (state.fee !== undefined && state.fee > 0n ? state.fee : null)
  if (attemptStatus === 'paid' && attempt.status !== 'paid') {
    const amount = Number(payment.amount)
    postings.push({
      journal: 'sales',
      date: today,
      description: `Payment ${paymentReference(payment.number)}: ${payment.description}`.slice(0, 500),
      source: { kind: 'payment.captured', id: attemptId },
      lines: [{ account: accounts.payment_provider, currency, debit: amount }, ...creditsOf(payment)],
    })
  }
  if (attemptFee !== null && attempt.fee === null) {
    postings.push({
      journal: 'purchase',
      date: today,
      description: `Provider fee, payment ${paymentReference(payment.number)}`,
      source: { kind: 'payment.fee', id: attemptId },
      lines: [
        { account: accounts.acceptor, sub_account: receiver, currency, debit: Number(attemptFee) },
        { account: accounts.payment_provider, currency, credit: Number(attemptFee) },
      ],
    })
  }

  // Refunds: ours are matched by reference (our refund id), the provider's own by its id.
  const refunds = new Map(input.refunds.map((r) => [r.id, { ...r }]))
  const refundInserts: RecordedRefund[] = []
  const refundUpdates: ApplyPlan['refundUpdates'] = []
  const refundedNow: { id: string; amount: bigint }[] = []
  for (const r of state.refunds) {
    const known = [...refunds.values()].find(
      (k) =>
        k.attempt_id === attemptId && (k.provider_refund_id === r.providerRefundId || k.id === r.reference),
    )
    if (!known) {
      const row: RecordedRefund = {
        id: input.newId(),
        attempt_id: attemptId,
        amount: r.amount,
        status: r.status,
        provider_refund_id: r.providerRefundId,
      }
      refundInserts.push(row)
      refunds.set(row.id, row)
      if (r.status === 'succeeded') refundedNow.push({ id: row.id, amount: r.amount })
      continue
    }
    const next: RefundStatus =
      known.status === 'succeeded' || known.status === 'failed' ? known.status : r.status
    if (next !== known.status || known.provider_refund_id !== r.providerRefundId) {
      refundUpdates.push({ id: known.id, status: next, provider_refund_id: r.providerRefundId })
    }
    if (next === 'succeeded' && known.status !== 'succeeded')
      refundedNow.push({ id: known.id, amount: known.amount })
    known.status = next
    known.provider_refund_id = r.providerRefundId
  }
  for (const r of refundedNow) {
    postings.push({
      journal: 'sales',
      date: today,
      description: `Refund of payment ${paymentReference(payment.number)}`,
      source: { kind: 'payment.refund', id: r.id },
      lines: [
        { account: accounts.acceptor, sub_account: receiver, currency, debit: Number(r.amount) },
        { account: accounts.payment_provider, currency, credit: Number(r.amount) },
      ],
    })
  }

  const attempts = input.attempts.map((a) =>
    a.id === attemptId ? { ...a, status: attemptStatus, fee: attemptFee } : a,
  )
  const refunded = [...refunds.values()]
    .filter((r) => r.status === 'succeeded')
    .reduce((s, r) => s + r.amount, 0n)
  const fees = attempts.reduce((s, a) => s + (a.fee ?? 0n), 0n)
  const derived = derivePaymentStatus({
    amount: payment.amount,
    refunded,
    expired: payment.expired,
    attempts,
  })
  const paymentStatus = nextPaymentStatus(payment.status, derived)
  const ended =
    paymentStatus !== payment.status &&
    (paymentStatus === 'failed' || paymentStatus === 'cancelled' || paymentStatus === 'expired')
      ? paymentStatus
      : null
  return {
    attemptStatus,
    attemptFee,
    refundInserts,
    refundUpdates,
    postings,
    paymentStatus,
    refunded,
    fees,
    paid: isMoneyTaken(paymentStatus) && !isMoneyTaken(payment.status),
    ended,
    refundedNow,
  }
}

/** The capture's credits: each split part to its merchant, the rest to the payment's receiver. */
function creditsOf(payment: RecordedPayment) {
  const splits = payment.splits ?? []
  const rest = payment.amount - splits.reduce((sum, s) => sum + s.amount, 0n)
  return [
    ...splits.map((s) => ({
      account: accounts.acceptor,
      sub_account: s.receiver,
      currency: payment.currency,
      credit: Number(s.amount),
    })),
    ...(rest > 0n
      ? [
          {
            account: accounts.acceptor,
            sub_account: payment.receiver,
            currency: payment.currency,
            credit: Number(rest),
          },
        ]
      : []),
  ]
}
