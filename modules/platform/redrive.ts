import type { Job } from 'bullmq'
import { sql } from 'kysely'
import type { Db } from './db.ts'
import type { Logger } from './logger.ts'
import type { EventHandler, Services } from './module.ts'
import { envelopeOf, eventJobId } from './relay.ts'

export interface RedriveOptions {
  services: Services
  handlers: readonly EventHandler[]
  /** Rows looked at per transaction. */
  batchSize?: number
}

/** What one pass of the sweep did. */
export interface RedrivePass {
  /** Sent rows looked at. */
  checked: number
  /** Rows every handler of which has handled the event: never looked at again. */
  settled: number
  /** Rows whose failed or missing handler jobs were queued again. */
  redriven: number
  /** Rows with a failed or missing job and no re-drive left. */
  stuck: number
}

export interface Redrive {
  /** Looks at every sent row that is due, until none is; answers what it did. */
  sweep(): Promise<RedrivePass>
  stop(): Promise<void>
}

/** How a handler's job for an event stands, as far as the sweep can tell. */
type Standing = 'done' | 'in-flight' | { redrive: Job | null; reason: string }

/**
 * Re-drives outbox events whose handler job ended without handling them: failed for good (BullMQ
 * used up its attempts, or the job stalled past the stalled limit) or vanished (Redis lost its
 * data, someone removed the job). The relay only promises that jobs were queued; this closes the
 * loop, with the database as the source of truth as everywhere else.
 *
 * Every worker process runs it on a timer, like the relay's own sweep, and not as a BullMQ
 * repeatable job: it exists to repair what Redis lost, so it must not depend on a scheduler that
 * lives in Redis. Rows are claimed with `FOR UPDATE SKIP LOCKED`, so the workers share the work and
 * one event is never re-driven by two of them at once.
 *
 * A sent row is looked at `OUTBOX_REDRIVE_AFTER_MS` after sending (`check_at`). For each of its
 * handlers: a `processed_events` record (`once()`) or a completed job means done; a job waiting,
 * delayed or running means look again next sweep; a failed job is retried, and a missing one added
 * again, under the same job id (`<event id>.<handler>`), so a job that is in fact still there is
 * never doubled and `once()` keeps the effect single. A row is re-driven at most
 * `OUTBOX_REDRIVE_MAX` times, `OUTBOX_REDRIVE_BACKOFF_MS` × 1, 2, 4 … apart; after that it stays
 * unsettled and is counted as stuck (`/api/v1/ready`, `npm run jobs -- outbox`) for a person to
 * look at, and the sweep still notices when a manual retry handles it.
 */
export function startRedrive({ services, handlers, batchSize = 200 }: RedriveOptions): Redrive {
  const { db, config } = services
  const log: Logger = services.log.child({ component: 'outbox-redrive' })
  const byEvent = new Map<string, EventHandler[]>()
  for (const h of handlers) byEvent.set(h.event.name, [...(byEvent.get(h.event.name) ?? []), h])
  const max = config.OUTBOX_REDRIVE_MAX
  const backoffMs = config.OUTBOX_REDRIVE_BACKOFF_MS

  /**
   * Asks by the job's hash and the completed and failed sets only (O(1) each), not `getJobState`,
   * which searches the waiting list and so costs a scan per job when a queue has a backlog.
   */
  async function standing(h: EventHandler, eventId: string): Promise<Standing> {
    const job = await services.queues[h.queue].getJob(eventJobId(eventId, h.name))
    if (!job) return { redrive: null, reason: `${h.name}: job missing` }
    if (await job.isCompleted()) return 'done'
    if (!(await job.isFailed())) return 'in-flight'
    return { redrive: job, reason: `${h.name}: ${job.failedReason || 'failed'}`.slice(0, 500) }
  }

  async function passOnce(): Promise<RedrivePass> {
    return db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('outbox')
        .select(['id', 'name', 'payload', 'actor', 'request_id', 'created_at', 'redrives'])
        .where('settled_at', 'is', null)
        .where('check_at', '<=', sql<Date>`now()`)
        .orderBy('check_at')
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
        .execute()
      const pass: RedrivePass = { checked: rows.length, settled: 0, redriven: 0, stuck: 0 }
      if (rows.length === 0) return pass
      const processed = new Set(
        (
          await trx
            .selectFrom('processed_events')
            .select(['event_id', 'handler'])
            .where(
              'event_id',
              'in',
              rows.map((r) => r.id),
            )
            .execute()
        ).map((p) => `${p.event_id} ${p.handler}`),
      )
      const settled: string[] = []
      const later: string[] = []
      const stuck: { id: string; name: string; reasons: string[] }[] = []
      // One Redis round trip per unrecorded (event, handler), all under way at once. Settled, not
      // all: a failure must not leave other rows' work running on a transaction rolled back.
      const outcomes = await Promise.allSettled(
        rows.map(async (row) => {
          const open = (byEvent.get(row.name) ?? []).filter((h) => !processed.has(`${row.id} ${h.name}`))
          const states = await Promise.all(open.map(async (h) => ({ h, s: await standing(h, row.id) })))
          const toRedrive = states.filter((x) => typeof x.s === 'object')
          if (toRedrive.length === 0) {
            if (states.every((x) => x.s === 'done')) settled.push(row.id)
            else later.push(row.id)
            return
          }
          const reasons = toRedrive.map((x) => (x.s as Exclude<Standing, string>).reason)
          if (row.redrives >= max) {
            stuck.push({ id: row.id, name: row.name, reasons })
            return
          }
          const envelope = envelopeOf(row)
          for (const { h, s } of toRedrive) {
            const job = (s as Exclude<Standing, string>).redrive
            // A failed job runs again with the attempts it has left (none, after its backoff
            // schedule ran out: one more try per re-drive, spaced by the sweep's own backoff). A
            // retry that finds it no longer failed (a person retried it meanwhile) is no harm.
            if (job)
              await job.retry('failed').catch(async (err) => {
                if (await job.isFailed()) throw err
              })
            // Under the same id: should the job be back meanwhile, this adds nothing.
            else await services.queues[h.queue].add(h.name, envelope, { jobId: eventJobId(row.id, h.name) })
          }
          const n = row.redrives + 1
          await trx
            .updateTable('outbox')
            .set({
              redrives: n,
              last_error: reasons.join('; ').slice(0, 2000),
              check_at: sql`now() + ${backoffMs * 2 ** (n - 1)} * interval '1 millisecond'`,
            })
            .where('id', '=', row.id)
            .execute()
          pass.redriven++
          log.warn(
            { event_id: row.id, event: row.name, request_id: row.request_id, redrive: n, of: max, reasons },
            'outbox event re-driven: a handler job of it failed for good or is missing',
          )
        }),
      )
      const failure = outcomes.find((o) => o.status === 'rejected')
      if (failure) throw failure.reason
      if (settled.length) {
        await trx.updateTable('outbox').set({ settled_at: sql`now()` }).where('id', 'in', settled).execute()
      }
      if (later.length) {
        // A job still waiting or retrying is looked at again a while later, not every sweep: a
        // backlog of many thousands must not cost a Redis look per event every few seconds.
        await trx
          .updateTable('outbox')
          .set({
            check_at: sql`now() + ${Math.max(config.OUTBOX_REDRIVE_MS, config.OUTBOX_REDRIVE_AFTER_MS)} * interval '1 millisecond'`,
          })
          .where('id', 'in', later)
          .execute()
      }
      if (stuck.length) {
        // Out of re-drives: looked at again only rarely, to notice a person's retry settling it.
        for (const s of stuck) {
          await trx
            .updateTable('outbox')
            .set({
              last_error: s.reasons.join('; ').slice(0, 2000),
              check_at: sql`now() + ${backoffMs * 2 ** max} * interval '1 millisecond'`,
            })
            .where('id', '=', s.id)
            .execute()
        }
        log.error(
          {
            count: stuck.length,
            events: stuck.slice(0, 20).map((s) => ({ event_id: s.id, event: s.name, reasons: s.reasons })),
          },
          `outbox events unhandled after ${max} re-drives; see \`npm run jobs -- outbox\``,
        )
      }
      pass.settled = settled.length
      pass.stuck = stuck.length
      return pass
    })
  }

  let stopped = false
  let running: Promise<RedrivePass> | null = null
  function sweep(): Promise<RedrivePass> {
    if (running) return running
    running = (async () => {
      const total: RedrivePass = { checked: 0, settled: 0, redriven: 0, stuck: 0 }
      try {
        let pass: RedrivePass
        do {
          pass = await passOnce()
          for (const k of Object.keys(total) as (keyof RedrivePass)[]) total[k] += pass[k]
        } while (pass.checked === batchSize && !stopped)
      } catch (err) {
        log.error({ err }, 'outbox re-drive pass failed; the next sweep tries again')
      } finally {
        running = null
      }
      return total
    })()
    return running
  }

  const timer = setInterval(() => void sweep(), config.OUTBOX_REDRIVE_MS)
  return {
    sweep,
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}

/**
 * Events re-driven and not yet handled (`redriving`), and those out of re-drives (`stuck`): what an
 * operator watches. Reads only rows re-driven at least once (a partial index), so it is cheap
 * enough for the readiness probe.
 */
export async function outboxRedriveCounts(
  db: Db,
  max: number,
): Promise<{ redriving: number; stuck: number }> {
  const row = await db
    .selectFrom('outbox')
    .select([
      sql<number>`count(*) filter (where redrives < ${max})::int`.as('redriving'),
      sql<number>`count(*) filter (where redrives >= ${max})::int`.as('stuck'),
    ])
    .where('settled_at', 'is', null)
    .where('redrives', '>', 0)
    .executeTakeFirstOrThrow()
  return { redriving: row.redriving, stuck: row.stuck }
}

/** Events out of re-drives, oldest first, with what failed last: for `npm run jobs -- outbox`. */
export async function listStuckEvents(db: Db, max: number, limit = 100) {
  return db
    .selectFrom('outbox')
    .select(['id', 'name', 'created_at', 'sent_at', 'redrives', 'last_error', 'request_id'])
    .where('settled_at', 'is', null)
    .where('redrives', '>', 0)
    .where('redrives', '>=', max)
    .orderBy('created_at')
    .limit(limit)
    .execute()
}
