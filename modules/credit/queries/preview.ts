import type { DbOrTrx } from '../../platform/db.ts'
import { invalidField } from '../../platform/errors.ts'
import type { ProgramSummary } from '../../programs/index.ts'
import { openAmount, openOfBill } from '../billing.ts'
import { isTimeZone } from '../dates.ts'
import type { BillRow } from '../db/bills.ts'
import { ensureCreditProgram, ladderStepOf, ladderSteps, scheduleOf } from '../db/programs.ts'
import { billReminders } from '../db/reminders.ts'
import { planLadder } from '../planning.ts'

export interface PreviewRow {
  step: string | null
  order: number
  title: string
  local_date: string
  local_time: string
  planned_at: string
  moved: string[]
  pay_by: string | null
  penalty: number
  running_total: number
  currency: string
  status: 'planned' | 'sending' | 'sent' | 'skipped' | 'failed' | null
  reason: string | null
}

/** The program's ladder planned for an example bill (docs/credit.md, "Ladder preview"). */
export async function ladderPreview(
  db: DbOrTrx,
  program: ProgramSummary,
  dueDate: string,
  amount: bigint,
  zone: string | undefined,
): Promise<PreviewRow[]> {
  if (zone !== undefined && !isTimeZone(zone))
    throw invalidField('time_zone', 'invalid_time_zone', 'not a known time zone')
  const settings = await ensureCreditProgram(db, program.uuid)
  const steps = await ladderSteps(db, program.uuid)
  const plan = planLadder(
    steps.map((s) => ladderStepOf(s, program.currency)),
    { due_date: dueDate, open_amount: { amount, currency: program.currency } },
    scheduleOf(settings, zone ?? settings.time_zone),
  )
  return plan.map((p) => ({
    step: steps[p.step]?.id ?? null,
    order: p.order,
    title: p.title,
    local_date: p.local_date,
    local_time: p.local_time,
    planned_at: p.planned_at.toISOString(),
    moved: [...p.moved],
    pay_by: p.pay_by,
    penalty: Number(p.penalty.amount),
    running_total: Number(p.running_total.amount),
    currency: program.currency,
    status: null,
    reason: null,
  }))
}

/**
 * A bill's ladder: its stored reminder rows (sent, skipped, planned), each with the penalty it
 * added or will add and the running total from what is open of the bill now.
 */
export async function billPreview(db: DbOrTrx, bill: BillRow): Promise<PreviewRow[]> {
  const [rows, steps, settings] = await Promise.all([
    billReminders(db, bill.id),
    ladderSteps(db, bill.program_id),
    ensureCreditProgram(db, bill.program_id),
  ])
  // The plan supplies pay-by dates; penalties of rows not sent yet are projected on today's open amount.
  const plan = planLadder(
    steps.map((s) => ladderStepOf(s, bill.currency)),
    { due_date: bill.due_date, open_amount: { amount: openOfBill(bill), currency: bill.currency } },
    scheduleOf(settings, bill.time_zone),
  )
  const byStep = new Map(plan.map((p) => [steps[p.step]?.id, p]))
  let running = openAmount(bill)
  return rows.map((r) => {
    const planned = byStep.get(r.step_id)
    const penalty =
      r.status === 'sent'
        ? r.penalty
        : r.status === 'planned' || r.status === 'sending'
          ? (planned?.penalty.amount ?? r.penalty)
          : 0n
    if (r.status === 'planned' || r.status === 'sending') running += penalty
    return {
      step: r.step_id,
      order: r.order,
      title: planned?.title ?? steps.find((s) => s.id === r.step_id)?.title ?? '',
      local_date: r.local_date,
      local_time: r.local_time,
      planned_at: r.planned_at.toISOString(),
      moved: r.moved,
      pay_by: planned?.pay_by ?? null,
      penalty: Number(penalty),
      running_total: Number(running),
      currency: bill.currency,
      status: r.status,
      reason: r.reason,
    }
  })
}
