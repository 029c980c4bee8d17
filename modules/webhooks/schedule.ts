import type { Queues } from '../platform/queues.ts'

/**
 * How retries are scheduled, and why this way.
 *
 * Each automatic attempt is its own BullMQ job with a deterministic id, `delivery.<uuid>.<n>`. The
 * job makes one HTTP attempt, records it and the delivery's new state in one transaction (whatever
 * the merchant answered: a failed attempt is a result, not a job failure), and then adds attempt
 * n+1 as a delayed job when the schedule says so. We chose this over BullMQ's own retries with a
 * custom backoff because:
 * - the database, not Redis, knows what is due: `next_attempt_at` and `automatic_attempts` say which
 *   job should exist, so the sweeper can rebuild a lost one exactly (same id) and a duplicate add is
 *   a no-op;
 * - every attempt is recorded in its own committed transaction before the next is planned, so a
 *   crash never loses one, and a retried job recognises that its attempt was already made;
 * - the schedule (WEBHOOK_RETRY_SCHEDULE) is read when each attempt finishes, so a change applies to
 *   deliveries already under way, and no worker-wide backoff setting is needed;
 * - BullMQ's job retries stay what they are on every queue: protection against our own failures
 *   (database down), not the merchant's.
 * The id uses dots: BullMQ reserves `:` in job ids (it tolerates `a:b:c` only for old repeatable
 * jobs), and the relay's event job ids use dots too.
 */

/** The job that makes one automatic attempt. */
export const attemptJob = { name: 'webhooks.attempt-delivery', version: 1 } as const

/** Job id of automatic attempt `n` (from 1) of a delivery. */
export const attemptJobId = (deliveryId: string, n: number) => `delivery.${deliveryId}.${n}`

/**
 * Delay before the automatic attempt after attempt `done` (from 1), or null when `done` used up
 * the schedule: one first attempt plus one retry per scheduled delay.
 */
export function retryDelay(schedule: readonly number[], done: number): number | null {
  return schedule[done - 1] ?? null
}

/** Puts automatic attempt `n` of a delivery on the notifications queue; a no-op if that job exists. */
export async function enqueueAttempt(
  queues: Queues,
  deliveryId: string,
  n: number,
  delayMs = 0,
): Promise<void> {
  await queues.notifications.add(
    `${attemptJob.name}@v${attemptJob.version}`,
    { delivery_id: deliveryId, attempt: n },
    { jobId: attemptJobId(deliveryId, n), ...(delayMs > 0 ? { delay: delayMs } : {}) },
  )
}
