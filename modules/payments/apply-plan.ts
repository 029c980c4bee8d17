import { accounts, type LedgerEntryRequest } from '../ledger/index.ts'
import { codedDescription } from './descriptions.ts'
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
/** Who asked for a refund: an owner or admin through us, the provider's dashboard, or the platform giving back a duplicate capture. */
export type RefundKind = 'requested' | 'provider' | 'duplicate'

export interface RecordedPayment {
  id: string
  number: bigint
  amount: bigint
  currency: string
  description: string
  /** The description as a code and its parameters (`descriptions.ts`), when the platform worded it. */
  description_code?: string | null
  description_params?: unknown
  status: PaymentStatus
  expired: boolean
  /** The winning attempt: the first applied as paid. Every other capture is a duplicate. */
  paidAttemptId: string | null
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
  kind: RefundKind
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
  /** Succeeded now, made by an owner or at the provider: payables hear of these. */
  refundedNow: { id: string; amount: bigint }[]
  /** The winning attempt after this news. */
  paidAttemptId: string | null
  /** Money taken across all attempts (the winner's capture and duplicates). */
  captured: bigint
  /** This attempt was captured although another one had already paid: give it back (a refund row to insert and send). */
  duplicateRefund: RecordedRefund | null
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
  const capturedNow = attemptStatus === 'paid' && attempt.status !== 'paid'
  // The first capture applied wins; a capture of any other attempt is a duplicate, given back.
  const paidAttemptId = payment.paidAttemptId ?? (capturedNow ? attemptId : null)
  const duplicate = capturedNow && paidAttemptId !== attemptId
  // Each entry says what it is as a code with its parameters too, read in each reader's language.
  const reference = paymentReference(payment.number)
  const about = { reference, payment: payment.id }
  if (capturedNow) {
    const amount = Number(payment.amount)
    postings.push({
      journal: 'sales',
      date: today,
      description: (duplicate
        ? `Duplicate capture, payment ${reference}: ${payment.description}`
        : `Payment ${reference}: ${payment.description}`
      ).slice(0, 500),
      description_code: duplicate ? 'payment.duplicate_captured' : 'payment.captured',
      description_params: {
        ...about,
        description: codedDescription({
          description: payment.description.slice(0, 500),
          description_code: payment.description_code ?? null,
          description_params: payment.description_params,
        }),
      },
      source: { kind: 'payment.captured', id: attemptId },
      lines: [
        { account: accounts.payment_provider, currency, debit: amount },
        // A duplicate is the receiver's until it is refunded from there; split parts go to merchants once.
        ...(duplicate
          ? [{ account: accounts.acceptor, sub_account: receiver, currency, credit: amount }]
          : creditsOf(payment)),
      ],
    })
  }
  if (attemptFee !== null && attempt.fee === null) {
    postings.push({
      journal: 'purchase',
      date: today,
      description: `Provider fee, payment ${reference}`,
      description_code: 'payment.fee',
      description_params: about,
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
        kind: 'provider',
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
  // A duplicate capture is given back in full, less what was already refunded from it at the
  // provider; at most one such refund per attempt (a unique index holds it).
  let duplicateRefund: RecordedRefund | null = null
  if (duplicate && ![...refunds.values()].some((r) => r.attempt_id === attemptId && r.kind === 'duplicate')) {
    const left = payment.amount - refundsOn(refunds.values(), attemptId)
    if (left > 0n) {
      duplicateRefund = {
        id: input.newId(),
        attempt_id: attemptId,
        amount: left,
        status: 'requested',
        provider_refund_id: null,
        kind: 'duplicate',
      }
      refunds.set(duplicateRefund.id, duplicateRefund)
    }
  }
  for (const r of refundedNow) {
    const duplicateOne = refunds.get(r.id)?.kind === 'duplicate'
    postings.push({
      journal: 'sales',
      date: today,
      description: duplicateOne
        ? `Duplicate capture refunded, payment ${reference}`
        : `Refund of payment ${reference}`,
      description_code: duplicateOne ? 'payment.duplicate_refunded' : 'payment.refunded',
      description_params: { ...about, refund: r.id },
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
  const succeeded = [...refunds.values()].filter((r) => r.status === 'succeeded')
  const refundedAll = succeeded.reduce((s, r) => s + r.amount, 0n)
  // What the payment shows as refunded: what the payer asked back, not the duplicates given back.
  const refunded = succeeded.filter((r) => r.kind !== 'duplicate').reduce((s, r) => s + r.amount, 0n)
  const fees = attempts.reduce((s, a) => s + (a.fee ?? 0n), 0n)
  const captured = payment.amount * BigInt(attempts.filter((a) => a.status === 'paid').length)
  const derived = derivePaymentStatus({
    amount: payment.amount,
    captured,
    refunded: refundedAll,
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
    refundedNow: refundedNow.filter((r) => refunds.get(r.id)?.kind !== 'duplicate'),
    paidAttemptId,
    captured,
    duplicateRefund,
  }
}

/** What is refunded or on its way back from one attempt (failed refunds do not count). */
export function refundsOn(refunds: Iterable<RecordedRefund>, attemptId: string): bigint {
  let sum = 0n
  for (const r of refunds) if (r.attempt_id === attemptId && r.status !== 'failed') sum += r.amount
  return sum
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
