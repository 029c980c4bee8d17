import type { Trx } from '../../platform/db.ts'
import { newId } from '../../platform/ids.ts'
import { openOfBill } from '../billing.ts'
import type { ReminderSkipReason } from '../codes.ts'
import { wallClock } from '../dates.ts'
import { addBillEvent, type BillRow } from '../db/bills.ts'
import { type CreditProgramRow, ladderStepOf, type StepRow, scheduleOf } from '../db/programs.ts'
import { billReminders } from '../db/reminders.ts'
import { catchUp, planLadder } from '../planning.ts'

/**
 * Plans (or plans again) the reminders of a bill that are not sent yet, in the caller's
 * transaction with the bill locked: one row per alive step of the ladder (docs/credit.md, "The
 * scheduling rule"). Rows already sent, skipped, failed or being sent stay as they are; rows still
 * planned, or claimed ahead of an instant still to come, are replaced.
 *
 * Steps whose moment has already passed (a bill issued late, a due date moved back) are skipped
 * with `reason` (`issued_after` on issue, `replanned` later), all but the latest of them: that one
 * goes out now, as catch-up would send it (in the window, at least a minute after the bill's other
 * reminders). So a holder gets the one reminder that fits the bill's situation, not a burst of
 * every step that has passed.
 */
export async function planBillReminders(
  trx: Trx,
  bill: BillRow,
  program: CreditProgramRow,
  steps: readonly StepRow[],
  now: Date,
  reason: Extract<ReminderSkipReason, 'issued_after' | 'replanned'>,
): Promise<void> {
  // A row claimed ahead of its instant (its e-mail written, waiting for the minute) is planned
  // again like a planned one: its sender finds the row gone when it commits and sends nothing.
  const claimedAhead = (r: { status: string; planned_at: Date }) =>
    r.status === 'sending' && r.planned_at.getTime() > now.getTime()
  const existing = (await billReminders(trx, bill.id)).filter((r) => !claimedAhead(r))
  await trx
    .deleteFrom('credit_reminders')
    .where('bill_id', '=', bill.id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'planned'),
        eb.and([eb('status', '=', 'sending'), eb('planned_at', '>', now)]),
      ]),
    )
    .execute()
  if (bill.status === 'paid' || bill.status === 'archived' || bill.reminders_stopped) return
  const done = new Set(existing.filter((r) => r.status !== 'planned').map((r) => r.step_id))
  const schedule = scheduleOf(program, bill.time_zone)
  const plan = planLadder(
    steps.map((s) => ladderStepOf(s, bill.currency)),
    { due_date: bill.due_date, open_amount: { amount: openOfBill(bill), currency: bill.currency } },
    schedule,
  ).filter((p) => !done.has(steps[p.step]!.id))
  if (plan.length === 0) return

  const passed = plan.filter((p) => p.planned_at.getTime() <= now.getTime())
  const skipped = passed.slice(0, -1)
  const toSend = plan.filter((p) => !skipped.includes(p))
  // The latest passed step goes now; catch-up keeps it in the window and a minute from the others.
  const lastSent = existing
    .filter((r) => r.sent_at)
    .reduce((max, r) => Math.max(max, r.sent_at!.getTime()), Number.NEGATIVE_INFINITY)
  const resumeAt = new Date(Math.max(now.getTime(), lastSent + 60_000))
  const timed = catchUp(
    toSend.map((p) => ({ bill_id: bill.id, order: p.order, planned_at: p.planned_at, schedule, p })),
    resumeAt,
  )
  const rows = [
    ...skipped.map((p) => ({
      id: newId(),
      bill_id: bill.id,
      step_id: steps[p.step]!.id,
      order: p.order,
      planned_at: p.planned_at,
      local_date: p.local_date,
      local_time: p.local_time,
      moved: [...p.moved],
      penalty: p.penalty.amount,
      status: 'skipped',
      reason,
    })),
    ...timed.map((t) => {
      const late = t.send_at.getTime() !== t.p.planned_at.getTime()
      const clock = late
        ? wallClock(t.send_at, bill.time_zone)
        : { date: t.p.local_date, time: t.p.local_time }
      return {
        id: newId(),
        bill_id: bill.id,
        step_id: steps[t.p.step]!.id,
        order: t.p.order,
        planned_at: t.send_at,
        local_date: clock.date,
        local_time: clock.time,
        moved: late ? [...t.p.moved, 'catch_up'] : [...t.p.moved],
        penalty: t.p.penalty.amount,
        status: 'planned',
        reason: null,
      }
    }),
  ]
  await trx.insertInto('credit_reminders').values(rows).execute()
  for (const row of rows) {
    if (row.status !== 'skipped') continue
    const title = steps.find((s) => s.id === row.step_id)?.title ?? ''
    await addBillEvent(trx, bill.id, 'reminder_skipped', { step: title, reason }, row.id, now)
  }
}
