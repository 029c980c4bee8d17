import type { Db } from '../platform/db.ts'
import { publish } from '../platform/events.ts'
import { accounts } from './chart.ts'
import { postEntries } from './commands/post-entry.ts'
import { type LedgerEntryRequest, ledgerEntryRequested } from './events.ts'
import type { PostingInput } from './rules.ts'

export interface LedgerBenchResult {
  entries: number
  seconds: number
  perSecond: number
  concurrency: number
  batch: number
}

/**
 * Posts balanced three-line entries (provider in, acceptor and income out, 20 acceptors' sub-accounts)
 * `batch` per transaction (postEntries), from `concurrency` concurrent posters for `seconds`, and answers
 * committed entries per second. Used by `npm run bench` against its scratch database.
 */
export async function benchPostings(
  db: Db,
  { seconds = 5, concurrency = 8, batch = 1 } = {},
): Promise<LedgerBenchResult> {
  const run = `${process.pid}-${Date.now()}`
  let n = 0
  const deadline = Date.now() + seconds * 1000
  const started = performance.now()
  const poster = async () => {
    while (Date.now() < deadline) {
      const inputs: PostingInput[] = Array.from({ length: batch }, () => {
        const i = n++
        return {
          journal: 'sales',
          date: '2026-11-22',
          description: `bench payment ${i}`,
          source: { kind: 'bench.payment', id: `${run}-${i}` },
          lines: [
            { account: accounts.payment_provider, currency: 'EUR', debit: 1250n },
            {
              account: accounts.acceptor,
              sub_account: { kind: 'acceptor', external_id: `bench-${i % 20}` },
              currency: 'EUR',
              credit: 1200n,
            },
            { account: accounts.income, currency: 'EUR', credit: 50n },
          ],
        }
      })
      await db.transaction().execute((trx) => postEntries(trx, inputs))
    }
  }
  await Promise.all(Array.from({ length: concurrency }, poster))
  const elapsed = (performance.now() - started) / 1000
  return { entries: n, seconds: elapsed, perSecond: Math.round(n / elapsed), concurrency, batch }
}

export interface QueuedLedgerBenchResult {
  entries: number
  /** From the commit of the events to the last entry committed by the worker. */
  seconds: number
  perSecond: number
  /** From the commit of the events until the relay had moved every one of them into the queue. */
  relayedSeconds: number
}

/** The three-line posting of bench event `i` as the outbox carries it (amounts as JSON numbers). */
const requestOf = (run: string, i: number): LedgerEntryRequest => ({
  journal: 'sales',
  date: '2026-11-22',
  description: `bench queued payment ${i}`,
  source: { kind: `bench.queued.${run}`, id: String(i) },
  lines: [
    { account: accounts.payment_provider, currency: 'EUR', debit: 1250 },
    {
      account: accounts.acceptor,
      sub_account: { kind: 'acceptor', external_id: `bench-${i % 20}` },
      currency: 'EUR',
      credit: 1200,
    },
    { account: accounts.income, currency: 'EUR', credit: 50 },
  ],
})

/**
 * Ledger postings end to end through the queue, as other modules ask for them: publishes `events`
 * `ledger.entry.requested` events in one transaction, and from its commit measures until a running
 * worker process (outbox relay, BullMQ `ledger` queue, posting handler) has committed every entry.
 * The worker must already be running against `db` and the same Redis; nothing here starts it.
 */
export async function benchQueuedPostings(
  db: Db,
  { events = 10_000, timeoutMs = 120_000 } = {},
): Promise<QueuedLedgerBenchResult> {
  const run = `${process.pid}-${Date.now()}`
  const kind = `bench.queued.${run}`
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < events; i++) await publish(trx, ledgerEntryRequested, requestOf(run, i))
  })
  const started = performance.now()
  const elapsed = () => (performance.now() - started) / 1000
  let relayedSeconds = Number.NaN
  for (;;) {
    if (Number.isNaN(relayedSeconds)) {
      const unsent = await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .where('sent_at', 'is', null)
        .executeTakeFirstOrThrow()
      if (unsent.n === 0n) relayedSeconds = elapsed()
    }
    const posted = await db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .where('source_kind', '=', kind)
      .executeTakeFirstOrThrow()
    if (Number(posted.n) === events) break
    if (performance.now() - started > timeoutMs)
      throw new Error(`only ${posted.n} of ${events} queued postings after ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 20))
  }
  const seconds = elapsed()
  return { entries: events, seconds, perSecond: Math.round(events / seconds), relayedSeconds }
}
