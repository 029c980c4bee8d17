import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueBill, makeDue, seedCreditProgram } from '../../tests/support/credit.ts'
import { expectStatus, type Member, seeding, seedMember, until } from '../../tests/support/factories.ts'
import { createLiveTestContext, type LiveTestContext } from '../../tests/support/live.ts'
import { type SmtpCapture, startSmtpCapture } from '../../tests/support/smtp.ts'
import { zonedDate } from '../platform/dates.ts'
import { writeOffChange, writeOffOf } from './billing.ts'
import type { BillDetailJson } from './http/schemas.ts'
import { sendDue } from './jobs/reminders.ts'

/**
 * Archiving a bill with money open writes the open amount off (docs/credit.md, "Archiving an open
 * bill"): one balanced entry per bill, the holder's receivable closed, who and how much on the
 * timeline; a paid bill writes nothing off; refused for another owner, the holder and no token.
 */

let t: LiveTestContext
let smtp: SmtpCapture
let owner: Member
let otherOwner: Member
let holder: Member

const today = () => zonedDate(new Date(), 'Europe/Amsterdam')
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

beforeAll(async () => {
  smtp = await startSmtpCapture()
  t = await createLiveTestContext({ env: { SMTP_URL: smtp.url } })
  const s = seeding(t)
  ;[owner, otherOwner, holder] = await Promise.all([
    seedMember(s, 'owner'),
    seedMember(s, 'owner'),
    seedMember(s, 'holder', { first_name: 'Jan', last_name: 'Jansen' }),
  ])
}, 120_000)
afterAll(async () => {
  await t.close()
  await smtp.close()
})

/** Every ledger line of the bill's own entries (issue, write-off) and of its penalties. */
const ledgerOfBill = async (billId: string) => {
  const reminders = await t.services.db
    .selectFrom('credit_reminders')
    .select('id')
    .where('bill_id', '=', billId)
    .execute()
  return t.services.db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_lines as l', 'l.entry_id', 'e.id')
    .select(['e.id as entry', 'e.source_kind', 'l.account', 'l.debit', 'l.credit'])
    .where('e.source_id', 'in', [billId, ...reminders.map((r) => r.id)])
    .orderBy('e.id')
    .orderBy('l.line_no')
    .execute()
}

/** Archives as `who` (`guest`: without a token). */
const archive = (who: Member | 'guest', uuid: string, reason = 'Customer went bankrupt') =>
  (who === 'guest' ? seeding(t).guest : who.api)<{ result: BillDetailJson; error?: { reason: string } }>(
    'POST',
    `/manager/bills/${uuid}/archive`,
    { reason },
  )

describe('archiving a bill with money open', () => {
  it('writes off the open amount with its penalty: VAT back, income back, the receivable closed', async () => {
    const { uuid } = await seedCreditProgram(owner, {
      steps: [{ title: 'Reminder', sender_type: 2, days: 1, penalty: { value_type: 1, amount: 700 } }],
    })
    // 2 × 50.00 at 21 %: 100.00 net, 21.00 VAT, 121.00; the reminder adds 7.00.
    const issued = await issueBill(owner, uuid, holder.id, { due_date: addDays(today(), 5) })
    await makeDue(t.services.db, [issued.uuid])
    await sendDue(t.services, t.services.log)

    // Refused for another owner (404), the holder (403) and no token (401): nothing written off.
    expect((await archive(otherOwner, issued.uuid)).status).toBe(404)
    expect((await holder.api('POST', `/manager/bills/${issued.uuid}/archive`, { reason: 'x' })).status).toBe(
      403,
    )
    expect((await archive('guest', issued.uuid)).status).toBe(401)

    const archived = expectStatus(await archive(owner, issued.uuid), 200, 'archive').result
    expect(archived).toMatchObject({ status: 'archived', penalties: 700 })
    const event = archived.timeline.find((e) => e.kind === 'archived')
    expect(event?.params).toMatchObject({
      reason: 'Customer went bankrupt',
      from: 'unpaid',
      written_off: 12_800,
      currency: 'EUR',
      by: owner.id,
    })
    // Archiving again: refused, and nothing more written off.
    const again = await archive(owner, issued.uuid)
    expect([again.status, again.body.error?.reason]).toEqual([422, 'bill_archived'])

    const lines = await until(async () => {
      const l = await ledgerOfBill(issued.uuid)
      return l.some((x) => x.source_kind === 'credit_bill.written_off') && l
    }, 'the write-off posted')
    const writeOff = lines.filter((l) => l.source_kind === 'credit_bill.written_off')
    expect(writeOff.map((l) => [l.account, l.debit, l.credit])).toEqual([
      [410, 10_700n, 0n],
      [210, 2100n, 0n],
      [110, 0n, 12_800n],
    ])
    // Every entry balanced; the holder's receivable of this bill back to zero; VAT net zero.
    for (const entry of new Set(lines.map((l) => l.entry))) {
      const of = lines.filter((l) => l.entry === entry)
      expect(of.reduce((s, l) => s + l.debit - l.credit, 0n)).toBe(0n)
    }
    const net = (account: number) =>
      lines.filter((l) => l.account === account).reduce((s, l) => s + l.debit - l.credit, 0n)
    expect([net(110), net(210), net(410)]).toEqual([0n, 0n, 0n])
    // Let the ledger worker settle, then check the write-off was posted once.
    await new Promise((r) => setTimeout(r, 500))
    const count = (await ledgerOfBill(issued.uuid)).filter((l) => l.source_kind === 'credit_bill.written_off')
    expect(count).toHaveLength(3)
  })

  it('two archives at once: one archives and writes off (no VAT line when exempt), the other is refused', async () => {
    const { uuid } = await seedCreditProgram(owner, { steps: [{ days: 3 }] })
    const issued = await issueBill(owner, uuid, holder.id, {
      due_date: addDays(today(), 5),
      items: [{ description: 'Exempt service', quantity: 1, unit_price: 4000, vat: 'exempt' }],
    })
    const answers = await Promise.all([archive(owner, issued.uuid), archive(owner, issued.uuid)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422])
    const lines = await until(async () => {
      const l = await ledgerOfBill(issued.uuid)
      return l.some((x) => x.source_kind === 'credit_bill.written_off') && l
    }, 'the write-off posted')
    // No VAT on an exempt bill: no VAT line.
    expect(
      lines
        .filter((l) => l.source_kind === 'credit_bill.written_off')
        .map((l) => [l.account, l.debit, l.credit]),
    ).toEqual([
      [410, 4000n, 0n],
      [110, 0n, 4000n],
    ])
  })
})

describe('what is written off', () => {
  it('splits the open amount: penalties first off income, the open invoice part with its VAT share', () => {
    // 121.00 (21.00 VAT), 7.00 penalties, 60.50 paid: 60.50 of the invoice open, VAT share 10.50.
    expect(writeOffOf({ total: 12_100n, vat: 2100n, penalties: 700n, paid_amount: 6050n })).toEqual({
      open: 6750n,
      vat: 1050n,
      income: 5700n,
    })
    // Rounded half away from zero: 21 × 1 / 121 = 0.17… → 0; 21 × 61 / 121 = 10.58… → 11.
    expect(writeOffOf({ total: 121n, vat: 21n, penalties: 0n, paid_amount: 120n }).vat).toBe(0n)
    expect(writeOffOf({ total: 121n, vat: 21n, penalties: 0n, paid_amount: 60n }).vat).toBe(11n)
    // Only penalties open (the invoice paid): no VAT given back.
    expect(writeOffOf({ total: 12_100n, vat: 2100n, penalties: 700n, paid_amount: 12_100n })).toEqual({
      open: 700n,
      vat: 0n,
      income: 700n,
    })
    // Paid in full: nothing.
    expect(writeOffOf({ total: 12_100n, vat: 2100n, penalties: 700n, paid_amount: 12_800n }).open).toBe(0n)
  })

  it('a refund of an archived bill writes off the change: penalties first, then the invoice with its VAT share', () => {
    const bill = { total: 12_100n, vat: 2100n, penalties: 700n }
    const paid = (paid_amount: bigint) => ({ ...bill, paid_amount })
    // 128.00 paid (the penalty too): refunding 7.00 opens only the penalty again, no VAT.
    expect(writeOffChange(paid(12_800n), paid(12_100n))).toEqual({ open: 700n, vat: 0n, income: 700n })
    // 10.00 more: 21 × 10 / 121 = 1.7355 → 1.74 of VAT.
    expect(writeOffChange(paid(12_100n), paid(11_100n))).toEqual({ open: 1000n, vat: 174n, income: 826n })
    // A payment landing after archiving: the same amounts the other way.
    expect(writeOffChange(paid(11_100n), paid(12_100n))).toEqual({ open: -1000n, vat: -174n, income: -826n })
    // Over several refunds the VAT given back adds up to the bill's VAT, to the cent.
    let vat = 0n
    for (let p = 12_800n; p > 0n; p -= 333n)
      vat += writeOffChange(paid(p), paid(p > 333n ? p - 333n : 0n)).vat
    expect(vat).toBe(2100n)
  })
})
