/**
 * Property: random sequences of payments, refunds, fees, payouts and card loads, delivered with
 * duplicates and reversals in any order (a reversal that arrives before its entry is retried, as
 * a job would be), always leave every entry and the whole ledger balanced and end with the same
 * balances as delivering them once, in order. Thousands of runs against the pure rules, a few
 * hundred through PostgreSQL inside a rolled-back transaction (deferred checks forced), and a few
 * through the outbox, the relay and the worker.
 */
import fc from 'fast-check'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWorker } from '../../services/worker/worker.ts'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { eventually } from '../../tests/support/smtp.ts'
import type { Trx } from '../platform/db.ts'
import { publish } from '../platform/events.ts'
import { accounts } from './chart.ts'
import { postEntries, postEntry, reverseEntry } from './commands/post-entry.ts'
import { findEntryBySource } from './db/entries.ts'
import { ledgerEntryRequested } from './events.ts'
import { ledgerModule } from './index.ts'
import { balances } from './queries/balances.ts'
import {
  balanceKey,
  isBalanced,
  LedgerModel,
  type PostingInput,
  type PostingLine,
  validatePosting,
} from './rules.ts'

type Lines = PostingLine[]
const currency = fc.constantFrom('EUR', 'USD')
const amount = fc.bigInt({ min: 1n, max: 5_000_000n })
const party = (kind: 'acceptor' | 'card' | 'customer') =>
  fc.constantFrom('1', '2', '3').map((n) => ({ kind, external_id: `${kind}-${n}` }))

/** Shapes of real postings: a paid payment split to an acceptor with a fee and VAT, a refund, a provider fee, a payout, a card load. */
const lines: fc.Arbitrary<{ journal: PostingInput['journal']; lines: Lines }> = fc.oneof(
  fc
    .record({
      c: currency,
      gross: amount,
      fee: fc.bigInt({ min: 1n, max: 1000n }),
      acceptor: party('acceptor'),
    })
    .map(({ c, gross, fee, acceptor }) => {
      const vat = (fee * 21n) / 121n
      return {
        journal: 'sales' as const,
        lines: [
          { account: accounts.payment_provider, currency: c, debit: gross + fee },
          { account: accounts.acceptor, sub_account: acceptor, currency: c, credit: gross },
          { account: accounts.income, currency: c, credit: fee - vat },
          ...(vat > 0n ? [{ account: accounts.vat_on_sales, currency: c, credit: vat }] : []),
        ],
      }
    }),
  fc.record({ c: currency, a: amount, acceptor: party('acceptor') }).map(({ c, a, acceptor }) => ({
    journal: 'sales' as const,
    lines: [
      { account: accounts.acceptor, sub_account: acceptor, currency: c, debit: a },
      { account: accounts.payment_provider, currency: c, credit: a },
    ],
  })),
  fc.record({ c: currency, a: amount }).map(({ c, a }) => ({
    journal: 'purchase' as const,
    lines: [
      { account: accounts.others, currency: c, debit: a },
      { account: accounts.payment_provider, currency: c, credit: a },
    ],
  })),
  fc.record({ c: currency, a: amount, acceptor: party('acceptor') }).map(({ c, a, acceptor }) => ({
    journal: 'bank' as const,
    lines: [
      { account: accounts.acceptor, sub_account: acceptor, currency: c, debit: a },
      { account: accounts.payment_provider, currency: c, credit: a },
    ],
  })),
  fc
    .record({ c: currency, a: amount, card: party('card'), customer: party('customer') })
    .map(({ c, a, card, customer }) => ({
      journal: 'cards' as const,
      lines: [
        { account: accounts.receivables, sub_account: customer, currency: c, debit: a },
        { account: accounts.cards, sub_account: card, currency: c, credit: a },
      ],
    })),
)

type Delivery = { op: 'post'; i: number } | { op: 'reverse'; i: number }

interface Scenario {
  postings: PostingInput[]
  reversals: number[]
  deliveries: Delivery[]
}

/** Postings, which of them get reversed, and every message delivered 1–3 times in a random order. */
const scenario = (prefix: () => string, maxPostings = 10): fc.Arbitrary<Scenario> =>
  fc
    .array(lines, { minLength: 1, maxLength: maxPostings })
    .chain((shapes) => {
      const run = prefix()
      const postings = shapes.map((s, i) => ({
        ...s,
        date: `2026-11-${String(10 + (i % 15)).padStart(2, '0')}`,
        description: `posting ${i}`,
        source: { kind: 'test.event', id: `${run}-${i}` },
      }))
      const n = postings.length
      return fc.record({
        postings: fc.constant(postings),
        reversals: fc.uniqueArray(fc.nat(n - 1), { maxLength: n }),
        copies: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 2 * n, maxLength: 2 * n }),
      })
    })
    .chain(({ postings, reversals, copies }) => {
      const all: Delivery[] = []
      postings.forEach((_, i) => {
        for (let k = 0; k < copies[i]!; k++) all.push({ op: 'post', i })
      })
      for (const i of reversals)
        for (let k = 0; k < copies[postings.length + i]!; k++) all.push({ op: 'reverse', i })
      return fc
        .shuffledSubarray(all, { minLength: all.length, maxLength: all.length })
        .map((deliveries) => ({ postings, reversals, deliveries }))
    })

/**
 * Delivers messages in the given order; a reversal whose entry has not been posted yet goes back to
 * the end of the queue, like a job retried later. Returns when everything was delivered.
 */
async function deliver(s: Scenario, apply: (d: Delivery) => Promise<boolean>): Promise<void> {
  const queue = [...s.deliveries]
  let stalled = 0
  while (queue.length) {
    const d = queue.shift()!
    if (await apply(d)) stalled = 0
    else {
      queue.push(d)
      if (++stalled > queue.length) throw new Error('delivery cannot make progress')
    }
  }
}

/** The expected balances: each posting once, in order, then the reversals. */
function expected(s: Scenario, model = new LedgerModel()): LedgerModel {
  for (const p of s.postings) model.post(p)
  for (const i of s.reversals) model.reverse(s.postings[i]!.source)
  return model
}

const sumsBalance = (m: Map<string, bigint>) => {
  const per = new Map<string, bigint>()
  for (const [k, v] of m) {
    const c = k.slice(-3)
    per.set(c, (per.get(c) ?? 0n) + v)
  }
  return [...per.values()].every((v) => v === 0n)
}

let counter = 0
const nextPrefix = () => `r${++counter}`

describe('ledger properties (pure rules)', () => {
  it('any delivery order with duplicates and reversals ends balanced with the same balances', async () => {
    await fc.assert(
      fc.asyncProperty(scenario(nextPrefix, 14), async (s) => {
        const model = new LedgerModel()
        await deliver(s, async (d) => {
          const p = s.postings[d.i]!
          if (d.op === 'post') {
            model.post(p)
            return true
          }
          if (!model.entries.has(`${p.source.kind}/${p.source.id}`)) return false
          model.reverse(p.source)
          return true
        })
        for (const entryLines of model.entries.values()) expect(isBalanced(entryLines)).toBe(true)
        expect(sumsBalance(model.balances())).toBe(true)
        expect(model.balances()).toEqual(expected(s).balances())
      }),
      { numRuns: 3000 },
    )
  })

  it('every generated posting passes validation and any changed amount fails it', () => {
    fc.assert(
      fc.property(lines, fc.nat(3), (shape, k) => {
        const input = { ...shape, date: '2026-11-22', description: 'x', source: { kind: 'k', id: 'i' } }
        expect(isBalanced(validatePosting(input))).toBe(true)
        const i = k % shape.lines.length
        const broken = shape.lines.map((l, j) =>
          j === i ? { ...l, ...(l.debit ? { debit: l.debit + 1n } : { credit: (l.credit ?? 0n) + 1n }) } : l,
        )
        expect(() => validatePosting({ ...input, lines: broken })).toThrow()
      }),
      { numRuns: 2000 },
    )
  })
})

describe('ledger properties (PostgreSQL)', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await createTestContext({ modules: [ledgerModule] })
  })
  afterAll(() => t.close())

  const dbBalances = async (trx: Trx | TestContext['services']['db']) => {
    const out = new Map<string, bigint>()
    for (const b of await balances(trx)) {
      if (b.balance !== 0n)
        out.set(
          balanceKey({
            account: b.account,
            kind: b.sub_account.kind,
            external_id: b.sub_account.external_id,
            currency: b.currency,
          }),
          b.balance,
        )
    }
    return out
  }
  const unbalancedEntries = async (trx: Trx | TestContext['services']['db']) =>
    (
      await sql<{
        entry_id: string
      }>`select entry_id from ledger_lines group by entry_id, currency having sum(debit) <> sum(credit)`.execute(
        trx,
      )
    ).rows

  async function applyDirect(trx: Trx, s: Scenario, d: Delivery): Promise<boolean> {
    const p = s.postings[d.i]!
    if (d.op === 'post') {
      await postEntry(trx, p)
      return true
    }
    const entry = await findEntryBySource(trx, p.source)
    if (!entry) return false
    await reverseEntry(trx, { entry_id: entry.id, date: p.date })
    return true
  }

  class Rollback extends Error {}

  /** Consecutive postings go through `postEntries` in batches of up to `size`, reversals one by one. */
  async function deliverBatched(trx: Trx, s: Scenario, size: number): Promise<void> {
    let pending: PostingInput[] = []
    const flush = async () => {
      if (pending.length) await postEntries(trx, pending)
      pending = []
    }
    await deliver(s, async (d) => {
      if (d.op === 'post') {
        pending.push(s.postings[d.i]!)
        if (pending.length >= size) await flush()
        return true
      }
      await flush()
      return applyDirect(trx, s, d)
    })
    await flush()
  }

  it('in a transaction: any order, duplicates and reversals give the expected balances and balanced entries', async () => {
    await fc.assert(
      fc.asyncProperty(scenario(nextPrefix, 8), fc.integer({ min: 0, max: 6 }), async (s, batch) => {
        await t.services.db
          .transaction()
          .execute(async (trx) => {
            // Some runs post one entry per call (postEntry), the others in batches of 1–6 (postEntries).
            if (batch === 0) await deliver(s, (d) => applyDirect(trx, s, d))
            else await deliverBatched(trx, s, batch)
            // Run the deferred commit-time balance checks now, then roll everything back.
            await sql`set constraints all immediate`.execute(trx)
            expect(await unbalancedEntries(trx)).toEqual([])
            const got = await dbBalances(trx)
            expect(sumsBalance(got)).toBe(true)
            expect(got).toEqual(expected(s).balances())
            const entries = await trx
              .selectFrom('ledger_entries')
              .select((eb) => eb.fn.countAll<bigint>().as('n'))
              .executeTakeFirstOrThrow()
            expect(Number(entries.n)).toBe(s.postings.length + s.reversals.length)
            throw new Rollback()
          })
          .catch((e) => {
            if (!(e instanceof Rollback)) throw e
          })
      }),
      { numRuns: 250 },
    )
    // 250 transactions against PostgreSQL: seconds on a quiet machine, more beside the other files'
    // worker processes (the credit crash test) on two cores.
  }, 120_000)

  it('through the outbox and the worker: duplicated, reordered events post once each', async () => {
    const model = new LedgerModel()
    const runs = fc.sample(scenario(nextPrefix, 10), { numRuns: 4, seed: 42 })
    const worker = await startWorker(t.services, [ledgerModule])
    try {
      let events = 0
      for (const s of runs) {
        // Each delivery of a posting is its own event (a provider webhook delivered again, a job
        // redelivered), published in the scenario's random order.
        for (const d of s.deliveries.filter((x) => x.op === 'post')) {
          const p = s.postings[d.i]!
          await t.services.db.transaction().execute((trx) =>
            publish(trx, ledgerEntryRequested, {
              ...p,
              lines: p.lines.map((l) => ({
                ...l,
                debit: Number(l.debit ?? 0n),
                credit: Number(l.credit ?? 0n),
              })),
            }),
          )
          events++
        }
        expected({ ...s, reversals: [] }, model)
      }
      await eventually(
        async () => (await t.services.queues.ledger.getCompletedCount()) === events,
        30_000,
        'every posting job',
      )
      expect(await t.services.queues.ledger.getFailedCount()).toBe(0)
      // Reversals arrive afterwards, some twice.
      for (const s of runs) {
        for (const d of s.deliveries.filter((x) => x.op === 'reverse')) {
          await t.services.db.transaction().execute((trx) => applyDirect(trx, s, d))
          model.reverse(s.postings[d.i]!.source)
        }
      }
      expect(await unbalancedEntries(t.services.db)).toEqual([])
      expect(await dbBalances(t.services.db)).toEqual(model.balances())
      const entries = await t.services.db
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .executeTakeFirstOrThrow()
      expect(Number(entries.n)).toBe(runs.reduce((n, s) => n + s.postings.length + s.reversals.length, 0))
    } finally {
      await worker.stop()
    }
  }, 60_000)
})
