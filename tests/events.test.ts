import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { publish } from '../modules/platform/events.ts'
import { listFailedJobs, retryFailedJobs } from '../modules/platform/failed-jobs.ts'
import { defineJob, defineModule, jobName } from '../modules/platform/module.ts'
import { eventJobId, startRelay } from '../modules/platform/relay.ts'
import { startWorker } from '../services/worker/worker.ts'
import { createEffectsTable, effectModule, effectRequested, recordEffect } from './fixtures/effect-module.ts'
import { createTestContext, type TestContext } from './support/context.ts'
import { eventually } from './support/smtp.ts'

let t: TestContext

beforeAll(async () => {
  t = await createTestContext({ modules: [effectModule] })
  await createEffectsTable(t.services.db)
})
afterAll(() => t.close())
beforeEach(async () => {
  await sql`truncate test_effects, outbox, processed_events`.execute(t.services.db)
  await t.services.queues.ledger.obliterate({ force: true })
})

const effects = async (label: string) =>
  Number(
    (
      await sql<{ n: bigint }>`select count(*) as n from test_effects where label = ${label}`.execute(
        t.services.db,
      )
    ).rows[0]!.n,
  )

async function publishOne(label: string, slow = false): Promise<string> {
  return t.services.db.transaction().execute((trx) => publish(trx, effectRequested, { label, slow }))
}

describe('outbox → relay → handler', () => {
  it('delivers a committed event to its handler exactly once, even when two relays run and the job is delivered twice', async () => {
    const eventId = await publishOne('twice')
    // Two relays over the same outbox (as two worker processes would run), draining at once.
    const a = startRelay({ services: t.services, handlers: [recordEffect], sweepMs: 60_000 })
    const b = startRelay({ services: t.services, handlers: [recordEffect], sweepMs: 60_000 })
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()])
    // A crash after enqueueing but before marking the row sent: the row is relayed again.
    await t.services.db.updateTable('outbox').set({ sent_at: null }).execute()
    await a.drain()
    await Promise.all([a.stop(), b.stop()])

    const jobs = await t.services.queues.ledger.getJobs([
      'wait',
      'delayed',
      'active',
      'completed',
      'prioritized',
    ])
    expect(jobs.map((j) => j.id)).toEqual([eventJobId(eventId, recordEffect.name)])
    // And BullMQ delivering the same event twice (a duplicate job under another id).
    await t.services.queues.ledger.add(recordEffect.name, jobs[0]!.data, { jobId: `${eventId}.duplicate` })

    const worker = await startWorker(t.services, [effectModule])
    try {
      await eventually(
        async () => (await t.services.queues.ledger.getCompletedCount()) === 2,
        15_000,
        'both jobs',
      )
      expect(await effects('twice')).toBe(1)
      const processed = await t.services.db.selectFrom('processed_events').selectAll().execute()
      expect(processed).toEqual([
        expect.objectContaining({ event_id: eventId, handler: 'test.record-effect' }),
      ])
    } finally {
      await worker.stop()
    }
  })

  it('publishes nothing for a rolled-back transaction', async () => {
    await expect(
      t.services.db.transaction().execute(async (trx) => {
        await publish(trx, effectRequested, { label: 'rolled-back' })
        throw new Error('abort')
      }),
    ).rejects.toThrow('abort')
    const relay = startRelay({ services: t.services, handlers: [recordEffect], sweepMs: 60_000 })
    expect(await relay.drain()).toBe(0)
    await relay.stop()
    expect(await t.services.db.selectFrom('outbox').selectAll().execute()).toEqual([])
    expect(await t.services.queues.ledger.count()).toBe(0)
  })

  it('refuses to publish outside a transaction and validates the payload', async () => {
    await expect(publish(t.services.db as never, effectRequested, { label: 'x' })).rejects.toThrow(
      /transaction/,
    )
    await expect(
      t.services.db.transaction().execute((trx) => publish(trx, effectRequested, { label: 42 } as never)),
    ).rejects.toThrow()
  })

  it('wakes the relay by NOTIFY as soon as the transaction commits', async () => {
    const worker = await startWorker(t.services, [effectModule])
    try {
      // The sweep is 500 ms in tests; the notification makes it much faster, but either delivers.
      await publishOne('notified')
      await eventually(async () => (await effects('notified')) === 1, 10_000, 'effect')
      const row = await t.services.db.selectFrom('outbox').select('sent_at').executeTakeFirstOrThrow()
      expect(row.sent_at).toBeInstanceOf(Date)
    } finally {
      await worker.stop()
    }
  })
})

describe('a worker killed in the middle of a job', () => {
  const children: ChildProcess[] = []
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL')
  })

  function startChild(marker: string): ChildProcess {
    const child = spawn(process.execPath, [path.resolve('tests/fixtures/effect-worker.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: t.config.DATABASE_URL,
        REDIS_URL: t.config.REDIS_URL,
        REDIS_PREFIX: t.config.REDIS_PREFIX,
        SMTP_URL: t.config.SMTP_URL,
        LOG_LEVEL: 'silent',
        OUTBOX_SWEEP_MS: '300',
        EFFECT_MARKER: marker,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    children.push(child)
    return child
  }

  it('leaves no half effect, and the job completes once after a restart', async () => {
    const marker = path.join(mkdtempSync(path.join(tmpdir(), 'effect-')), 'started')
    const first = startChild(marker)
    await publishOne('crash', true)
    // The handler has written its effect inside its transaction and now hangs before commit.
    await eventually(async () => existsSync(marker), 20_000, 'the job to start')
    first.kill('SIGKILL')
    await new Promise((r) => first.once('exit', r))
    expect(await effects('crash')).toBe(0)
    expect(await t.services.db.selectFrom('processed_events').selectAll().execute()).toEqual([])

    startChild(marker)
    await eventually(async () => (await effects('crash')) === 1, 30_000, 'the job to complete after restart')
    await new Promise((r) => setTimeout(r, 1500))
    expect(await effects('crash')).toBe(1)
  })
})

describe('jobs that exhausted their retries', () => {
  let broken = true
  const runs: string[] = []
  const flaky = defineJob({
    name: 'test.flaky',
    version: 1,
    queue: 'ledger',
    schema: z.object({ n: z.number() }),
    async handle({ data }) {
      runs.push(`run ${data.n}`)
      if (broken) throw new Error('downstream unavailable')
    },
  })

  it('are listed with their reason and can be run again', async () => {
    const worker = await startWorker(t.services, [defineModule({ name: 'flaky', jobs: [flaky] })])
    try {
      await t.services.queues.ledger.add(
        jobName(flaky),
        { n: 1 },
        { attempts: 2, backoff: { type: 'fixed', delay: 10 } },
      )
      await eventually(
        async () => (await t.services.queues.ledger.getFailedCount()) === 1,
        10_000,
        'the job to fail',
      )
      expect(runs).toEqual(['run 1', 'run 1'])
      const failed = await listFailedJobs(t.services.queues)
      expect(failed).toEqual([
        expect.objectContaining({
          queue: 'ledger',
          name: 'test.flaky@v1',
          attempts: 2,
          failed_reason: 'downstream unavailable',
        }),
      ])

      broken = false
      expect(await retryFailedJobs(t.services.queues, 'ledger', failed[0]!.id)).toBe(1)
      await eventually(
        async () => (await t.services.queues.ledger.getCompletedCount()) === 1,
        10_000,
        'the retry',
      )
      expect(await listFailedJobs(t.services.queues)).toEqual([])
    } finally {
      await worker.stop()
    }
  })

  it('refuses a payload that does not match the job schema', async () => {
    const worker = await startWorker(t.services, [defineModule({ name: 'flaky', jobs: [flaky] })])
    try {
      await t.services.queues.ledger.add(jobName(flaky), { n: 'one' }, { attempts: 1 })
      await eventually(
        async () => (await t.services.queues.ledger.getFailedCount()) === 1,
        10_000,
        'the job to fail',
      )
      const [job] = await listFailedJobs(t.services.queues, 'ledger')
      expect(job!.failed_reason).toContain('expected number')
    } finally {
      await worker.stop()
    }
  })
})
