import { sql } from 'kysely'
import { z } from 'zod'
import { awaitsFirstPassword, portalUrl, userContactById } from '../../identity/index.ts'
import { paymentEnded, paymentPaid, paymentRefunded } from '../../payments/index.ts'
import { system } from '../../platform/context.ts'
import { renderEmail } from '../../platform/mail/render.ts'
import { defineHandler, defineJob } from '../../platform/module.ts'
import { once } from '../../platform/once.ts'
import { findProgram } from '../../programs/index.ts'
import { billPayable } from '../codes.ts'
import { payQrCodes } from '../commands/pay-qr.ts'
import {
  applyBillPayment,
  applyBillRefund,
  billDisplayNumber,
  billPayUrl,
  endBillPayment,
} from '../commands/payments.ts'
import { planBillReminders } from '../commands/plan-reminders.ts'
import { findBill, lockBill } from '../db/bills.ts'
import { findCreditProgram, findStep, ladderSteps, lockCreditProgram } from '../db/programs.ts'
import { findReminder } from '../db/reminders.ts'
import { billIssued, ladderChanged, remindersStopped } from '../events.ts'
import { billIssuedEmail, remindersStoppedEmail } from '../mail/index.ts'

/**
 * Unpaid bills whose due date has ended in their zone become overdue (every minute), a thousand
 * at a time and skipping bills locked right now (a reminder being sent, a payment being recorded:
 * the next run takes them), so a day when many bills fall due never holds up sending. The timeline
 * says when.
 */
export const markOverdue = defineJob({
  name: 'credit.mark-overdue',
  version: 1,
  queue: 'reminders',
  schema: z.object({}),
  schedule: { every: 60_000 },
  async handle({ services, log }) {
    let total = 0
    for (;;) {
      const { rows } = await sql<{ n: number }>`
        with due as (
          select id from credit_bills
          where status = 'unpaid' and due_date < (now() at time zone time_zone)::date
          -- No key update: a transaction that inserts a row referring to the bill (its kept QR code,
          -- while its e-mail goes out) holds a key-share lock, which must not make this pass it by.
          limit 1000 for no key update skip locked
        ), moved as (
          update credit_bills b set status = 'overdue', updated_at = now()
          from due where b.id = due.id
          returning b.id, b.due_date
        ), logged as (
          insert into credit_bill_events (id, bill_id, kind, params)
          select gen_random_uuid(), id, 'overdue', jsonb_build_object('due_date', due_date::text) from moved
          returning 1
        )
        select count(*)::int as n from logged`.execute(services.db)
      const n = rows[0]?.n ?? 0
      total += n
      if (n < 1000) break
    }
    if (total) log.info({ bills: total }, 'bills overdue')
  },
})

/**
 * A program's ladder or window changed: its open bills' reminders not sent yet are planned again,
 * a bill at a time (each locked), so sending and paying go on meanwhile. Bills issued after the
 * change were planned with it and are left alone.
 */
export const replanProgram = defineHandler({
  name: 'credit.replan-program',
  event: ladderChanged,
  queue: 'reminders',
  async handle({ event, services, log }) {
    const programId = event.payload.program_id
    const bills = await services.db
      .selectFrom('credit_bills')
      .select('id')
      .where('program_id', '=', programId)
      .where('status', 'in', ['unpaid', 'overdue'])
      .where('reminders_stopped', 'is', null)
      .where('created_at', '<=', new Date(event.payload.changed_at))
      .execute()
    for (const { id } of bills) {
      await services.db.transaction().execute(async (trx) => {
        const bill = await lockBill(trx, id)
        if (!bill) return
        const settings = await lockCreditProgram(trx, programId)
        await planBillReminders(
          trx,
          bill,
          settings,
          await ladderSteps(trx, programId),
          new Date(),
          'replanned',
        )
      })
    }
    log.info({ program_id: programId, bills: bills.length }, 'reminders planned again')
  },
})

export const onBillPaymentPaid = defineHandler({
  name: 'credit.bill-payment-paid',
  event: paymentPaid,
  queue: 'payments',
  async handle({ event, services, log }) {
    if (event.payload.payable_kind !== billPayable) return
    const ctx = { actor: event.actor ?? system('credit'), requestId: event.request_id ?? event.id }
    await once(services.db, event.id, 'credit.bill-payment-paid', async (trx) => {
      const done = await applyBillPayment(
        trx,
        event.payload.payment_id,
        event.payload.payable_id,
        BigInt(event.payload.amount),
        ctx,
      )
      if (done) log.info({ bill_id: event.payload.payable_id, paid: done.paid }, 'bill payment recorded')
    })
  },
})

export const onBillPaymentRefunded = defineHandler({
  name: 'credit.bill-payment-refunded',
  event: paymentRefunded,
  queue: 'payments',
  async handle({ event, services, log }) {
    if (event.payload.payable_kind !== billPayable) return
    const ctx = { actor: event.actor ?? system('credit'), requestId: event.request_id ?? event.id }
    await once(services.db, event.id, 'credit.bill-payment-refunded', async (trx) => {
      const done = await applyBillRefund(
        trx,
        event.payload.payment_id,
        event.payload.refund_id,
        BigInt(event.payload.amount),
        ctx,
      )
      if (done)
        log.info({ bill_id: event.payload.payable_id, reopened: done.reopened }, 'bill refund recorded')
    })
  },
})

export const onBillPaymentEnded = defineHandler({
  name: 'credit.bill-payment-ended',
  event: paymentEnded,
  queue: 'payments',
  async handle({ event, services }) {
    if (event.payload.payable_kind !== billPayable) return
    await once(services.db, event.id, 'credit.bill-payment-ended', (trx) =>
      endBillPayment(trx, event.payload.payment_id),
    )
  },
})

/** Tells the owner that a bill's reminders stopped (the holder's mail server refused one for good). */
export const notifyRemindersStopped = defineHandler({
  name: 'credit.notify-reminders-stopped',
  event: remindersStopped,
  queue: 'notifications',
  async handle({ event, services, log }) {
    const name = 'credit.notify-reminders-stopped'
    await once(services.db, event.id, name, async (trx) => {
      const bill = await findBill(trx, event.payload.bill_id)
      const reminder = await findReminder(trx, event.payload.reminder_id)
      if (!bill || !reminder) return log.warn({ bill_id: event.payload.bill_id }, 'bill gone; no e-mail')
      const [owner, holder, settings, step] = await Promise.all([
        userContactById(trx, bill.owner_user_id),
        userContactById(trx, bill.holder_user_id),
        findCreditProgram(trx, bill.program_id),
        findStep(trx, reminder.step_id),
      ])
      if (!owner) return
      await services.mailer.send({
        to: owner.email,
        ...renderEmail(remindersStoppedEmail, owner.language, {
          number: billDisplayNumber(settings?.code, bill.number),
          holder: holder?.name || holder?.email || '—',
          email: holder?.email ?? '—',
          step: step?.title ?? '—',
          response: event.payload.response,
          url: portalUrl(services.config, 'programs', `/programs/${bill.program_id}/bills/${bill.id}`),
        }),
        messageId: `${event.id}.${name}`,
      })
    })
  },
})

/**
 * A new bill goes to its card holder by e-mail in their language, with the bill's link and the pay
 * link as a QR code; once per bill (the Message-ID derives from the bill, so a retry after a crash
 * between sending and recording is the same message).
 */
export const sendBillIssued = defineHandler({
  name: 'credit.send-bill-issued',
  event: billIssued,
  queue: 'notifications',
  async handle({ event, services, log }) {
    const name = 'credit.send-bill-issued'
    await once(services.db, event.id, name, async (trx) => {
      const bill = await findBill(trx, event.payload.bill_id)
      if (!bill || bill.status === 'archived')
        return log.info({ bill_id: event.payload.bill_id }, 'no bill e-mail')
      const [holder, owner, program, settings, newAccount] = await Promise.all([
        userContactById(trx, bill.holder_user_id),
        userContactById(trx, bill.owner_user_id),
        findProgram(trx, bill.program_id),
        findCreditProgram(trx, bill.program_id),
        awaitsFirstPassword(trx, bill.holder_user_id),
      ])
      if (!holder) return
      const payUrl = billPayUrl(services.config, bill.id)
      const qrCid = `pay-${bill.id}@cardpay`
      // Drawn once and kept: the bill's reminders attach the same image.
      const qr = (await payQrCodes(trx, [{ id: bill.id, url: payUrl }])).get(bill.id)!
      await services.mailer.send({
        to: holder.email,
        ...renderEmail(billIssuedEmail, bill.language, {
          name: holder.name || holder.email,
          company: program?.title || owner?.name || 'Cardpay',
          number: billDisplayNumber(settings?.code, bill.number),
          total: { amount: bill.total, currency: bill.currency },
          due_date: bill.due_date,
          bill_url: portalUrl(services.config, 'cardholder', `/bills/${bill.id}`),
          pay_url: payUrl,
          qr_cid: qrCid,
          new_account: newAccount,
        }),
        messageId: `bill.${bill.id}.issued`,
        attachments: [{ filename: 'pay.png', content: qr, contentType: 'image/png', cid: qrCid }],
      })
    })
  },
})
