import { UnrecoverableError } from 'bullmq'
import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineEvent, publish } from '../modules/platform/events.ts'
import { defineHandler, defineModule } from '../modules/platform/module.ts'
import { once } from '../modules/platform/once.ts'
import { listStuckEvents, outboxRedriveCounts, startRedrive } from '../modules/platform/redrive.ts'
import { eventJobId, startRelay } from '../modules/platform/relay.ts'
import { startWorker, type WorkerProcess } from '../services/worker/worker.ts'
import { createTestContext, type TestContext } from './support/context.ts'
import { eventually } from './support/smtp.ts'

/**
 * The outbox re-drive (modules/platform/redrive.ts) against real PostgreSQL and Redis: a handler
 * whose job failed for good, or whose job vanished from Redis, is run again later and its effect
 * happens once; an event that keeps failing is re-driven at most OUTBOX_REDRIVE_MAX times and then
 * counted as stuck. Intervals are shortened through the configuration.
 */

const redriveTried = defineEvent('test.redrive.tried', z.object({ label: z.string() }))

/** Per label: how many runs fail before the handler works (Infinity: never works). */
const failuresOf = new Map<string, number>()
const runs = new Map<string, number>()

const flaky = defineHandler({
  name: 'test.redrive-flaky',
  event: redriveTried,
  queue: 'ledger',
  async handle({ event, services }) {
    const { label } = event.payload
    const run = (runs.get(label) ?? 0) + 1
    runs.set(label, run)
    // Fails for good at once (no BullMQ retries), as a job that used up its attempts or stalled
    // past the limit ends: in the failed set.
    if (run <= (failuresOf.get(label) ?? 0)) throw new UnrecoverableError(`downstream down (run ${run})`)
    await once(services.db, event.id, 'test.redrive-flaky', async (trx) => {
      await sql`insert into test_redrive_effects (event_id, label) values (${event.id}, ${label})`.execute(
        trx,
      )
    })
  },
})
const redriveModule = defineModule({ name: 'test-redrive', handlers: [flaky] })

let t: TestContext
let worker: WorkerProcess | undefined

beforeAll(async () => {
  t = await createTestContext({
    modules: [redriveModule],
    env: {
      OUTBOX_SWEEP_MS: '200',
      OUTBOX_REDRIVE_MS: '150',
      OUTBOX_REDRIVE_AFTER_MS: '100',
      OUTBOX_REDRIVE_BACKOFF_MS: '100',
      OUTBOX_REDRIVE_MAX: '3',
    },
  })
  await sql`create table test_redrive_effects (event_id uuid not null, label text not null)`.execute(
    t.services.db,
  )
})
afterAll(async () => {
  await worker?.stop()
  await t.close()
})
beforeEach(async () => {
  await worker?.stop()
  worker = undefined
  await sql`truncate test_redrive_effects, outbox, processed_events`.execute(t.services.db)
  await t.services.queues.ledger.obliterate({ force: true })
  failuresOf.clear()
  runs.clear()
})

const publishOne = (label: string) =>
  t.services.db.transaction().execute((trx) => publish(trx, redriveTried, { label }))
const effects = async (label: string) =>
  (
    await sql<{
      n: number
    }>`select count(*)::int as n from test_redrive_effects where label = ${label}`.execute(t.services.db)
  ).rows[0]!.n
const row = (id: string) =>
  t.services.db
    .selectFrom('outbox')
    .select(['sent_at', 'settled_at', 'redrives', 'last_error'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

describe('outbox re-drive', () => {
  it('settles an event handled the first time, without a re-drive', async () => {
    worker = await startWorker(t.services, [redriveModule])
    const id = await publishOne('fine')
    await eventually(async () => (await row(id)).settled_at !== null, 10_000, 'the event to settle')
    expect(await row(id)).toMatchObject({ redrives: 0, last_error: null })
    expect(runs.get('fine')).toBe(1)
    expect(await effects('fine')).toBe(1)
  })

  it('re-drives a handler whose job failed for good, and its effect happens exactly once', async () => {
    failuresOf.set('flaky', 2)
    worker = await startWorker(t.services, [redriveModule])
    const id = await publishOne('flaky')
    await eventually(async () => (await row(id)).settled_at !== null, 15_000, 'the event to settle')
    expect(runs.get('flaky')).toBe(3)
    expect(await effects('flaky')).toBe(1)
    expect(await row(id)).toMatchObject({
      redrives: 2,
      last_error: expect.stringContaining('downstream down'),
    })
    // The same job, retried: never a second job of the handler for the event.
    const jobs = await t.services.queues.ledger.getJobs(['completed', 'failed', 'wait', 'delayed', 'active'])
    expect(jobs.map((j) => j.id)).toEqual([eventJobId(id, flaky.name)])
    expect(await outboxRedriveCounts(t.services.db, t.config.OUTBOX_REDRIVE_MAX)).toEqual({
      redriving: 0,
      stuck: 0,
    })
    // Settled rows are left alone: nothing runs again.
    await new Promise((r) => setTimeout(r, 600))
    expect(runs.get('flaky')).toBe(3)
  })

  it('re-drives an event whose job vanished from Redis', async () => {
    // The relay alone sends the event; then Redis loses the job before any worker ran it.
    const relay = startRelay({ services: t.services, handlers: [flaky], sweepMs: 60_000 })
    const id = await publishOne('lost')
    await relay.drain()
    await relay.stop()
    expect((await row(id)).sent_at).not.toBeNull()
    await t.services.queues.ledger.obliterate({ force: true })
    expect(await t.services.queues.ledger.getJobState(eventJobId(id, flaky.name))).toBe('unknown')

    worker = await startWorker(t.services, [redriveModule])
    await eventually(async () => (await row(id)).settled_at !== null, 15_000, 'the event to settle')
    expect(await effects('lost')).toBe(1)
    expect(runs.get('lost')).toBe(1)
    expect(await row(id)).toMatchObject({ redrives: 1, last_error: `${flaky.name}: job missing` })
  })

  it('re-drives an event at most OUTBOX_REDRIVE_MAX times, then counts it as stuck until a person retries it', async () => {
    failuresOf.set('broken', Number.POSITIVE_INFINITY)
    worker = await startWorker(t.services, [redriveModule])
    const id = await publishOne('broken')
    // The first run and one per re-drive.
    await eventually(async () => runs.get('broken') === 4, 15_000, 'three re-drives')
    await eventually(
      async () => (await outboxRedriveCounts(t.services.db, t.config.OUTBOX_REDRIVE_MAX)).stuck === 1,
      10_000,
      'the event to count as stuck',
    )
    // Many sweeps later (150 ms apart), still no fourth re-drive.
    await new Promise((r) => setTimeout(r, 1500))
    expect(runs.get('broken')).toBe(4)
    expect(await effects('broken')).toBe(0)
    expect(await row(id)).toMatchObject({ settled_at: null, redrives: 3 })
    expect(await listStuckEvents(t.services.db, t.config.OUTBOX_REDRIVE_MAX)).toEqual([
      expect.objectContaining({ id, name: redriveTried.name, redrives: 3 }),
    ])
    expect(await t.h.get('/api/v1/ready')).toMatchObject({
      status: 200,
      body: { status: 'ready', outbox: { redriving: 0, stuck: 1 } },
    })

    // A person mends the cause and retries the failed job; the sweep then settles the event.
    failuresOf.set('broken', 0)
    const job = await t.services.queues.ledger.getJob(eventJobId(id, flaky.name))
    await job!.retry('failed')
    await eventually(async () => (await effects('broken')) === 1, 10_000, 'the manual retry')
    await t.services.db.updateTable('outbox').set({ check_at: new Date() }).where('id', '=', id).execute()
    await eventually(async () => (await row(id)).settled_at !== null, 10_000, 'the event to settle')
    expect(await outboxRedriveCounts(t.services.db, t.config.OUTBOX_REDRIVE_MAX)).toEqual({
      redriving: 0,
      stuck: 0,
    })
  })

  it('leaves alone a job still waiting, and two sweeps re-drive a vanished one once', async () => {
    // No worker: the relay sends, the job waits.
    const relay = startRelay({ services: t.services, handlers: [flaky], sweepMs: 60_000 })
    const id = await publishOne('waiting')
    await relay.drain()
    await relay.stop()
    // Two workers' sweeps, as two processes run them.
    const a = startRedrive({ services: t.services, handlers: [flaky] })
    const b = startRedrive({ services: t.services, handlers: [flaky] })
    try {
      await new Promise((r) => setTimeout(r, 150)) // past OUTBOX_REDRIVE_AFTER_MS
      await Promise.all([a.sweep(), b.sweep()])
      expect(await row(id)).toMatchObject({ redrives: 0, settled_at: null })
      expect(await t.services.queues.ledger.getWaitingCount()).toBe(1)

      await t.services.queues.ledger.obliterate({ force: true })
      await t.services.db.updateTable('outbox').set({ check_at: new Date() }).where('id', '=', id).execute()
      const passes = await Promise.all([a.sweep(), b.sweep()])
      // And again at once: the re-driven row waits for its backoff.
      passes.push(...(await Promise.all([a.sweep(), b.sweep()])))
      expect(passes.reduce((n, p) => n + p.redriven, 0)).toBe(1)
      expect(await row(id)).toMatchObject({ redrives: 1, settled_at: null })
      const jobs = await t.services.queues.ledger.getJobs([
        'wait',
        'delayed',
        'active',
        'completed',
        'failed',
      ])
      expect(jobs.map((j) => j.id)).toEqual([eventJobId(id, flaky.name)])
    } finally {
      await Promise.all([a.stop(), b.stop()])
    }
  })

  it('settles at once an event no handler takes', async () => {
    const relay = startRelay({ services: t.services, handlers: [], sweepMs: 60_000 })
    const id = await publishOne('nobody')
    await relay.drain()
    await relay.stop()
    expect((await row(id)).settled_at).not.toBeNull()
  })
})
