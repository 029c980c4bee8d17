import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { issueBill, seedCreditProgram } from '../../tests/support/credit.ts'
import { expectStatus, type Member, seeding, seedMember } from '../../tests/support/factories.ts'
import { zonedDate } from '../platform/dates.ts'
import { newId } from '../platform/ids.ts'

/**
 * The credit figures (`GET manager/bill-statistics`, docs/credit.md "Figures"): open and overdue
 * now, paid, penalties and reminders in the period, per day in the reader's time zone (a payment
 * at 00:30 in Amsterdam on the night the clocks go back counts on that day there, the day before
 * in New York), per program and currency; another owner's program refused.
 */
let t: TestContext
let owner: Member
let admin: Member
let holder: Member
let program: string
const bills: { uuid: string; total: number }[] = []

const future = () =>
  new Date(Date.parse(`${zonedDate(new Date(), 'Europe/Amsterdam')}T12:00:00Z`) + 30 * 86_400_000)
    .toISOString()
    .slice(0, 10)

interface Stats {
  results: {
    currency: string
    open: { count: number; amount: number }
    overdue: { count: number; amount: number }
    paid: { count: number; amount: number }
    penalties: { count: number; amount: number }
    reminders_sent: number
    days: {
      date: string
      open: number
      overdue: number
      collected: number
      penalties: number
      reminders_sent: number
    }[]
  }[]
  programs: { uuid: string; title: string; currency: string; open: { count: number } }[]
}

beforeAll(async () => {
  t = await createTestContext()
  const s = seeding(t)
  ;[owner, admin, holder] = await Promise.all([
    seedMember(s, 'owner'),
    seedMember(s, 'admin'),
    seedMember(s, 'holder'),
  ])
  const seeded = await seedCreditProgram(owner, { title: 'Figures', steps: [{ days: 3 }] })
  program = seeded.uuid
  for (let i = 0; i < 3; i++) bills.push(await issueBill(owner, program, holder.id, { due_date: future() }))
  const db = t.services.db
  const [a, b, c] = bills as [(typeof bills)[0], (typeof bills)[0], (typeof bills)[0]]
  // All three issued on 20 October 2026, due on the 24th.
  await sql`update credit_bills set issue_date = '2026-10-20', due_date = '2026-10-24' where program_id = ${program}`.execute(
    db,
  )
  // A stays unpaid; B is overdue with a penalty of 5.00 its reminder added on 23 October;
  // C was paid in full at 23:30 UTC on 25 October: 00:30 on the 26th in Amsterdam (CET, after
  // the clocks went back), 19:30 on the 25th in New York.
  await sql`update credit_bills set status = 'unpaid' where id = ${a.uuid}`.execute(db)
  const reminder = await db
    .selectFrom('credit_reminders')
    .select(['id'])
    .where('bill_id', '=', b.uuid)
    .executeTakeFirstOrThrow()
  await sql`update credit_reminders set status = 'sent', sent_at = '2026-10-23T10:00:00Z' where id = ${reminder.id}`.execute(
    db,
  )
  await db
    .insertInto('credit_bill_lines')
    .values({
      id: newId(),
      bill_id: b.uuid,
      position: 99,
      kind: 'penalty',
      description: 'Reminder',
      quantity: 1,
      unit_price: 500n,
      vat_code: null,
      vat_rate_bp: null,
      net: 500n,
      reminder_id: reminder.id,
    })
    .execute()
  await sql`update credit_bills set status = 'overdue', penalties = 500 where id = ${b.uuid}`.execute(db)
  await db
    .insertInto('credit_bill_payments')
    .values({
      payment_id: newId(),
      bill_id: c.uuid,
      amount: BigInt(c.total),
      currency: 'EUR',
      status: 'paid',
      paid_at: new Date('2026-10-25T23:30:00Z'),
    })
    .execute()
  await sql`update credit_bills set status = 'paid', paid_amount = total, paid_at = '2026-10-25T23:30:00Z' where id = ${c.uuid}`.execute(
    db,
  )
}, 120_000)
afterAll(() => t.close())

const stats = async (who: Member, query: string) =>
  expectStatus(await who.api<Stats>('GET', `/manager/bill-statistics?${query}`), 200, 'statistics')

describe('GET manager/bill-statistics', () => {
  it('counts open, overdue, paid, penalties and reminders, per day in the reader’s zone', async () => {
    const [a, b, c] = bills as [(typeof bills)[0], (typeof bills)[0], (typeof bills)[0]]
    const amsterdam = await stats(owner, 'from=2026-10-19&to=2026-10-27&tz=Europe/Amsterdam')
    expect(amsterdam.results).toHaveLength(1)
    const eur = amsterdam.results[0]!
    expect(eur).toMatchObject({
      currency: 'EUR',
      open: { count: 2, amount: a.total + b.total + 500 },
      overdue: { count: 1, amount: b.total + 500 },
      paid: { count: 1, amount: c.total },
      penalties: { count: 1, amount: 500 },
      reminders_sent: 1,
    })
    const day = (s: Stats, date: string) => s.results[0]!.days.find((d) => d.date === date)!
    expect(eur.days.map((d) => d.date)).toEqual([
      '2026-10-19',
      '2026-10-20',
      '2026-10-21',
      '2026-10-22',
      '2026-10-23',
      '2026-10-24',
      '2026-10-25',
      '2026-10-26',
      '2026-10-27',
    ])
    const all = a.total + b.total + c.total
    expect(day(amsterdam, '2026-10-19')).toMatchObject({ open: 0, overdue: 0 })
    expect(day(amsterdam, '2026-10-20')).toMatchObject({ open: all, overdue: 0 })
    expect(day(amsterdam, '2026-10-23')).toMatchObject({ open: all + 500, penalties: 500, reminders_sent: 1 })
    // On its due date (the 24th) a bill is not overdue yet; from the 25th it is.
    expect(day(amsterdam, '2026-10-24')).toMatchObject({ overdue: 0 })
    expect(day(amsterdam, '2026-10-25')).toMatchObject({ open: all + 500, overdue: all + 500, collected: 0 })
    expect(day(amsterdam, '2026-10-26')).toMatchObject({
      open: a.total + b.total + 500,
      overdue: a.total + b.total + 500,
      collected: c.total,
    })
    // New York: the payment was on the 25th there.
    const newYork = await stats(owner, 'from=2026-10-19&to=2026-10-27&tz=America/New_York')
    expect(day(newYork, '2026-10-25')).toMatchObject({ collected: c.total, open: a.total + b.total + 500 })
    expect(day(newYork, '2026-10-26')).toMatchObject({ collected: 0 })
    // A period without the payment: not paid in it.
    const before = await stats(owner, 'from=2026-10-01&to=2026-10-24&tz=Europe/Amsterdam')
    expect(before.results[0]).toMatchObject({ paid: { count: 0, amount: 0 }, penalties: { count: 1 } })

    expect(amsterdam.programs).toEqual([
      expect.objectContaining({
        uuid: program,
        title: 'Figures',
        currency: 'EUR',
        open: expect.objectContaining({ count: 2 }),
      }),
    ])
    // One program only; the admin sees it among everyone's.
    expect((await stats(owner, `program=${program}&from=2026-10-19&to=2026-10-27`)).programs).toHaveLength(1)
    const everyone = await stats(admin, 'from=2026-10-19&to=2026-10-27')
    expect(everyone.programs.map((p) => p.uuid)).toContain(program)
  })

  it('refuses bad input, another owner’s program, other roles and no token', async () => {
    const bad = await owner.api('GET', '/manager/bill-statistics?from=2026-10-27&to=2026-10-01')
    expect(bad.status).toBe(400)
    expect((await owner.api('GET', '/manager/bill-statistics?tz=Mars/Olympus')).status).toBe(400)
    expect((await owner.api('GET', '/manager/bill-statistics?from=2025-01-01&to=2026-10-01')).status).toBe(
      400,
    )
    const other = await seedMember(seeding(t), 'owner')
    expect((await other.api('GET', `/manager/bill-statistics?program=${program}`)).status).toBe(404)
    // Another owner without the program sees none of this owner's figures.
    expect((await stats(other, '')).results).toEqual([])
    expect((await holder.api('GET', '/manager/bill-statistics')).status).toBe(403)
    const res = await t.app.request('/api/v1/manager/bill-statistics')
    expect(res.status).toBe(401)
  })
})
