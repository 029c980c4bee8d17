import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { LedgerEntryRequest } from '../ledger/index.ts'
import { planApply, type RecordedAttempt, type RecordedPayment, type RecordedRefund } from './apply-plan.ts'
import type { ProviderPayment, ProviderPaymentStatus, ProviderRefund } from './providers/provider.ts'

/**
 * Random payments at a provider (several attempts, late captures, fees known later, refunds through
 * us and in the provider's dashboard that succeed or fail), told to us by webhooks that arrive
 * duplicated, stale and in any order, with job redeliveries. Whatever the order, every entry
 * balances, each source posts at most once, and the final ledger balances and payment status are
 * the same as when the news arrives in order, and match what the provider did.
 */

interface RefundPlan {
  amount: bigint
  outcome: 'succeeded' | 'failed'
  ours: boolean
}
interface AttemptPlan {
  outcome: Exclude<ProviderPaymentStatus, 'requires_action'>
  fee: bigint
  feeLate: boolean
  refunds: RefundPlan[]
}
interface Scenario {
  amount: bigint
  attempts: AttemptPlan[]
}

const scenario: fc.Arbitrary<Scenario> = fc.bigInt({ min: 1n, max: 1_000_000n }).chain((amount) =>
  fc.record({
    amount: fc.constant(amount),
    attempts: fc.array(
      fc.record({
        outcome: fc.constantFrom<AttemptPlan['outcome']>(
          'paid',
          'paid',
          'failed',
          'cancelled',
          'expired',
          'open',
        ),
        fee: fc.bigInt({ min: 0n, max: amount / 10n }),
        feeLate: fc.boolean(),
        refunds: fc.array(
          fc.record({
            amount: fc.bigInt({ min: 1n, max: amount }),
            outcome: fc.constantFrom<'succeeded' | 'failed'>('succeeded', 'succeeded', 'failed'),
            ours: fc.boolean(),
          }),
          { maxLength: 4 },
        ),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  }),
)

/** What the provider reports about one attempt over time, oldest first. */
function timeline(
  a: AttemptPlan,
  amount: bigint,
  attemptId: string,
  ourRefundIds: string[],
): ProviderPayment[] {
  const base = {
    providerPaymentId: `pp_${attemptId}`,
    amount,
    currency: 'EUR',
    refunds: [] as ProviderRefund[],
  }
  const snaps: ProviderPayment[] = [{ ...base, status: 'open' }]
  if (a.outcome === 'open') return snaps
  if (a.outcome !== 'paid')
    return [...snaps, { ...base, status: a.outcome, failure: { code: 'x', message: 'x' } }]
  const fee = a.fee > 0n ? a.fee : undefined
  snaps.push({ ...base, status: 'paid', fee: a.feeLate ? undefined : fee })
  // Refunds the provider accepts never exceed what is left; the rest it refuses up front.
  let left = amount
  const refunds: ProviderRefund[] = []
  a.refunds.forEach((r, i) => {
    if (r.amount > left) return
    const refund: ProviderRefund = {
      providerRefundId: `re_${attemptId}_${i}`,
      amount: r.amount,
      status: 'pending',
      reference: r.ours ? ourRefundIds[i] : undefined,
    }
    refunds.push(refund)
    snaps.push({ ...base, status: 'paid', fee, refunds: refunds.map((x) => ({ ...x })) })
    refund.status = r.outcome
    if (r.outcome === 'succeeded') left -= r.amount
    snaps.push({ ...base, status: 'paid', fee, refunds: refunds.map((x) => ({ ...x })) })
  })
  snaps.push({ ...base, status: 'paid', fee, refunds: refunds.map((x) => ({ ...x })) })
  return snaps
}

interface Store {
  payment: RecordedPayment
  attempts: RecordedAttempt[]
  refunds: RecordedRefund[]
  ledger: Map<string, LedgerEntryRequest>
}

function newStore(s: Scenario, attemptIds: string[], ourRefunds: RecordedRefund[]): Store {
  return {
    payment: {
      id: 'payment',
      number: 1n,
      amount: s.amount,
      currency: 'EUR',
      description: 'test',
      status: 'created',
      expired: false,
      paidAttemptId: null,
      receiver: { kind: 'owner', external_id: 'owner-1' },
    },
    attempts: attemptIds.map((id, i) => ({ id, number: i + 1, status: 'creating', fee: null })),
    refunds: ourRefunds.map((r) => ({ ...r })),
    ledger: new Map(),
  }
}

/** Applies one delivery the way `applyProviderPayment` does, and posts like the ledger: once per source. */
function deliver(store: Store, attemptId: string, state: ProviderPayment) {
  const plan = planApply({
    payment: store.payment,
    attempts: store.attempts,
    refunds: store.refunds,
    attemptId,
    state,
    today: '2026-11-22',
    newId: randomUUID,
  })
  store.attempts = store.attempts.map((a) =>
    a.id === attemptId ? { ...a, status: plan.attemptStatus, fee: plan.attemptFee } : a,
  )
  store.refunds.push(...plan.refundInserts)
  if (plan.duplicateRefund) store.refunds.push(plan.duplicateRefund)
  for (const u of plan.refundUpdates) {
    const r = store.refunds.find((x) => x.id === u.id) as RecordedRefund
    r.status = u.status
    r.provider_refund_id = u.provider_refund_id
  }
  for (const p of plan.postings) {
    const debit = p.lines.reduce((s, l) => s + (l.debit ?? 0), 0)
    const credit = p.lines.reduce((s, l) => s + (l.credit ?? 0), 0)
    expect(debit).toBe(credit)
    const key = `${p.source.kind}:${p.source.id}`
    expect(store.ledger.has(key), `${key} planned twice`).toBe(false)
    store.ledger.set(key, p)
  }
  store.payment = { ...store.payment, status: plan.paymentStatus, paidAttemptId: plan.paidAttemptId }
}

function balances(store: Store): Record<string, bigint> {
  const out: Record<string, bigint> = {}
  for (const p of store.ledger.values()) {
    for (const l of p.lines) {
      const key = `${l.account}/${l.sub_account?.kind ?? 'general'}`
      out[key] = (out[key] ?? 0n) + BigInt(l.debit ?? 0) - BigInt(l.credit ?? 0)
    }
  }
  return out
}

describe('applying provider news in any order', () => {
  it('keeps every entry balanced and ends with the same balances and status as the in-order run', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 0, max: 2 ** 31 - 1 }), (s, seed) => {
        const attemptIds = s.attempts.map(() => randomUUID())
        const ourRefunds: RecordedRefund[] = []
        const ourIds = s.attempts.map((a, ai) =>
          a.refunds.map((r) => {
            const id = randomUUID()
            if (r.ours && a.outcome === 'paid') {
              ourRefunds.push({
                id,
                attempt_id: attemptIds[ai] as string,
                amount: r.amount,
                status: 'requested',
                provider_refund_id: null,
                kind: 'requested',
              })
            }
            return id
          }),
        )
        const timelines = s.attempts.map((a, i) =>
          timeline(a, s.amount, attemptIds[i] as string, ourIds[i] as string[]),
        )

        // In order: every snapshot of every attempt, as it happened.
        const inOrder = newStore(s, attemptIds, ourRefunds)
        timelines.forEach((tl, i) => {
          for (const snap of tl) deliver(inOrder, attemptIds[i] as string, snap)
        })

        // Shuffled: a random multiset of snapshots (duplicates = redeliveries), always including each
        // attempt's final state (reconciliation reads it eventually), in a random order.
        const rand = mulberry32(seed)
        const deliveries: [string, ProviderPayment][] = []
        timelines.forEach((tl, i) => {
          const id = attemptIds[i] as string
          for (const snap of tl) {
            const copies = Math.floor(rand() * 3)
            for (let k = 0; k < copies; k++) deliveries.push([id, snap])
          }
          deliveries.push([id, tl[tl.length - 1] as ProviderPayment])
        })
        for (let i = deliveries.length - 1; i > 0; i--) {
          const j = Math.floor(rand() * (i + 1))
          ;[deliveries[i], deliveries[j]] = [deliveries[j] as never, deliveries[i] as never]
        }
        const shuffled = newStore(s, attemptIds, ourRefunds)
        for (const [id, snap] of deliveries) deliver(shuffled, id, snap)
        // …and a final redelivery of everything changes nothing.
        const before = balances(shuffled)
        for (const [i, tl] of timelines.entries()) {
          deliver(shuffled, attemptIds[i] as string, tl[tl.length - 1] as ProviderPayment)
        }
        expect(balances(shuffled)).toEqual(before)

        expect(balances(shuffled)).toEqual(balances(inOrder))
        expect(shuffled.payment.status).toBe(inOrder.payment.status)

        // And the balances are what the provider did: captures, minus fees and succeeded refunds.
        let provider = 0n
        timelines.forEach((tl) => {
          const last = tl[tl.length - 1] as ProviderPayment
          if (last.status !== 'paid') return
          provider += s.amount - (last.fee ?? 0n)
          for (const r of last.refunds) if (r.status === 'succeeded') provider -= r.amount
        })
        expect(balances(shuffled)['120/general'] ?? 0n).toBe(provider)
        expect(balances(shuffled)['230/owner'] ?? 0n).toBe(-provider)
      }),
      { numRuns: 3000 },
    )
  })
})

/** A small seeded PRNG, so a failing shuffle replays from fast-check's seed. */
function mulberry32(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
