/**
 * The ledger worker's batch path: requests of concurrent jobs posted together in one transaction
 * keep the guarantees of one posting per job (at most once per event and per source, duplicates
 * inside one batch included), a request the database refuses fails only itself, and many
 * concurrent requests from two batchers (two worker processes) post each source exactly once.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWorker } from '../../../services/worker/worker.ts'
import { createTestContext, type TestContext } from '../../../tests/support/context.ts'
import { eventually } from '../../../tests/support/smtp.ts'
import { publish } from '../../platform/events.ts'
import { type LedgerEntryRequest, ledgerEntryRequested } from '../events.ts'
import { findEntry, ledgerModule } from '../index.ts'
import type { PostingInput } from '../rules.ts'
import { postRequestedEntryHandler } from './post-requested-entry.ts'
import { createPostingBatcher } from './posting-batcher.ts'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext({ modules: [ledgerModule] })
})
afterAll(() => t.close())

let run = 0
const payment = (id: string, amount = 1000n, date = '2026-11-20'): PostingInput => ({
  journal: 'sales',
  date,
  // Characters the array parameters of a batch must carry through unchanged.
  description: `Payment ${id} "quoted", {braced} \\ NULL é`,
  source: { kind: 'batch.test', id },
  lines: [
    { account: 120, currency: 'EUR', debit: amount },
    {
      account: 230,
      sub_account: { kind: 'acceptor', external_id: `acc-${Number(amount % 7n)}` },
      currency: 'EUR',
      credit: amount - 10n,
    },
    { account: 410, currency: 'EUR', credit: 10n },
  ],
})

const batcher = (opts: Parameters<typeof createPostingBatcher>[3] = {}) =>
  createPostingBatcher(t.services.db, postRequestedEntryHandler, t.services.log, opts)

const entriesOf = (ids: string[]) =>
  t.services.db
    .selectFrom('ledger_entries')
    .select(['id', 'source_id', 'created_at'])
    .where('source_kind', '=', 'batch.test')
    .where('source_id', 'in', ids)
    .execute()

const processed = (eventIds: string[]) =>
  t.services.db
    .selectFrom('processed_events')
    .select('event_id')
    .where('handler', '=', postRequestedEntryHandler)
    .where('event_id', 'in', eventIds)
    .execute()

const unbalancedEntries = async () =>
  (
    await sql<{
      entry_id: string
    }>`select entry_id from ledger_lines group by entry_id, currency having sum(debit) <> sum(credit)`.execute(
      t.services.db,
    )
  ).rows

describe('the posting batcher', () => {
  it('posts concurrent requests in one transaction, each event and each source once, duplicates in the batch included', async () => {
    const r = `dup${++run}`
    const [e1, e2, e3, e4] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()]
    const b = batcher({ maxBatch: 10, maxWaitMs: 20 })
    const outcomes = await Promise.all([
      b.post(e1, payment(`${r}-a`)),
      b.post(e1, payment(`${r}-a`)), // the same job delivered twice
      b.post(e2, payment(`${r}-a`)), // another event for the same source
      b.post(e3, payment(`${r}-b`, 2000n)),
      b.post(e4, payment(`${r}-c`, 3000n)),
    ])
    expect(outcomes.map((o) => (o.processed ? o.posted.created : 'skipped'))).toEqual([
      true,
      'skipped',
      false,
      true,
      true,
    ])
    const [first, , sameSource] = outcomes
    if (!first?.processed || !sameSource?.processed) throw new Error('unreachable')
    expect(sameSource.posted.entry).toEqual(first.posted.entry)

    const entries = await entriesOf([`${r}-a`, `${r}-b`, `${r}-c`])
    expect(entries).toHaveLength(3)
    const stored = await findEntry(t.services.db, first.posted.entry.id)
    expect(stored?.description).toBe(payment(`${r}-a`).description)
    expect(stored?.lines.map((l) => [l.account, l.sub_account.external_id, l.debit, l.credit])).toEqual([
      [120, '', 1000n, 0n],
      [230, 'acc-6', 0n, 990n],
      [410, '', 0n, 10n],
    ])
    // One transaction: its entries share the transaction's start time.
    expect(new Set(entries.map((e) => e.created_at.getTime())).size).toBe(1)
    expect((await processed([e1, e2, e3, e4])).map((p) => p.event_id).sort()).toEqual([e1, e2, e3, e4].sort())

    // Delivered again later (a redelivered job, a replayed relay): nothing more is posted.
    const again = await Promise.all([
      b.post(e1, payment(`${r}-a`)),
      b.post(randomUUID(), payment(`${r}-b`, 2000n)),
    ])
    expect(again.map((o) => (o.processed ? o.posted.created : 'skipped'))).toEqual(['skipped', false])
    expect(await entriesOf([`${r}-a`, `${r}-b`, `${r}-c`])).toHaveLength(3)
  })

  it('fails only the request the database refuses; the rest of its batch is posted', async () => {
    const r = `bad${++run}`
    const b = batcher({ maxBatch: 20, maxWaitMs: 20 })
    const events = Array.from({ length: 8 }, () => randomUUID())
    // 30 February passes the payload's date pattern but not PostgreSQL's date type.
    const results = await Promise.allSettled(
      events.map((e, i) =>
        b.post(e, payment(`${r}-${i}`, 1000n + BigInt(i), i === 3 ? '2026-02-30' : '2026-11-20')),
      ),
    )
    expect(results.map((x) => x.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ])
    const entries = await entriesOf(events.map((_, i) => `${r}-${i}`))
    expect(entries.map((e) => e.source_id).sort()).toEqual(
      events.map((_, i) => `${r}-${i}`).filter((id) => id !== `${r}-3`),
    )
    expect((await processed(events)).map((p) => p.event_id).sort()).toEqual(
      events.filter((_, i) => i !== 3).sort(),
    )
    expect(await unbalancedEntries()).toEqual([])
  })

  it('two batchers (two worker processes) posting overlapping requests concurrently post each source once', async () => {
    const r = `conc${++run}`
    const sources = 300
    // Every source is asked for by two events, each event delivered to both batchers, in random order.
    const requests = Array.from({ length: sources * 2 }, (_, i) => ({
      event: randomUUID(),
      posting: payment(`${r}-${i % sources}`, 100n + BigInt(i % sources)),
    }))
    const deliveries = [...requests, ...requests]
      .map((x) => ({ ...x, order: Math.random() }))
      .sort((a, b) => a.order - b.order)
    const one = batcher({ maxBatch: 40, maxWaitMs: 1, maxInFlight: 3 })
    const two = batcher({ maxBatch: 25, maxWaitMs: 1, maxInFlight: 2 })
    const outcomes = await Promise.all(deliveries.map((d, i) => (i % 2 ? one : two).post(d.event, d.posting)))

    const ids = Array.from({ length: sources }, (_, i) => `${r}-${i}`)
    const entries = await entriesOf(ids)
    expect(entries).toHaveLength(sources)
    // Batched: far fewer transactions than entries.
    expect(new Set(entries.map((e) => e.created_at.getTime())).size).toBeLessThan(sources / 5)
    expect(await processed(requests.map((x) => x.event))).toHaveLength(requests.length)
    // Each event is processed by exactly one delivery, and each source is created by exactly one event.
    const processedOutcomes = outcomes.filter((o) => o.processed)
    expect(processedOutcomes).toHaveLength(requests.length)
    expect(processedOutcomes.filter((o) => o.processed && o.posted.created)).toHaveLength(sources)
    expect(await unbalancedEntries()).toEqual([])
  })
})

describe('the ledger worker', () => {
  const request = (id: string, amount: number, date = '2026-11-21'): LedgerEntryRequest => ({
    journal: 'sales',
    date,
    description: `Payment ${id}`,
    source: { kind: 'batch.test', id },
    lines: [
      { account: 120, currency: 'EUR', debit: amount },
      {
        account: 230,
        sub_account: { kind: 'acceptor', external_id: 'acc-w' },
        currency: 'EUR',
        credit: amount,
      },
    ],
  })

  it('batches queued requests; a bad one fails only its own job, duplicates post once', async () => {
    const r = `worker${++run}`
    const count = 300
    await t.services.db.transaction().execute(async (trx) => {
      for (let i = 0; i < count; i++) await publish(trx, ledgerEntryRequested, request(`${r}-${i}`, 100 + i))
      // The same source again (a provider's webhook delivered twice) and a date PostgreSQL refuses.
      await publish(trx, ledgerEntryRequested, request(`${r}-7`, 107))
      await publish(trx, ledgerEntryRequested, request(`${r}-bad`, 5, '2026-02-30'))
    })
    const worker = await startWorker(t.services, [ledgerModule])
    try {
      const ids = [...Array.from({ length: count }, (_, i) => `${r}-${i}`), `${r}-bad`]
      await eventually(async () => (await entriesOf(ids)).length === count, 30_000, 'every good entry')
      await eventually(
        async () => (await t.services.queues.ledger.getCompletedCount()) === count + 1,
        30_000,
        'every good job',
      )
      const entries = await entriesOf(ids)
      expect(entries.map((e) => e.source_id)).not.toContain(`${r}-bad`)
      expect(new Set(entries.map((e) => e.created_at.getTime())).size).toBeLessThan(count / 5)

      const [bad] = (await t.services.queues.ledger.getJobs(['delayed', 'failed'])).filter(
        (j) => (j.data as { payload: LedgerEntryRequest }).payload.source.id === `${r}-bad`,
      )
      expect(bad?.attemptsMade).toBeGreaterThanOrEqual(1)
      expect(bad?.failedReason).toMatch(/date/)
      expect(await unbalancedEntries()).toEqual([])
    } finally {
      await worker.stop()
    }
  }, 60_000)
})
