import { sql } from 'kysely'
import { z } from 'zod'
import type { Logger } from '../../platform/logger.ts'
import { defineJob, jobName, type Services } from '../../platform/module.ts'
import {
  type ClaimedReminder,
  claimDueReminders,
  lateMinutes,
  SendingRound,
  sendClaimed,
  warmSessions,
} from '../commands/send-reminder.ts'
import { wallClock } from '../dates.ts'
import { scheduleOf } from '../db/programs.ts'
import { catchUp } from '../planning.ts'

/**
 * The reminder engine's two jobs on the `reminders` queue (docs/credit.md, "Sending"). PostgreSQL
 * is the truth: every (bill, step) is a row with its planned instant. BullMQ only wakes workers:
 *
 * - `credit.sweep-reminders` (a job scheduler every 20 s, and once when a worker starts): gives
 *   back claims that lapsed (a worker died mid-send), times again with `catchUp` the reminders an
 *   outage made miss their minute, and puts a delayed `credit.fire-reminders` job on the queue for
 *   each minute with reminders due in the next few minutes (job id from the minute: adding it
 *   twice is a no-op), plus one for now when any are due. A flushed Redis loses nothing: the next
 *   sweep (a restarted worker's first) finds every row again.
 * - `credit.fire-reminders`: claims due rows in the database and sends them, until none is left.
 *   Several run at once (shards per minute, and every worker process); the claims keep them apart.
 */

const lookAheadMs = 150_000
const minuteMs = 60_000
/**
 * How long before its minute a minute's reminders are claimed and written (`sendAhead`): writing
 * an e-mail (rendering, the MIME message with its QR code) costs 1–3 ms of CPU, so a minute of
 * 10,000 takes tens of seconds of it; ahead, the minute itself is left with the SMTP exchange and
 * the commit. Less than the sweeper's look-ahead, so every minute is seen before its lead starts.
 */
export const aheadMs = 120_000
/** How long before the minute the SMTP sessions are opened for it. */
const warmLeadMs = 2_000
/** Rows claimed at a time when claiming ahead (all of them are written before the minute anyway). */
const aheadBatch = 250
/** Fire jobs per minute: senders working side by side on that minute's reminders. */
export const fireShards = 4
/**
 * Rows claimed at a time by one fire job, written and sent side by side (the process's SMTP
 * sessions and its committer are shared by every fire job it runs, so four jobs keep 64 sends in
 * flight). Small enough that a claim's first e-mail goes out at once: with 64 a claim, a worker
 * spent its first second writing e-mails before committing any.
 */
const claimBatch = 16

export const fireReminders = defineJob({
  name: 'credit.fire-reminders',
  version: 1,
  queue: 'reminders',
  schema: z.object({ minute: z.number().int().optional(), ahead: z.boolean().optional() }),
  async handle({ services, log, data }) {
    if (data.ahead && data.minute !== undefined) await sendAhead(services, log, data.minute)
    await sendDue(services, log)
  },
})

/**
 * Claims the reminders planned in the minute starting at `minute` before it starts, writes their
 * e-mails at once and sends each at its instant (`sendClaimed` waits for it); answers how many went
 * out. The claims last until the instant plus `REMINDER_CLAIM_MS`: a worker that dies meanwhile
 * delivered nothing, and the sweeper gives its rows back once the claims lapse. A bill paid,
 * archived or changed before the instant is found so by the sending transaction (paid or archived:
 * skipped; its amount or penalty changed: planned again and written anew); a due date moved or the
 * ladder changed drops the claimed rows (`planBillReminders`), so their sends find no row.
 */
export async function sendAhead(services: Services, log: Logger, minute: number): Promise<number> {
  const round = new SendingRound(services.db)
  const ahead = { from: new Date(minute), to: new Date(minute + minuteMs) }
  const batches: Promise<Awaited<ReturnType<typeof sendClaimed>>>[] = []
  for (;;) {
    const claimed: ClaimedReminder[] = await services.db
      .transaction()
      .execute((trx) => claimDueReminders(trx, aheadBatch, services.config.REMINDER_CLAIM_MS, ahead))
    if (claimed.length === 0) break
    batches.push(sendClaimed(services, claimed, log, round))
  }
  // The SMTP sessions opened just before the minute (an idle one closes after 5 s).
  const warm = setTimeout(
    () => void warmSessions(services).catch(() => {}),
    Math.max(0, minute - warmLeadMs - Date.now()),
  )
  const outcomes = await Promise.all(batches).finally(() => clearTimeout(warm))
  return outcomes.flat().filter((o) => o === 'sent').length
}

/** Claims and sends due reminders until none is left; answers how many went out. */
export async function sendDue(services: Services, log: Logger): Promise<number> {
  let sent = 0
  const round = new SendingRound(services.db)
  for (;;) {
    const claimed: ClaimedReminder[] = await services.db
      .transaction()
      .execute((trx) => claimDueReminders(trx, claimBatch, services.config.REMINDER_CLAIM_MS))
    if (claimed.length === 0) return sent
    const outcomes = await sendClaimed(services, claimed, log, round)
    sent += outcomes.filter((o) => o === 'sent').length
  }
}

export const sweepReminders = defineJob({
  name: 'credit.sweep-reminders',
  version: 1,
  queue: 'reminders',
  schema: z.object({}),
  schedule: { every: 20_000 },
  runOnStart: true,
  async handle({ services, log }) {
    const result = await sweep(services)
    if (result.released || result.caughtUp || result.enqueued) log.info(result, 'reminders swept')
  },
})

/** One sweep; exported for tests and the bench. */
export async function sweep(
  services: Services,
  now = new Date(),
): Promise<{ released: number; caughtUp: number; enqueued: number }> {
  const { db } = services
  // Claims that lapsed: the worker died or hung before its send committed, so nothing was delivered.
  const released = await db
    .updateTable('credit_reminders')
    .set({ status: 'planned', claim: null, claimed_until: null, updated_at: now })
    .where('status', '=', 'sending')
    .where('claimed_until', '<', now)
    .executeTakeFirst()

  const caughtUp = await catchUpMissed(services, now)

  // Wake a sender for each minute with reminders due soon, and at once for any due now.
  const { rows } = await sql<{ minute: Date }>`
    select distinct date_trunc('minute', r.planned_at) as minute
    from credit_reminders r
    where r.status = 'planned' and r.planned_at <= ${new Date(now.getTime() + lookAheadMs)}
    order by 1 limit 100`.execute(db)
  let enqueued = 0
  const queue = services.queues.reminders
  for (const { minute } of rows) {
    const at = minute.getTime()
    const due = at <= now.getTime()
    if (!due) {
      // One job writes the minute's e-mails ahead and sends them at the minute; the shards below
      // send, at the minute, whatever it did not claim (a row planned after it ran, a retry).
      await queue.add(
        jobName(fireReminders),
        { minute: at, ahead: true },
        {
          jobId: `credit.fire.ahead-${at}`,
          delay: Math.max(0, at - aheadMs - now.getTime()),
          removeOnComplete: { age: 3600, count: 10_000 },
          attempts: 3,
        },
      )
      enqueued++
    }
    // Due now: a fresh id each sweep, so a sweep after a crash always wakes a sender.
    const key = due ? `now-${now.getTime()}` : `at-${at}`
    for (let shard = 0; shard < fireShards; shard++) {
      await queue.add(
        jobName(fireReminders),
        { minute: at },
        {
          jobId: `credit.fire.${key}.${shard}`,
          delay: due ? 0 : at - now.getTime(),
          removeOnComplete: { age: 3600, count: 10_000 },
          attempts: 3,
        },
      )
      enqueued++
    }
  }
  return { released: Number(released.numUpdatedRows), caughtUp, enqueued }
}

/**
 * Reminders more than `lateMinutes` past their minute without a sender (workers or Redis were
 * down) are timed again with `catchUp`: per bill in ladder order, from now, a minute apart, in the send window. Rows are moved
 * latest first so that no two rows of a bill ever share a minute, even for a moment.
 */
async function catchUpMissed(services: Services, now: Date): Promise<number> {
  const { db } = services
  const missed = await db
    .selectFrom('credit_reminders as r')
    .innerJoin('credit_bills as b', 'b.id', 'r.bill_id')
    .innerJoin('credit_programs as p', 'p.program_id', 'b.program_id')
    .select([
      'r.id',
      'r.bill_id',
      'r.order',
      'r.planned_at',
      'r.moved',
      'b.time_zone',
      'p.window_start',
      'p.window_end',
      'p.window_weekdays',
    ])
    .where('r.status', '=', 'planned')
    .where('r.planned_at', '<=', new Date(now.getTime() - lateMinutes * minuteMs))
    .where('b.status', 'in', ['unpaid', 'overdue'])
    .where('b.reminders_stopped', 'is', null)
    .orderBy('r.planned_at')
    .limit(5000)
    .execute()
  if (missed.length === 0) return 0
  const bills = [...new Set(missed.map((m) => m.bill_id))]
  // The bills' later reminders and their last sent one: catch-up must not run into either.
  const [later, lastSent] = await Promise.all([
    db
      .selectFrom('credit_reminders')
      .select(['id', 'bill_id', 'order', 'planned_at', 'moved'])
      .where('bill_id', 'in', bills)
      .where('status', '=', 'planned')
      .where('planned_at', '>', new Date(now.getTime() - lateMinutes * minuteMs))
      .execute(),
    db
      .selectFrom('credit_reminders')
      .select(['bill_id', sql<Date>`max(sent_at)`.as('sent_at')])
      .where('bill_id', 'in', bills)
      .where('status', '=', 'sent')
      .groupBy('bill_id')
      .execute(),
  ])
  const schedules = new Map(missed.map((m) => [m.bill_id, scheduleOf(m, m.time_zone)]))
  const resume = new Map(lastSent.map((s) => [s.bill_id, s.sent_at.getTime() + minuteMs]))
  const pending = [...missed, ...later].map((r) => ({
    id: r.id,
    bill_id: r.bill_id,
    order: r.order,
    planned_at: r.planned_at,
    moved: r.moved,
    schedule: schedules.get(r.bill_id),
  }))
  // Per bill, resume after its last sent reminder (catchUp spaces the pending ones among themselves).
  const byResume = new Map<number, typeof pending>()
  for (const p of pending) {
    const at = Math.max(now.getTime(), resume.get(p.bill_id) ?? 0)
    byResume.set(at, [...(byResume.get(at) ?? []), p])
  }
  const timed = [...byResume].flatMap(([at, list]) => catchUp(list, new Date(at)))
  const moves = timed
    .filter((t) => t.send_at.getTime() !== t.planned_at.getTime())
    .sort((a, b) => b.send_at.getTime() - a.send_at.getTime())
  await db.transaction().execute(async (trx) => {
    for (const t of moves) {
      const zone = t.schedule?.time_zone ?? 'UTC'
      const clock = wallClock(t.send_at, zone)
      await trx
        .updateTable('credit_reminders')
        .set({
          planned_at: t.send_at,
          local_date: clock.date,
          local_time: clock.time,
          moved: t.moved.includes('catch_up') ? t.moved : [...t.moved, 'catch_up'],
          updated_at: now,
        })
        .where('id', '=', t.id)
        .where('status', '=', 'planned')
        .execute()
    }
  })
  return moves.length
}
