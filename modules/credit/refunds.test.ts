import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueBill, makeDue, seedCreditProgram } from '../../tests/support/credit.ts'
import {
  expectStatus,
  type Member,
  payWithSandboxCard,
  seeding,
  seedMember,
  until,
} from '../../tests/support/factories.ts'
import { createLiveTestContext, type LiveTestContext } from '../../tests/support/live.ts'
import { type SmtpCapture, startSmtpCapture } from '../../tests/support/smtp.ts'
import { zonedDate } from '../platform/dates.ts'
import type { BillDetailJson } from './http/schemas.ts'
import { sendDue } from './jobs/reminders.ts'

/**
 * Refunds of a bill's payment (docs/credit.md, "Refunds"): the owner refunds through payments'
 * `POST payment/payments/{uuid}/refunds`, the sandbox confirms, payments publishes
 * `payments.payment.refunded`, and the bill counts it: open again, back to unpaid or overdue, its
 * ladder resumed, the ledger moving the money back onto the receivable, every entry balanced.
 */
let t: LiveTestContext
let smtp: SmtpCapture
let owner: Member
let holder: Member

const today = () => zonedDate(new Date(), 'Europe/Amsterdam')
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

beforeAll(async () => {
  smtp = await startSmtpCapture()
  t = await createLiveTestContext({ env: { SMTP_URL: smtp.url, PAY_LIMIT_PER_ADDRESS: '1000' } })
  const s = seeding(t)
  ;[owner, holder] = await Promise.all([
    seedMember(s, 'owner', { legal_type: 1, company_name: 'Refund BV' }),
    seedMember(s, 'holder', { first_name: 'Ruud', last_name: 'Terug', language: 'nl' }),
  ])
}, 120_000)
afterAll(async () => {
  await t.close()
  await smtp.close()
})

const bill = async (uuid: string) =>
  expectStatus(await owner.api<{ result: BillDetailJson }>('GET', `/manager/bills/${uuid}`), 200, 'bill')
    .result

async function payInFull(uuid: string): Promise<string> {
  const started = expectStatus(
    await holder.api<{ result: { payment_uuid: string } }>('POST', `/payment/bills/${uuid}/payment`),
    200,
    'start paying',
  ).result
  await payWithSandboxCard(holder.api, started.payment_uuid)
  await until(async () => (await bill(uuid)).status === 'paid', 'the bill paid')
  return started.payment_uuid
}

const refund = async (payment: string, amount: number) =>
  expectStatus(
    await owner.api(
      'POST',
      `/payment/payments/${payment}/refunds`,
      { amount },
      { 'Idempotency-Key': randomUUID() },
    ),
    202,
    'refund',
  )

/** Every ledger line of the bill's credit entries (issue, penalties, payments, refunds). */
const creditLedger = async (billId: string, sources: string[]) =>
  t.services.db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_lines as l', 'l.entry_id', 'e.id')
    .select(['e.id', 'e.source_kind', 'e.source_id', 'l.account', 'l.debit', 'l.credit'])
    .where('e.source_id', 'in', [billId, ...sources])
    .where('e.source_kind', 'like', 'credit_bill.%')
    .execute()

describe('a refund of a bill’s payment', () => {
  it('opens a paid bill again in part, resumes its ladder and moves the money back in the ledger', async () => {
    const { uuid } = await seedCreditProgram(owner, {
      steps: [
        { title: 'First', days: 1, penalty: { value_type: 1, amount: 700 } },
        { title: 'Second', days: 8, penalty: { value_type: 1, amount: 900 } },
      ],
    })
    const issued = await issueBill(owner, uuid, holder.id, { due_date: addDays(today(), 5) })
    await makeDue(t.services.db, [issued.uuid])
    await sendDue(t.services, t.services.log)
    const payment = await payInFull(issued.uuid)
    expect((await bill(issued.uuid)).reminders.map((r) => [r.status, r.reason])).toEqual([
      ['sent', null],
      ['skipped', 'paid'],
    ])

    await refund(payment, 1000)
    const reopened = await until(async () => {
      const b = await bill(issued.uuid)
      return b.status === 'unpaid' && b
    }, 'the bill open again')
    expect(reopened).toMatchObject({
      status: 'unpaid',
      paid_amount: issued.total + 700 - 1000,
      open_amount: 1000,
      penalties: 700,
      paid_at: null,
    })
    // The first reminder stays sent (its penalty stays); the second is planned again at its moment.
    expect(reopened.reminders.map((r) => [r.step.title, r.status])).toEqual([
      ['First', 'sent'],
      ['Second', 'planned'],
    ])
    expect(reopened.reminders[1]!.local_date).toBe(addDays(addDays(today(), 5), 8))
    expect(reopened.timeline.map((e) => e.kind)).toContain('payment_refunded')
    expect(reopened.payments.map((p) => [p.status, p.refunded])).toEqual([['paid', 1000]])

    // The rest refunded too: still unpaid, all of it open; the refund is counted once.
    await refund(payment, issued.total + 700 - 1000)
    const all = await until(async () => {
      const b = await bill(issued.uuid)
      return b.paid_amount === 0 && b
    }, 'the rest refunded')
    expect(all).toMatchObject({ status: 'unpaid', open_amount: issued.total + 700 })
    expect(all.timeline.filter((e) => e.kind === 'payment_refunded')).toHaveLength(2)

    // The ledger: issue, penalty, payment and two refunds, each balanced; the receivable is open again.
    const refunds = await t.services.db
      .selectFrom('payment_refunds')
      .select('id')
      .where('payment_id', '=', payment)
      .execute()
    const reminderIds = all.reminders.map((r) => r.uuid)
    const lines = await until(async () => {
      const l = await creditLedger(issued.uuid, [payment, ...reminderIds, ...refunds.map((r) => r.id)])
      return l.filter((x) => x.source_kind === 'credit_bill.refunded').length === 4 && l
    }, 'the refunds posted')
    const byEntry = new Map<string, bigint>()
    for (const l of lines) byEntry.set(l.id, (byEntry.get(l.id) ?? 0n) + l.debit - l.credit)
    expect(
      [...byEntry.values()].every((v) => v === 0n),
      'every entry balanced',
    ).toBe(true)
    expect(new Set(lines.map((l) => l.source_kind))).toEqual(
      new Set(['credit_bill.issued', 'credit_bill.penalty', 'credit_bill.paid', 'credit_bill.refunded']),
    )
    const on110 = lines.filter((l) => l.account === 110).reduce((sum, l) => sum + l.debit - l.credit, 0n)
    expect(on110, 'the receivable: total and penalty, owed again').toBe(BigInt(issued.total + 700))
    const on230 = lines.filter((l) => l.account === 230).reduce((sum, l) => sum + l.debit - l.credit, 0n)
    expect(on230, '230: the bill’s moves net out against payments’ own').toBe(0n)
  })

  it('makes a bill whose due date has passed overdue, and sends the one reminder that fits now', async () => {
    const { uuid } = await seedCreditProgram(owner, {
      steps: [
        { title: 'Early', days: 1 },
        { title: 'Late', days: 2 },
        { title: 'Far', days: 40 },
      ],
    })
    const issued = await issueBill(owner, uuid, holder.id, { due_date: addDays(today(), 5) })
    const payment = await payInFull(issued.uuid)
    // Time passes: the due date and both early steps are behind us when the refund comes.
    await sql`update credit_bills set due_date = ${addDays(today(), -5)}::date, issue_date = ${addDays(today(), -20)}::date
      where id = ${issued.uuid}`.execute(t.services.db)
    await refund(payment, 500)
    const overdue = await until(async () => {
      const b = await bill(issued.uuid)
      return b.status === 'overdue' && b
    }, 'the bill overdue again')
    expect(overdue.open_amount).toBe(500)
    // Early passed meanwhile: skipped; Late, the latest passed, goes now; Far keeps its moment.
    expect(overdue.reminders.map((r) => [r.step.title, r.status, r.reason])).toEqual([
      ['Early', 'skipped', 'replanned'],
      ['Late', 'planned', null],
      ['Far', 'planned', null],
    ])
    expect(Date.parse(overdue.reminders[1]!.planned_at)).toBeLessThan(Date.now() + 3 * 60_000)
    // Its minute (the next whole one) is made now rather than waited for.
    await makeDue(t.services.db, [issued.uuid])
    await sendDue(t.services, t.services.log)
    const sent = await bill(issued.uuid)
    expect(sent.reminders.map((r) => r.status)).toEqual(['skipped', 'sent', 'planned'])
    const reminders = smtp.messages.filter((m) => m.messageId?.includes(`reminder.${issued.uuid}.`))
    expect(reminders).toHaveLength(1)
  })
})
