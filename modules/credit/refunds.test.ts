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
import { paymentRefunded } from '../payments/index.ts'
import { zonedDate } from '../platform/dates.ts'
import { publish } from '../platform/events.ts'
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

/** Every line of the bill's credit entries, and per account what they net to (debit − credit). */
async function settledLedger(billId: string, payment: string, expectKinds: Record<string, number>) {
  const refunds = await t.services.db
    .selectFrom('payment_refunds')
    .select('id')
    .where('payment_id', '=', payment)
    .execute()
  const lines = await until(
    async () => {
      const l = await creditLedger(billId, [payment, ...refunds.map((r) => r.id)])
      const n = (kind: string) => new Set(l.filter((x) => x.source_kind === kind).map((x) => x.id)).size
      return Object.entries(expectKinds).every(([kind, count]) => n(kind) === count) && l
    },
    `the ledger entries ${JSON.stringify(expectKinds)}`,
  )
  const byEntry = new Map<string, bigint>()
  for (const l of lines) byEntry.set(l.id, (byEntry.get(l.id) ?? 0n) + l.debit - l.credit)
  expect(
    [...byEntry.values()].every((v) => v === 0n),
    'every entry balanced',
  ).toBe(true)
  const net = (account: number) =>
    lines.filter((l) => l.account === account).reduce((sum, l) => sum + l.debit - l.credit, 0n)
  const of = (kind: string) =>
    lines
      .filter((l) => l.source_kind === kind)
      .map((l) => [l.account, l.debit, l.credit])
      .sort((a, b) => Number(a[0]) - Number(b[0]))
  return { lines, net, of }
}

/** What the owner's figures count open at today's end for the program (Amsterdam days). */
const openToday = async (program: string) => {
  const stats = expectStatus(
    await owner.api<{ results: { days: { date: string; open: number }[] }[] }>(
      'GET',
      `/manager/bill-statistics?from=${today()}&to=${today()}&tz=Europe/Amsterdam&program=${program}`,
    ),
    200,
    'statistics',
  )
  return stats.results[0]?.days.at(-1)?.open
}

describe('a refund of a payment of an archived bill', () => {
  it('is written off with the bill: archived stays archived, the receivable stays at zero to the cent', async () => {
    const { uuid } = await seedCreditProgram(owner, { steps: [{ title: 'Far', days: 40 }] })
    // 2 × 50.00 at 21 %: 100.00 net, 21.00 VAT, 121.00.
    const issued = await issueBill(owner, uuid, holder.id, { due_date: addDays(today(), 5) })
    expect(issued.total).toBe(12_100)
    const payment = await payInFull(issued.uuid)
    const archived = expectStatus(
      await owner.api<{ result: BillDetailJson }>('POST', `/manager/bills/${issued.uuid}/archive`, {
        reason: 'Sent in error',
      }),
      200,
      'archive',
    ).result
    expect(archived.timeline.find((e) => e.kind === 'archived')?.params).toMatchObject({ written_off: 0 })

    // A part refund, then the rest: the bill stays archived, nothing is planned, each refund written off.
    await refund(payment, 3001)
    const first = await until(async () => {
      const b = await bill(issued.uuid)
      return b.paid_amount === 12_100 - 3001 && b
    }, 'the first refund counted')
    expect(first.status).toBe('archived')
    expect(first.reminders.map((r) => r.status)).toEqual(['skipped'])
    expect(first.timeline.find((e) => e.kind === 'payment_refunded')?.params).toMatchObject({
      amount: 3001,
      written_off: 3001,
    })
    // The same refund delivered again (a second event of it, while the payment is not refunded
    // in full): counted once, nothing taken back or written off again.
    const [small] = (await t.services.db
      .selectFrom('payment_refunds')
      .select('id')
      .where('payment_id', '=', payment)
      .execute()) as [{ id: string }]
    const duplicate = await t.services.db.transaction().execute((trx) =>
      publish(trx, paymentRefunded, {
        payment_id: payment,
        payable_kind: 'credit_bill',
        payable_id: issued.uuid,
        program_uuid: uuid,
        currency: 'EUR',
        refund_id: small.id,
        amount: 3001,
        fully_refunded: false,
      }),
    )
    await until(
      async () =>
        t.services.db
          .selectFrom('processed_events')
          .select('event_id')
          .where('event_id', '=', duplicate)
          .where('handler', '=', 'credit.bill-payment-refunded')
          .executeTakeFirst(),
      'the duplicate handled',
    )
    const again = await bill(issued.uuid)
    expect(again.timeline.filter((e) => e.kind === 'payment_refunded')).toHaveLength(1)
    expect([again.paid_amount, again.payments[0]?.refunded]).toEqual([12_100 - 3001, 3001])

    await refund(payment, 12_100 - 3001)
    const all = await until(async () => {
      const b = await bill(issued.uuid)
      return b.paid_amount === 0 && b
    }, 'the rest refunded')
    expect(all.status).toBe('archived')
    expect(all.reminders.map((r) => r.status)).toEqual(['skipped'])
    expect(
      all.timeline.filter((e) => e.kind === 'payment_refunded').map((e) => e.params.written_off),
    ).toEqual([3001, 9099])

    // Cent by cent: the VAT share of 30.01 is 21.00 × 30.01 ÷ 121.00 = 5.2083 → 5.21; of the rest
    // 21.00 − 5.21 = 15.79 (the cumulative share, so the two never drift from the bill's VAT).
    const ledger = await settledLedger(issued.uuid, payment, {
      'credit_bill.issued': 1,
      'credit_bill.paid': 1,
      'credit_bill.refunded': 2,
      'credit_bill.refund_written_off': 2,
    })
    const refundIds = (await t.services.db
      .selectFrom('payment_refunds')
      .select(['id', 'amount'])
      .where('payment_id', '=', payment)
      .execute()) as { id: string; amount: bigint }[]
    const entryOf = (refundId: string) =>
      ledger.lines
        .filter((l) => l.source_kind === 'credit_bill.refund_written_off' && l.source_id === refundId)
        .map((l) => [l.account, l.debit, l.credit])
        .sort((a, b) => Number(a[0]) - Number(b[0]))
    const rest = refundIds.find((r) => r.amount === 9099n)!
    expect(entryOf(small.id)).toEqual([
      [110, 0n, 3001n],
      [210, 521n, 0n],
      [410, 2480n, 0n],
    ])
    expect(entryOf(rest.id)).toEqual([
      [110, 0n, 9099n],
      [210, 1579n, 0n],
      [410, 7520n, 0n],
    ])
    // The holder owes nothing of an archived bill; what issuing credited to income and VAT is back.
    expect([ledger.net(110), ledger.net(210), ledger.net(410), ledger.net(230)]).toEqual([0n, 0n, 0n, 0n])
    expect(await openToday(uuid)).toBe(0)
  })

  it('a payment landing after archiving takes back its write-off; its refund writes it off again', async () => {
    const { uuid } = await seedCreditProgram(owner, { steps: [{ title: 'Far', days: 40 }] })
    const issued = await issueBill(owner, uuid, holder.id, { due_date: addDays(today(), 5) })
    // The holder opens the checkout, the owner archives meanwhile (121.00 written off), the holder pays.
    const started = expectStatus(
      await holder.api<{ result: { payment_uuid: string } }>('POST', `/payment/bills/${issued.uuid}/payment`),
      200,
      'start paying',
    ).result
    expectStatus(
      await owner.api('POST', `/manager/bills/${issued.uuid}/archive`, { reason: 'Member left' }),
      200,
      'archive',
    )
    await payWithSandboxCard(holder.api, started.payment_uuid)
    const paidLate = await until(async () => {
      const b = await bill(issued.uuid)
      return b.paid_amount === 12_100 && b
    }, 'the late payment counted')
    expect(paidLate.status).toBe('archived')
    expect(paidLate.timeline.find((e) => e.kind === 'payment_received')?.params).toMatchObject({
      amount: 12_100,
      recovered: 12_100,
    })
    const reversed = await settledLedger(issued.uuid, started.payment_uuid, {
      'credit_bill.written_off': 1,
      'credit_bill.write_off_reversed': 1,
    })
    expect(reversed.of('credit_bill.write_off_reversed')).toEqual([
      [110, 12_100n, 0n],
      [210, 0n, 2100n],
      [410, 0n, 10_000n],
    ])
    // Paid in the end: the receivable closed by the payment, income and VAT as issued.
    expect([reversed.net(110), reversed.net(210), reversed.net(410)]).toEqual([0n, -2100n, -10_000n])
    expect(await openToday(uuid)).toBe(0)

    await refund(started.payment_uuid, 12_100)
    await until(async () => (await bill(issued.uuid)).paid_amount === 0, 'the refund counted')
    const ledger = await settledLedger(issued.uuid, started.payment_uuid, {
      'credit_bill.written_off': 1,
      'credit_bill.write_off_reversed': 1,
      'credit_bill.refunded': 1,
      'credit_bill.refund_written_off': 1,
    })
    expect(ledger.of('credit_bill.refund_written_off')).toEqual([
      [110, 0n, 12_100n],
      [210, 2100n, 0n],
      [410, 10_000n, 0n],
    ])
    expect([ledger.net(110), ledger.net(210), ledger.net(410), ledger.net(230)]).toEqual([0n, 0n, 0n, 0n])
    expect((await bill(issued.uuid)).status).toBe('archived')
    expect(await openToday(uuid)).toBe(0)
  })
})
