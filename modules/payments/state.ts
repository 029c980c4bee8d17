/**
 * The payment state machine. A payment is what a payable (a card order, a bill, a food order, a
 * terminal request, a payment link) asks to be paid; attempts are the payer's tries at a provider.
 *
 *   created ──▶ pending ──▶ paid ──▶ partially_refunded ──▶ refunded
 *      │           │  ▲        └──────────────────────────────▲
 *      │           ▼  │ (a new attempt)
 *      └──▶ failed / cancelled / expired ──▶ paid (a late capture: money that moved is recorded)
 *
 * A payment first heard of when already refunded steps straight there. Between the three money
 * statuses it follows what the payer is out (captures less refunds): a duplicate capture arriving
 * after a refund raises it again until the platform has given the duplicate back.
 *
 * The status is derived from the attempts and refunds, never set by hand, so any order of provider
 * news leads to the same status; `canTransition` guards that a derived status never steps back
 * (a paid payment never becomes pending again).
 */

export const paymentStatuses = [
  'created',
  'pending',
  'paid',
  'failed',
  'cancelled',
  'expired',
  'refunded',
  'partially_refunded',
] as const
export type PaymentStatus = (typeof paymentStatuses)[number]

export const attemptStatuses = [
  'creating',
  'open',
  'requires_action',
  'paid',
  'failed',
  'cancelled',
  'expired',
] as const
export type AttemptStatus = (typeof attemptStatuses)[number]

const moneyTaken: readonly PaymentStatus[] = ['paid', 'partially_refunded', 'refunded']
// News can arrive late: a payment may be paid and refunded by the time we first hear of it, so each
// state before the money may step straight to any state after it.
const toMoney: readonly PaymentStatus[] = ['paid', 'partially_refunded', 'refunded']
const transitions: Record<PaymentStatus, readonly PaymentStatus[]> = {
  created: ['pending', 'failed', 'cancelled', 'expired', ...toMoney],
  pending: ['failed', 'cancelled', 'expired', ...toMoney],
  failed: ['pending', 'cancelled', 'expired', ...toMoney],
  cancelled: ['pending', 'expired', ...toMoney],
  expired: toMoney,
  // Once money is taken the status follows what the payer is out: refunds lower it, and a capture
  // that arrives late (a duplicate, refunded by itself) raises it again until it is given back.
  paid: ['partially_refunded', 'refunded'],
  partially_refunded: ['paid', 'refunded'],
  refunded: ['paid', 'partially_refunded'],
}

export const canTransition = (from: PaymentStatus, to: PaymentStatus) =>
  from === to || transitions[from].includes(to)
export const isMoneyTaken = (s: PaymentStatus) => moneyTaken.includes(s)
/** Statuses in which a payer may still start a new attempt. */
export const isPayable = (s: PaymentStatus) =>
  s === 'created' || s === 'pending' || s === 'failed' || s === 'cancelled'

/** An attempt's status never leaves `paid`, and only a capture leaves a finished one. */
export function nextAttemptStatus(current: AttemptStatus, reported: AttemptStatus): AttemptStatus {
  if (current === 'paid') return 'paid'
  if (reported === 'paid') return 'paid'
  if (current === 'failed' || current === 'cancelled' || current === 'expired') return current
  return reported
}

/**
 * `captured` is what all paid attempts took (more than the amount when a duplicate was captured),
 * `refunded` what went back of it, duplicates included: the payment is paid while the payer is out
 * at least its amount, refunded when nothing is kept.
 */
export function derivePaymentStatus(p: {
  amount: bigint
  captured: bigint
  refunded: bigint
  expired: boolean
  attempts: readonly { number: number; status: AttemptStatus }[]
}): PaymentStatus {
  if (p.attempts.some((a) => a.status === 'paid')) {
    const kept = p.captured - p.refunded
    if (kept <= 0n) return 'refunded'
    return kept < p.amount ? 'partially_refunded' : 'paid'
  }
  const latest = [...p.attempts].sort((a, b) => b.number - a.number)[0]
  if (!latest) return p.expired ? 'expired' : 'created'
  switch (latest.status) {
    case 'creating':
    case 'open':
    case 'requires_action':
      return 'pending'
    case 'failed':
    case 'cancelled':
      return p.expired ? 'expired' : latest.status
    default:
      return 'expired'
  }
}

/** The status the payment takes: the derived one when the machine allows it, else the current one. */
export function nextPaymentStatus(current: PaymentStatus, derived: PaymentStatus): PaymentStatus {
  return canTransition(current, derived) ? derived : current
}
