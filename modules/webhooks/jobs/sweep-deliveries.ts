import { z } from 'zod'
import type { Services } from '../../platform/module.ts'
import { defineJob } from '../../platform/module.ts'
import { attemptJobId, enqueueAttempt } from '../schedule.ts'

export interface SweepOptions {
  /** Only deliveries due at least this long ago: younger ones are normally still on their way. */
  graceMs?: number
  limit?: number
}

/**
 * Rebuilds lost attempt jobs from the database, the source of truth: every pending delivery whose
 * `next_attempt_at` has passed must have its next attempt's job (`delivery.<uuid>.<n>`) waiting,
 * delayed or running. When that job is missing (Redis lost its data, the worker died between
 * committing an attempt and queueing the next, the outbox event's job was removed) or ended
 * without its attempt being recorded, it is queued again. Answers how many were queued.
 */
export async function sweepDueDeliveries(
  services: Services,
  { graceMs = 30_000, limit = 500 }: SweepOptions = {},
): Promise<number> {
  const { db, queues, log } = services
  const due = await db
    .selectFrom('webhook_deliveries')
    .select(['id', 'automatic_attempts'])
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', new Date(Date.now() - graceMs))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute()
  let queued = 0
  for (const d of due) {
    const n = d.automatic_attempts + 1
    const job = await queues.notifications.getJob(attemptJobId(d.id, n))
    if (job) {
      const state = await job.getState()
      if (state !== 'completed' && state !== 'failed' && state !== 'unknown') continue
      // The job ended, yet its attempt is not recorded: make sure, then run it anew.
      const still = await db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('id', '=', d.id)
        .where('status', '=', 'pending')
        .where('automatic_attempts', '=', d.automatic_attempts)
        .executeTakeFirst()
      if (!still) continue
      await job.remove().catch(() => {})
    }
    await enqueueAttempt(queues, d.id, n)
    queued++
  }
  if (queued) log.warn({ queued }, 'webhook attempts re-queued by the sweeper')
  return queued
}

/** Runs the sweep every minute in the worker. */
export const sweepDeliveriesJob = defineJob({
  name: 'webhooks.sweep-deliveries',
  version: 1,
  queue: 'notifications',
  schema: z.object({}),
  schedule: { every: 60_000 },
  async handle({ services }) {
    await sweepDueDeliveries(services)
  },
})
