import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueBill, seedCreditProgram } from '../../tests/support/credit.ts'
import { expectStatus, type Member, seeding, seedMember } from '../../tests/support/factories.ts'
import { createLiveTestContext, type LiveTestContext } from '../../tests/support/live.ts'
import { type SmtpCapture, startSmtpCapture } from '../../tests/support/smtp.ts'
import { zonedDate } from '../platform/dates.ts'
import { sendAhead } from './jobs/reminders.ts'

/**
 * A minute's reminders written ahead (docs/credit.md, "Sending", step 2a): claimed and composed
 * before their instant, sent at it and not before; a bill archived meanwhile gets nothing, a due
 * date moved meanwhile drops the row written ahead and plans the step again.
 */

let t: LiveTestContext
let smtp: SmtpCapture
let owner: Member
let holder: Member

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
const today = () => zonedDate(new Date(), 'Europe/Amsterdam')

beforeAll(async () => {
  smtp = await startSmtpCapture()
  t = await createLiveTestContext({ env: { SMTP_URL: smtp.url } })
  const s = seeding(t)
  ;[owner, holder] = await Promise.all([seedMember(s, 'owner'), seedMember(s, 'holder')])
}, 120_000)
afterAll(async () => {
  await t.close()
  await smtp.close()
})

const mailsOf = (bill: string) =>
  smtp.messages.filter((m) => m.headers.some((h) => h.key === 'x-cardpay-bill' && h.value === bill))

const rowsOf = (bill: string) =>
  t.services.db
    .selectFrom('credit_reminders')
    .select(['id', 'status', 'reason', 'planned_at', 'sent_at'])
    .where('bill_id', '=', bill)
    .orderBy('order')
    .execute()

describe('reminders written ahead of their minute', () => {
  it('go at their instant; an archived bill gets nothing; a moved due date plans the step again', async () => {
    const { uuid } = await seedCreditProgram(owner, {
      steps: [{ title: 'Reminder', sender_type: 2, days: 1, penalty: { value_type: 1, amount: 300 } }],
      window: { start: '00:00', end: '24:00', weekdays: [1, 2, 3, 4, 5, 6, 7] },
    })
    const due = addDays(today(), 5)
    const [kept, archived, moved] = [
      await issueBill(owner, uuid, holder.id, { due_date: due }),
      await issueBill(owner, uuid, holder.id, { due_date: due }),
      await issueBill(owner, uuid, holder.id, { due_date: due }),
    ]
    const ids = [kept.uuid, archived.uuid, moved.uuid]
    // Their instant: 4 s from now (sendAhead takes the minute that starts at `at`).
    const at = new Date(Math.ceil((Date.now() + 4000) / 1000) * 1000)
    await sql`update credit_reminders set planned_at = ${at} where bill_id = any(${ids}::uuid[])`.execute(
      t.services.db,
    )
    const sending = sendAhead(t.services, t.services.log, at.getTime())
    // Claimed ahead: the rows are being sent, nothing has gone out yet.
    for (let i = 0; i < 100; i++) {
      const rows = await Promise.all(ids.map(rowsOf))
      if (rows.every((r) => r[0]?.status === 'sending')) break
      await new Promise((r) => setTimeout(r, 20))
    }
    expect((await Promise.all(ids.map(rowsOf))).map((r) => r[0]?.status)).toEqual([
      'sending',
      'sending',
      'sending',
    ])
    expect(Date.now()).toBeLessThan(at.getTime())
    expect(ids.flatMap(mailsOf)).toHaveLength(0)

    expectStatus(
      await owner.api('POST', `/manager/bills/${archived.uuid}/archive`, { reason: 'Withdrawn' }),
      200,
      'archive',
    )
    expectStatus(
      await owner.api('PATCH', `/manager/bills/${moved.uuid}`, { due_date: addDays(due, 10) }),
      200,
      'move the due date',
    )
    expect(await sending).toBe(1)

    // The kept bill's reminder: once, at its instant (not before), with its penalty.
    const [sent] = await rowsOf(kept.uuid)
    expect(sent?.status).toBe('sent')
    expect(sent!.sent_at!.getTime()).toBeGreaterThanOrEqual(at.getTime())
    expect(mailsOf(kept.uuid)).toHaveLength(1)
    const bill = expectStatus(
      await owner.api<{ result: { penalties: number } }>('GET', `/manager/bills/${kept.uuid}`),
      200,
      'bill',
    ).result
    expect(bill.penalties).toBe(300)

    // The archived one: skipped, no e-mail, no penalty.
    expect((await rowsOf(archived.uuid)).map((r) => [r.status, r.reason])).toEqual([['skipped', 'archived']])
    expect(mailsOf(archived.uuid)).toHaveLength(0)

    // The moved one: its row written ahead is gone, the step planned for the new due date.
    const again = await rowsOf(moved.uuid)
    expect(again.map((r) => r.status)).toEqual(['planned'])
    expect(again[0]!.planned_at.getTime()).toBeGreaterThan(at.getTime() + 9 * 86_400_000)
    expect(mailsOf(moved.uuid)).toHaveLength(0)
  })
})
