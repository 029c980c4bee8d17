import { sql } from 'kysely'
import { portalUrl } from '../../identity/index.ts'
import { ledgerEntryRequested } from '../../ledger/index.ts'
import { closePayment, createPayment, paymentFacts } from '../../payments/index.ts'
import type { Caller } from '../../platform/access.ts'
import type { RequestContext } from '../../platform/context.ts'
import { zonedDate } from '../../platform/dates.ts'
import type { Trx } from '../../platform/db.ts'
import { publish } from '../../platform/events.ts'
import type { Services } from '../../platform/module.ts'
import { holdersBill } from '../access.ts'
import {
  billDisplayNumber,
  openAmount,
  paidEntry,
  refundEntry,
  type WriteOff,
  type WriteOffKind,
  writeOffChange,
  writeOffEntry,
} from '../billing.ts'

export { billDisplayNumber }

import { billPayable } from '../codes.ts'
import {
  addBillEvent,
  type BillRow,
  billPayments,
  lockBill,
  lockBillPayment,
  updateBill,
} from '../db/bills.ts'
import { creditProgramCode, findCreditProgram, ladderSteps, lockCreditProgram } from '../db/programs.ts'
import { skipPendingReminders } from '../db/reminders.ts'
import { billRefused } from '../errors.ts'
import { billPaid } from '../events.ts'
import { billTransition } from '../status-machine.ts'
import { planBillReminders } from './plan-reminders.ts'

type Ctx = Pick<RequestContext, 'actor' | 'requestId'>

/** The number a person reads: the program's code and the bill's number (`KQZTRW-12`). */

/** The holder's page of a bill: where a reminder's link and QR code lead. */
export const billPayUrl = (config: Services['config'], billId: string) =>
  portalUrl(config, 'cardholder', `/bills/${billId}/payment`)

/**
 * Starts paying what is open of the holder's bill: a payment of the payments module for the open
 * amount (payable `credit_bill`), answered with its checkout. An open payment of the same amount
 * is reused (a second tab, a double click); one of another amount (a penalty was added since) is
 * closed first. The bill never talks to a provider: the checkout and `POST payment/pay` do.
 */
export async function startBillPayment(
  services: Pick<Services, 'db' | 'config'>,
  ctx: Ctx,
  me: Caller,
  uuid: string,
): Promise<{ payment_uuid: string; checkout_url: string; amount: bigint; currency: string }> {
  const bill = await holdersBill(services.db, me, uuid)
  if (bill.status === 'archived')
    throw billRefused('bill_archived', 'the bill is archived: it cannot be paid')
  if (bill.status === 'paid') throw billRefused('bill_paid', 'the bill is paid already')
  const open = openAmount(bill)
  if (open <= 0n) throw billRefused('bill_paid', 'nothing is left to pay on this bill')
  const checkout = (id: string) => `${services.config.PUBLIC_URL}/checkout/${id}`

  for (const p of await billPayments(services.db, bill.id)) {
    if (p.status !== 'open') continue
    const facts = await paymentFacts(services.db, p.payment_id)
    const live =
      facts && ['created', 'pending'].includes(facts.status) && facts.expires_at.getTime() > Date.now()
    if (live && p.amount === open) {
      return {
        payment_uuid: p.payment_id,
        checkout_url: checkout(p.payment_id),
        amount: open,
        currency: bill.currency,
      }
    }
    if (live) await closePayment(services.db, p.payment_id, ctx)
  }
  const program = await findCreditProgram(services.db, bill.program_id)
  const number = billDisplayNumber(program?.code, bill.number)
  // Not one transaction with the payment: a payment whose row here is missing is still the
  // bill's (its payable says so), and its paid event records it all the same.
  const paymentId = await createPayment(services, ctx, {
    payable: { kind: billPayable, id: bill.id },
    amount: open,
    currency: bill.currency,
    description: `Bill ${number}`,
    description_code: 'credit_bill',
    description_params: { number },
    program_uuid: bill.program_id,
    owner_user_id: bill.owner_user_id,
    payer_user_id: me.user_id,
    return_url: portalUrl(services.config, 'cardholder', `/bills/${bill.id}`),
    metadata: { bill_number: number },
  })
  await services.db
    .insertInto('credit_bill_payments')
    .values({
      payment_id: paymentId,
      bill_id: bill.id,
      amount: open,
      currency: bill.currency,
      status: 'open',
    })
    .execute()
  return { payment_uuid: paymentId, checkout_url: checkout(paymentId), amount: open, currency: bill.currency }
}

/**
 * A payment of a bill was paid (payments' `payments.payment.paid`), in the handler's `once()`
 * transaction: the amount counts towards the bill, its ledger entry is requested, and a bill whose
 * open amount is covered becomes `paid`, its reminders not sent yet skipped (`paid`) at once. An
 * archived bill keeps its state: the money is recorded and what it covers of the write-off is
 * taken back (`credit_bill.write_off_reversed`), so the receivable stays at zero (the owner may
 * refund it, which writes it off again).
 */
export async function applyBillPayment(
  trx: Trx,
  paymentId: string,
  billId: string,
  amount: bigint,
  ctx: Ctx,
): Promise<{ paid: boolean } | null> {
  const row = await lockBillPayment(trx, paymentId)
  if (row?.status === 'paid') return null
  const bill = await lockBill(trx, billId)
  if (!bill) return null
  const now = new Date()
  if (row) {
    await trx
      .updateTable('credit_bill_payments')
      .set({ status: 'paid', paid_at: now })
      .where('payment_id', '=', paymentId)
      .execute()
  } else {
    await trx
      .insertInto('credit_bill_payments')
      .values({
        payment_id: paymentId,
        bill_id: bill.id,
        amount,
        currency: bill.currency,
        status: 'paid',
        paid_at: now,
      })
      .execute()
  }
  let updated = await updateBill(trx, bill.id, { paid_amount: bill.paid_amount + amount })
  await publish(
    trx,
    ledgerEntryRequested,
    paidEntry(
      { ...bill, code: await creditProgramCode(trx, bill.program_id) },
      paymentId,
      amount,
      zonedDate(now),
    ),
    ctx,
  )
  // Archived meanwhile: what archiving wrote off and this payment covers is taken back from the
  // write-off (income and VAT again), so the bill's receivable stays at zero.
  const recovered =
    bill.status === 'archived'
      ? await followWriteOff(trx, bill, updated, ctx, now, {
          kind: 'credit_bill.write_off_reversed',
          id: paymentId,
        })
      : undefined
  await addBillEvent(trx, bill.id, 'payment_received', {
    amount: Number(amount),
    currency: bill.currency,
    payment: paymentId,
    ...(recovered ? { recovered: Number(-recovered.open) } : {}),
  })
  if (openAmount(updated) > 0n || bill.status === 'archived' || bill.status === 'paid') return { paid: false }
  const move = billTransition(bill.status, 'paid')
  if (!move.ok) return { paid: false }
  updated = await updateBill(trx, bill.id, { status: 'paid', paid_at: now })
  const skipped = await skipPendingReminders(trx, bill.id, 'paid')
  await addBillEvent(trx, bill.id, 'paid', { reminders_skipped: skipped.length })
  await publish(trx, billPaid, { bill_id: bill.id, program_id: bill.program_id }, ctx)
  return { paid: true }
}

/**
 * A refund of a bill's payment succeeded (payments' `payments.payment.refunded`), in the handler's
 * `once()` transaction (docs/credit.md, "Refunds"): the amount no longer counts as paid, the
 * ledger moves it back onto the holder's receivable (110 / 230, against the payment's 230 / 110),
 * and a paid bill that is open again goes back to unpaid, or overdue when its due date has passed
 * in its zone. Its ladder resumes: the reminders the payment skipped are planned again as after a
 * due-date move (steps whose moment passed meanwhile are skipped, the latest of them goes now);
 * reminders sent before stay sent, their penalties stay on the bill. An archived bill stays
 * archived and written off: the refunded amount is written off with it
 * (`credit_bill.refund_written_off`, its VAT share back off 210), no reminder is planned, and the
 * timeline's `payment_refunded` says how much was written off. A refund never takes back more than
 * the payment brought in or the bill counts as paid, and is counted once per refund id.
 */
export async function applyBillRefund(
  trx: Trx,
  paymentId: string,
  refundId: string,
  amount: bigint,
  ctx: Ctx,
  now = new Date(),
): Promise<{ reopened: boolean } | null> {
  const row = await lockBillPayment(trx, paymentId)
  // A refund comes after its payment was paid; the bill not counting that payment yet means its
  // paid event is still on its way: fail, so the job is tried again after it, never drop the refund.
  if (!row || row.status === 'open')
    throw new Error(`payment ${paymentId} refunded before the bill counted it`)
  if (row.status !== 'paid') return null
  const bill = await lockBill(trx, row.bill_id)
  if (!bill) return null
  // Counted once per refund, whatever delivers it again (a second event of the same refund): the
  // timeline entry names the refund, under the bill's lock.
  if (await refundCounted(trx, bill.id, refundId)) return null
  // Never more than the payment brought in, nor more than the bill counts as paid.
  const back = [amount, row.amount - row.refunded, bill.paid_amount].reduce((a, b) => (b < a ? b : a))
  if (back <= 0n) return null
  await trx
    .updateTable('credit_bill_payments')
    .set({ refunded: row.refunded + back })
    .where('payment_id', '=', paymentId)
    .execute()
  let updated = await updateBill(trx, bill.id, { paid_amount: bill.paid_amount - back })
  await publish(
    trx,
    ledgerEntryRequested,
    refundEntry(
      { ...bill, code: await creditProgramCode(trx, bill.program_id) },
      refundId,
      back,
      zonedDate(now),
    ),
    ctx,
  )
  // An archived bill is written off and stays so (docs/credit.md, "Archiving an open bill"): what
  // the refund puts back on the holder's receivable is written off with it, nobody chases it.
  const writtenOff =
    bill.status === 'archived'
      ? await followWriteOff(trx, bill, updated, ctx, now, {
          kind: 'credit_bill.refund_written_off',
          id: refundId,
        })
      : undefined
  await addBillEvent(trx, bill.id, 'payment_refunded', {
    amount: Number(back),
    currency: bill.currency,
    payment: paymentId,
    refund: refundId,
    ...(writtenOff ? { written_off: Number(writtenOff.open) } : {}),
  })
  if (bill.status !== 'paid' || openAmount(updated) <= 0n) return { reopened: false }
  const move = billTransition(bill.status, 'refunded', {
    dueDatePassed: zonedDate(now, bill.time_zone) > bill.due_date,
  })
  if (!move.ok) return { reopened: false }
  updated = await updateBill(trx, bill.id, { status: move.status, paid_at: null })
  if (move.status === 'overdue') await addBillEvent(trx, bill.id, 'overdue', {})
  // The reminders the payment stopped never went out: they are planned again with the ladder.
  await trx
    .deleteFrom('credit_reminders')
    .where('bill_id', '=', bill.id)
    .where('status', '=', 'skipped')
    .where('reason', '=', 'paid')
    .execute()
  const settings = await lockCreditProgram(trx, bill.program_id)
  await planBillReminders(trx, updated, settings, await ladderSteps(trx, bill.program_id), now, 'replanned')
  return { reopened: true }
}

/**
 * An archived bill's write-off follows a change of what was paid of it (`writeOffChange`: more
 * written off after a refund, less after a late payment), posted under the change's own source so
 * that a retry posts it once; answers the change.
 */
async function followWriteOff(
  trx: Trx,
  before: BillRow,
  after: BillRow,
  ctx: Ctx,
  now: Date,
  entry: { kind: Exclude<WriteOffKind, 'credit_bill.written_off'>; id: string },
): Promise<WriteOff> {
  const w = writeOffChange(before, after)
  if (w.open !== 0n)
    await publish(
      trx,
      ledgerEntryRequested,
      writeOffEntry(
        { ...before, code: await creditProgramCode(trx, before.program_id) },
        zonedDate(now, before.time_zone),
        { w, ...entry },
      ),
      ctx,
    )
  return w
}

/** Whether the bill's timeline already records this refund (`payment_refunded` naming it). */
async function refundCounted(trx: Trx, billId: string, refundId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('credit_bill_events')
    .select('id')
    .where('bill_id', '=', billId)
    .where('kind', '=', 'payment_refunded')
    .where(sql<boolean>`params->>'refund' = ${refundId}`)
    .executeTakeFirst()
  return row !== undefined
}

/** A payment of a bill ended without money: it no longer counts as open. */
export async function endBillPayment(trx: Trx, paymentId: string): Promise<void> {
  await trx
    .updateTable('credit_bill_payments')
    .set({ status: 'ended' })
    .where('payment_id', '=', paymentId)
    .where('status', '=', 'open')
    .execute()
}

/**
 * Whether a payment of the bill has been paid at the provider although the bill does not know yet
 * (its paid event still on its way): a reminder about to go out checks this, so a payment stops
 * the ladder the moment it is paid, not when its event arrives.
 */
export async function hasUnrecordedPayment(trx: Trx, billId: string): Promise<boolean> {
  const open = await trx
    .selectFrom('credit_bill_payments')
    .select('payment_id')
    .where('bill_id', '=', billId)
    .where('status', '=', 'open')
    .execute()
  for (const p of open) {
    const facts = await paymentFacts(trx, p.payment_id)
    if (facts && ['paid', 'partially_refunded', 'refunded'].includes(facts.status)) return true
  }
  return false
}
