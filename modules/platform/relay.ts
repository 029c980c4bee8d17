import { type Selectable, sql } from 'kysely'
import pg from 'pg'
import type { Outbox } from './db-types.ts'
import type { EventEnvelope } from './events.ts'
import type { Logger } from './logger.ts'
import type { EventHandler, Services } from './module.ts'
import type { QueueName } from './queues.ts'

/** Job id of one handler's job for one event: the same event never becomes two jobs of a handler. */
export const eventJobId = (eventId: string, handler: string) => `${eventId}.${handler}`

/** The envelope every job of an outbox row carries. */
export const envelopeOf = (
  row: Pick<Selectable<Outbox>, 'id' | 'name' | 'payload' | 'actor' | 'request_id' | 'created_at'>,
): EventEnvelope => ({
  id: row.id,
  name: row.name,
  payload: row.payload,
  actor: row.actor as EventEnvelope['actor'],
  request_id: row.request_id,
  created_at: row.created_at.toISOString(),
})

export interface RelayOptions {
  services: Services
  handlers: readonly EventHandler[]
  /** Rows claimed per transaction. */
  batchSize?: number
  /** Safety-net sweep for rows whose notification was missed (relay down, connection lost). */
  sweepMs?: number
}

export interface Relay {
  /** Moves every committed, unsent outbox row to its handlers' queues; returns how many rows. */
  drain(): Promise<number>
  stop(): Promise<void>
}

/**
 * Moves committed outbox rows into BullMQ. Woken by LISTEN/NOTIFY the moment a transaction that
 * wrote events commits, with a periodic sweep as a safety net. Rows are claimed with
 * `FOR UPDATE SKIP LOCKED`, so several relays (one per worker process) share the work without
 * sending a row twice at the same time; and because each job id is derived from the event id, a
 * row sent again after a crash between enqueue and commit is ignored by BullMQ, and the handler's
 * `once()` record covers the case where the first job already ran and was removed.
 */
export function startRelay({ services, handlers, batchSize = 500, sweepMs }: RelayOptions): Relay {
  const { db, queues, log: parentLog, config } = services
  const log: Logger = parentLog.child({ component: 'outbox-relay' })
  const byEvent = new Map<string, EventHandler[]>()
  for (const h of handlers) byEvent.set(h.event.name, [...(byEvent.get(h.event.name) ?? []), h])

  let stopped = false
  let running: Promise<number> | null = null
  let again = false

  async function drainOnce(): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('outbox')
        .selectAll()
        .where('sent_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
        .execute()
      if (rows.length === 0) return 0
      // One bulk add per queue (one Redis round trip) instead of one per job: a burst of events
      // reaches the workers as fast as they can take it.
      const jobs = new Map<QueueName, { name: string; data: EventEnvelope; opts: { jobId: string } }[]>()
      for (const row of rows) {
        const envelope = envelopeOf(row)
        for (const handler of byEvent.get(row.name) ?? []) {
          const job = {
            name: handler.name,
            data: envelope,
            opts: { jobId: eventJobId(row.id, handler.name) },
          }
          const list = jobs.get(handler.queue)
          if (list) list.push(job)
          else jobs.set(handler.queue, [job])
        }
      }
      await Promise.all([...jobs].map(([queue, list]) => queues[queue].addBulk(list)))
      // The re-drive sweep (redrive.ts) looks at a sent row once its handlers have had time to
      // run; a row no handler takes is settled at once and never looked at again.
      const unhandled = rows.filter((r) => !byEvent.has(r.name)).map((r) => r.id)
      await trx
        .updateTable('outbox')
        .set({
          sent_at: sql`now()`,
          attempts: sql`attempts + 1`,
          check_at: sql`now() + ${config.OUTBOX_REDRIVE_AFTER_MS} * interval '1 millisecond'`,
          settled_at: unhandled.length ? sql`case when id = any(${unhandled}::uuid[]) then now() end` : null,
        })
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute()
      log.debug({ count: rows.length }, 'outbox rows relayed')
      return rows.length
    })
  }

  /** Drains until empty; concurrent wake-ups while draining coalesce into one more pass. */
  function drain(): Promise<number> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      let total = 0
      try {
        do {
          again = false
          let n: number
          do {
            n = await drainOnce()
            total += n
          } while (n === batchSize && !stopped)
        } while (again && !stopped)
      } catch (err) {
        log.error({ err }, 'outbox relay pass failed; the next sweep retries')
      } finally {
        running = null
      }
      return total
    })()
    return running
  }

  let listener: pg.Client | null = null
  let reconnectTimer: NodeJS.Timeout | null = null
  async function listen(): Promise<void> {
    if (stopped) return
    const client = new pg.Client({ connectionString: config.DATABASE_URL, application_name: 'cardpay-relay' })
    client.on('notification', () => void drain())
    client.on('error', (err) => {
      log.warn({ err: err.message }, 'relay LISTEN connection lost; reconnecting')
      listener = null
      client.end().catch(() => {})
      if (!stopped) reconnectTimer = setTimeout(() => void listen(), 1000)
    })
    try {
      await client.connect()
      await client.query('LISTEN outbox')
      listener = client
      void drain() // rows committed while we were not listening
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'relay could not LISTEN; retrying')
      client.end().catch(() => {})
      if (!stopped) reconnectTimer = setTimeout(() => void listen(), 2000)
    }
  }
  void listen()
  const sweep = setInterval(() => void drain(), sweepMs ?? config.OUTBOX_SWEEP_MS)

  return {
    drain,
    async stop() {
      stopped = true
      clearInterval(sweep)
      if (reconnectTimer) clearTimeout(reconnectTimer)
      await running
      await listener?.end().catch(() => {})
    },
  }
}
