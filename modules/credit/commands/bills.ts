import { userContactById } from '../../identity/index.ts'
import { ledgerEntryRequested } from '../../ledger/index.ts'
import type { VatCode } from '../../payments/index.ts'
import type { Caller } from '../../platform/access.ts'
import type { RequestContext } from '../../platform/context.ts'
import { zonedDate } from '../../platform/dates.ts'
import type { Trx } from '../../platform/db.ts'
import { AppError, invalidField } from '../../platform/errors.ts'
import { publish } from '../../platform/events.ts'
import { committedEffect, recordEffect } from '../../platform/idempotency.ts'
import { newId } from '../../platform/ids.ts'
import type { Services } from '../../platform/module.ts'
import { programStatuses } from '../../programs/index.ts'
import { creditProgramOf, ownersBill } from '../access.ts'
import { issuedEntry, priceItems, writeOffEntry, writeOffOf } from '../billing.ts'
import { isTimeZone } from '../dates.ts'
import { addBillEvent, type BillRow, findBill, insertBill, insertLines, updateBill } from '../db/bills.ts'
import { creditProgramCode, ladderSteps, lockCreditProgram, takeBillNumber } from '../db/programs.ts'
import { skipPendingReminders } from '../db/reminders.ts'
import { billRefused, creditProgramNotActive } from '../errors.ts'
import { billArchived, billIssued } from '../events.ts'
import { billTransition } from '../status-machine.ts'
import { planBillReminders } from './plan-reminders.ts'

type Ctx = Pick<RequestContext, 'actor' | 'requestId' | 'idempotency'>

export interface IssueBillInput {
  program: string
  holder: string
  issue_date?: string | undefined
  due_date: string
  reference?: string | undefined
  /** The holder's time zone, when the owner knows it (else the program's). */
  time_zone?: string | undefined
  items: { description: string; quantity: number; unit_price: number; vat: VatCode }[]
}

/**
 * Issues a bill of an active credit program to a card holder, in one transaction: the next
 * gapless number of the program, the bill and its item lines (VAT per rate on the issue date), the
 * ledger request of the issue (110 / 410 / 210), the event, the timeline's first entry and the
 * reminder rows of the program's ladder.
 */
export async function issueBill(services: Pick<Services, 'db'>, ctx: Ctx, me: Caller, input: IssueBillInput) {
  return services.db.transaction().execute(async (trx) => {
    // A retry of a request that issued the bill and died before answering: that bill, not another.
    const committed = await committedEffect(trx, ctx.idempotency)
    const earlier = committed ? await findBill(trx, committed) : undefined
    if (earlier) return earlier
    const bill = await issueBillIn(trx, ctx, me, input)
    await recordEffect(trx, ctx.idempotency, bill.id)
    return bill
  })
}

/**
 * `issueBill` inside the caller's transaction (the CSV import issues all its rows in one). Every
 * check that refuses the bill comes before its first write.
 */
export async function issueBillIn(trx: Trx, ctx: Ctx, me: Caller, input: IssueBillInput): Promise<BillRow> {
  const program = await creditProgramOf(trx, me, input.program, { lock: trx })
  if (program.status !== programStatuses.active) throw creditProgramNotActive()
  const settings = await lockCreditProgram(trx, program.uuid)
  const holder = await userContactById(trx, input.holder)
  if (holder?.type !== 3 || !holder.is_active) {
    throw invalidField('holder', 'not_card_holder', 'no card holder with this id')
  }
  if (input.time_zone !== undefined && !isTimeZone(input.time_zone)) {
    throw invalidField('time_zone', 'invalid_time_zone', 'not a known time zone')
  }
  const zone = input.time_zone ?? settings.time_zone
  const today = zonedDate(new Date(), zone)
  const issueDate = input.issue_date ?? today
  if (input.due_date < today) throw invalidField('due_date', 'date_in_past', 'the due date has passed')
  if (input.due_date < issueDate) {
    throw invalidField('due_date', 'due_before_issue', 'the due date is before the issue date')
  }
  let totals: ReturnType<typeof priceItems>
  try {
    totals = priceItems(
      input.items.map((i) => ({ ...i, unit_price: BigInt(i.unit_price) })),
      issueDate,
    )
  } catch (err) {
    if (err instanceof RangeError) throw invalidField('issue_date', 'vat_rate_unknown', err.message)
    throw err
  }
  if (totals.total <= 0n) {
    throw new AppError('validation_failed', 'validation failed', {
      fields: {
        items: [{ code: 'too_small', message: 'a bill must come to more than zero', params: { minimum: 1 } }],
      },
    })
  }
  const number = await takeBillNumber(trx, program.uuid)
  const bill = await insertBill(trx, {
    id: newId(),
    program_id: program.uuid,
    number,
    owner_user_id: program.owner_user_id,
    holder_user_id: holder.id,
    holder_name: holder.name,
    holder_email: holder.email,
    currency: program.currency,
    issue_date: issueDate,
    due_date: input.due_date,
    status: 'unpaid',
    reference: input.reference ?? '',
    subtotal: totals.subtotal,
    vat: totals.vat,
    total: totals.total,
    time_zone: zone,
    language: holder.language,
    created_by: me.user_id,
  })
  await insertLines(
    trx,
    totals.items.map((item, position) => ({
      bill_id: bill.id,
      position,
      kind: 'item' as const,
      description: item.description,
      quantity: item.quantity,
      unit_price: item.unit_price,
      vat_code: item.vat,
      vat_rate_bp: item.vat_rate_bp,
      net: item.net,
      reminder_id: null,
    })),
  )
  await publish(
    trx,
    ledgerEntryRequested,
    issuedEntry({ ...bill, code: await creditProgramCode(trx, bill.program_id) }, issueDate),
    ctx,
  )
  await publish(
    trx,
    billIssued,
    { bill_id: bill.id, program_id: bill.program_id, holder_user_id: holder.id },
    ctx,
  )
  await addBillEvent(trx, bill.id, 'issued', {
    number: Number(bill.number),
    total: Number(bill.total),
    currency: bill.currency,
  })
  await planBillReminders(
    trx,
    bill,
    settings,
    await ladderSteps(trx, program.uuid),
    new Date(),
    'issued_after',
  )
  return bill
}

/**
 * Archives a bill (the owner's "archive" or "cancel", with the reason): final. Its reminders not
 * sent yet are skipped (`archived`), and nothing more goes out for it; what is still open of it is
 * written off in the ledger (`writeOffEntry`), and the timeline records who archived it and how
 * much was written off.
 */
export async function archiveBill(
  services: Pick<Services, 'db'>,
  ctx: Ctx,
  me: Caller,
  uuid: string,
  reason: string,
): Promise<BillRow> {
  return services.db.transaction().execute(async (trx) => {
    const bill = await ownersBill(trx, me, uuid, { lock: trx })
    const move = billTransition(bill.status, 'archive')
    if (!move.ok) throw billRefused(move.reason as 'bill_archived', move.message)
    const archived = await updateBill(trx, bill.id, {
      status: 'archived',
      archived_at: new Date(),
      archived_reason: reason,
    })
    const skipped = await skipPendingReminders(trx, bill.id, 'archived')
    // What is still open is written off (docs/credit.md, "Archiving an open bill"), in this
    // transaction: the ledger never keeps a receivable of a bill nobody is asked to pay any more.
    const writeOff = writeOffOf(bill)
    if (writeOff.open > 0n) {
      await publish(
        trx,
        ledgerEntryRequested,
        writeOffEntry(
          { ...bill, code: await creditProgramCode(trx, bill.program_id) },
          zonedDate(new Date(), bill.time_zone),
        ),
        ctx,
      )
    }
    await addBillEvent(trx, bill.id, 'archived', {
      reason,
      from: bill.status,
      reminders_skipped: skipped.length,
      by: me.user_id,
      written_off: Number(writeOff.open),
      currency: bill.currency,
    })
    await publish(trx, billArchived, { bill_id: bill.id, program_id: bill.program_id }, ctx)
    return archived
  })
}

/**
 * Moves a bill's due date (today or later, not before its issue date): an overdue bill becomes
 * unpaid again, and the reminders not sent yet are planned again from the new date.
 */
export async function moveDueDate(
  services: Pick<Services, 'db'>,
  me: Caller,
  uuid: string,
  dueDate: string,
): Promise<BillRow> {
  return services.db.transaction().execute(async (trx) => {
    const bill = await ownersBill(trx, me, uuid, { lock: trx })
    if (dueDate < bill.issue_date) {
      throw invalidField('due_date', 'due_before_issue', 'the due date is before the issue date')
    }
    if (dueDate < zonedDate(new Date(), bill.time_zone)) {
      throw invalidField('due_date', 'date_in_past', 'the due date has passed')
    }
    const move = billTransition(bill.status, 'due_moved', { dueDatePassed: false })
    if (!move.ok) throw billRefused(move.reason as 'bill_archived' | 'bill_paid', move.message)
    if (dueDate === bill.due_date) return bill
    const moved = await updateBill(trx, bill.id, { due_date: dueDate, status: move.status })
    await addBillEvent(trx, bill.id, 'due_date_moved', { from: bill.due_date, to: dueDate })
    const settings = await lockCreditProgram(trx, bill.program_id)
    await planBillReminders(
      trx,
      moved,
      settings,
      await ladderSteps(trx, bill.program_id),
      new Date(),
      'replanned',
    )
    return moved
  })
}
