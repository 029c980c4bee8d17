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
import { loseAnswer } from '../../tests/support/idempotency.ts'
import { createLiveTestContext, type LiveTestContext } from '../../tests/support/live.ts'
import { type SmtpCapture, startSmtpCapture } from '../../tests/support/smtp.ts'
import { zonedDate } from '../platform/dates.ts'
import type { Page } from '../platform/pagination.ts'
import type { BillDetailJson, BillJson } from './http/schemas.ts'
import { markOverdue } from './jobs/bills.ts'
import { sendDue, sweep } from './jobs/reminders.ts'

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
    seedMember(s, 'owner', { legal_type: 1, company_name: 'Bakkerij Piet BV' }),
    seedMember(s, 'holder', { first_name: 'Anna', last_name: 'de Vries', language: 'de' }),
  ])
}, 120_000)
afterAll(async () => {
  await t.close()
  await smtp.close()
})

const bill = async (uuid: string, who = owner) =>
  expectStatus(await who.api<{ result: BillDetailJson }>('GET', `/manager/bills/${uuid}`), 200, 'bill').result

const ledgerOf = (source: string) =>
  t.services.db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_lines as l', 'l.entry_id', 'e.id')
    .select(['e.source_kind', 'e.source_id', 'l.account', 'l.debit', 'l.credit'])
    .where('e.source_id', '=', source)
    .orderBy('l.line_no')
    .execute()

describe('the ladder and its settings', () => {
  it('keeps steps in the spec’s fields, gives the program a 6-letter code, previews the plan', async () => {
    const { uuid, steps } = await seedCreditProgram(owner, {
      steps: [
        { title: 'Friendly', sender_type: 1, days: 3, send_time: '10:00' },
        {
          title: 'Reminder',
          sender_type: 2,
          days: 7,
          send_time: '10:00',
          penalty: { value_type: 1, amount: 1500 },
        },
        {
          title: 'Formal',
          sender_type: 2,
          days: 21,
          send_time: '10:00',
          penalty: { value_type: 2, percent: '1.5' },
        },
      ],
      window: { start: '09:00', end: '18:00', weekdays: [1, 2, 3, 4, 5] },
    })
    const ladder = expectStatus(
      await owner.api<{
        settings: { code: string; window: unknown }
        results: { uuid: string; penalty: unknown }[]
      }>('GET', `/manager/reminders?program=${uuid}`),
      200,
      'ladder',
    )
    expect(ladder.settings.code).toMatch(/^[A-Z]{6}$/)
    expect(ladder.results.map((s) => s.uuid)).toEqual(steps)
    expect(ladder.results[2]!.penalty).toEqual({
      value_type: 2,
      amount: null,
      percent: '1.5',
      currency: 'EUR',
    })

    // Saturday 2026-12-05 10:00 (a step 3 days before a Tuesday due date) moves to Monday's opening.
    const preview = expectStatus(
      await owner.api<{
        results: {
          title: string
          local_date: string
          local_time: string
          moved: string[]
          penalty: number
          running_total: number
        }[]
      }>('GET', `/manager/reminders/preview?program=${uuid}&due_date=2026-12-08&amount=10000`),
      200,
      'preview',
    ).results
    expect(
      preview.map((p) => [p.title, p.local_date, p.local_time, p.moved, p.penalty, p.running_total]),
    ).toEqual([
      ['Friendly', '2026-12-07', '09:00', ['window'], 0, 10000],
      ['Reminder', '2026-12-15', '10:00', [], 1500, 11500],
      ['Formal', '2026-12-29', '10:00', [], 150, 11650],
    ])

    // reminder-periods changes a step's timing; a window past midnight is refused on the field.
    const moved = expectStatus(
      await owner.api<{ result: { time: { value: number }; send_time: string } }>(
        'PATCH',
        `/manager/reminder-periods/${steps[0]}`,
        { time: { sender_type: 1, value: 5 }, send_time: '11:30' },
      ),
      200,
      'period',
    ).result
    expect(moved).toMatchObject({ time: { value: 5 }, send_time: '11:30' })
    const bad = await owner.api<{ error: { field_codes: Record<string, { code: string }[]> } }>(
      'PATCH',
      `/manager/reminder-settings/${uuid}`,
      { window: { start: '20:00', end: '02:00' } },
    )
    expect(bad.status).toBe(400)
    expect(bad.body.error.field_codes['window.end']?.[0]?.code).toBe('window_invalid')
    const badZone = await owner.api('PATCH', `/manager/reminder-settings/${uuid}`, {
      time_zone: 'Mars/Olympus',
    })
    expect(badZone.status).toBe(400)
    expect((await owner.api('DELETE', `/manager/reminders/${steps[2]}`)).status, 'delete a step').toBe(204)
    expect((await owner.api('PATCH', `/manager/reminders/${steps[2]}`, { title: 'x' })).status).toBe(404)
  })
})

describe('bills', () => {
  it('issues bills with gapless numbers, VAT per rate and the issue’s ledger entry', async () => {
    const { uuid } = await seedCreditProgram(owner)
    const due = addDays(today(), 14)
    const first = await issueBill(owner, uuid, holder.id, {
      due_date: due,
      items: [
        { description: 'Bread', quantity: 3, unit_price: 333, vat: 'low' },
        { description: 'Catering', quantity: 1, unit_price: 10_001, vat: 'high' },
        { description: 'Deposit', quantity: 1, unit_price: 500, vat: 'exempt' },
      ],
    })
    const second = await issueBill(owner, uuid, holder.id, { due_date: due })
    const [n1, n2] = [first.number, second.number].map((n) => Number(n.split('-')[1]))
    expect(n2).toBe(n1! + 1)
    const detail = await bill(first.uuid)
    // low 9 % of 999 = 89.91 → 90; high 21 % of 10001 = 2100.21 → 2100; exempt none.
    expect(detail).toMatchObject({
      status: 'unpaid',
      subtotal: 11_500,
      vat: 2190,
      total: 13_690,
      open_amount: 13_690,
    })
    expect(detail.vat_per_rate).toEqual([
      { code: 'low', vat_rate: 9, net: 999, vat: 90 },
      { code: 'high', vat_rate: 21, net: 10_001, vat: 2100 },
      { code: 'exempt', vat_rate: null, net: 500, vat: 0 },
    ])
    expect(detail.timeline.map((e) => e.kind)).toEqual(['issued'])
    const lines = await until(async () => {
      const l = await ledgerOf(first.uuid)
      return l.length === 3 && l
    }, 'the issue posted')
    expect(lines.map((l) => [l.account, l.debit, l.credit])).toEqual([
      [110, 13_690n, 0n],
      [410, 0n, 11_500n],
      [210, 0n, 2190n],
    ])
    // The owner reads the entry on the program's page in their own language: a code and the bill's
    // number as its holder reads it ("WZMGGR-1", as its payment says), not only the English sentence.
    const journals = expectStatus(
      await owner.api<{
        results: {
          uuid: string
          source: { kind: string; id: string }
          description_code: string | null
          description_params: unknown
        }[]
      }>('GET', `/payment/journals?sub_account=program:${uuid}`),
      200,
      'journals',
    ).results
    const issued = journals.find((e) => e.source.id === first.uuid)
    expect(issued).toMatchObject({
      description_code: 'credit_bill.issued',
      description_params: { number: first.number },
    })
    // Its lines name the program's sub-account by the program's title, not its id.
    const { title } = await t.services.db
      .selectFrom('programs')
      .select('title')
      .where('id', '=', uuid)
      .executeTakeFirstOrThrow()
    const entryLines = expectStatus(
      await owner.api<{
        lines: { account: number; sub_account: { kind: string; external_id: string; title: string | null } }[]
      }>('GET', `/payment/journals/${issued!.uuid}`),
      200,
      'the entry',
    ).lines
    expect(entryLines.find((l) => l.account === 410)?.sub_account).toEqual({
      uuid: expect.any(String),
      kind: 'program',
      external_id: uuid,
      title,
    })
    expect(entryLines.find((l) => l.account === 110)?.sub_account.title).toBeNull()
    // The account balances name it the same way (the admin's and the owner's ledger screens).
    const accounts = expectStatus(
      await owner.api<{
        results: {
          number: number
          sub_accounts?: { kind: string; external_id: string; title: string | null }[]
        }[]
      }>('GET', '/payment/ledgers?sub_accounts=true'),
      200,
      'the balances',
    ).results
    expect(accounts.find((a) => a.number === 410)?.sub_accounts).toContainEqual(
      expect.objectContaining({ kind: 'program', external_id: uuid, title }),
    )
  })

  it('answers the bill’s time zone to owner and holder: the program’s, or the holder’s given on issue', async () => {
    const { uuid } = await seedCreditProgram(owner, { time_zone: 'Asia/Tokyo' })
    const due = addDays(today(), 14)
    const programs = await issueBill(owner, uuid, holder.id, { due_date: due })
    const holders = await issueBill(owner, uuid, holder.id, { due_date: due, time_zone: 'America/New_York' })
    // The web shows a bill's timeline, reminders and payments on this clock, not the viewer's.
    expect((await bill(programs.uuid)).time_zone).toBe('Asia/Tokyo')
    expect((await bill(holders.uuid)).time_zone).toBe('America/New_York')
    const listed = expectStatus(
      await owner.api<Page<BillJson>>('GET', `/manager/bills?program=${uuid}`),
      200,
      'the owner’s list',
    ).results
    expect(Object.fromEntries(listed.map((b) => [b.uuid, b.time_zone]))).toEqual({
      [programs.uuid]: 'Asia/Tokyo',
      [holders.uuid]: 'America/New_York',
    })
    const mine = expectStatus(
      await holder.api<{ result: BillDetailJson }>('GET', `/payment/bills/${holders.uuid}`),
      200,
      'the holder’s bill',
    ).result
    expect(mine.time_zone).toBe('America/New_York')
    const myList = expectStatus(
      await holder.api<Page<BillJson>>('GET', '/payment/bills?size=100'),
      200,
      'the holder’s list',
    ).results
    expect(myList.find((b) => b.uuid === programs.uuid)?.time_zone).toBe('Asia/Tokyo')
  })

  it('issues once when the process died after the bill committed and before it answered', async () => {
    const { uuid } = await seedCreditProgram(owner)
    const key = `bill-${Date.now()}`
    const body = {
      program: uuid,
      holder: holder.id,
      due_date: addDays(today(), 14),
      items: [{ description: 'Consulting', quantity: 1, unit_price: 5000, vat: 'high' }],
    }
    const first = expectStatus(
      await owner.api<{ result: { uuid: string } }>('POST', '/manager/bills', body, {
        'idempotency-key': key,
      }),
      201,
      'issue',
    )
    await loseAnswer(t.services.db, key)
    const again = expectStatus(
      await owner.api<{ result: { uuid: string } }>('POST', '/manager/bills', body, {
        'idempotency-key': key,
      }),
      201,
      'retry',
    )
    expect(again.result.uuid).toBe(first.result.uuid)
    const bills = await t.services.db
      .selectFrom('credit_bills')
      .select('id')
      .where('program_id', '=', uuid)
      .execute()
    expect(bills).toHaveLength(1)
  })

  it('refuses bad input on the field and changes nothing', async () => {
    const { uuid } = await seedCreditProgram(owner)
    const before = await t.services.db
      .selectFrom('credit_bills')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
    const cases: [unknown, string, string][] = [
      [
        {
          program: uuid,
          holder: owner.id,
          due_date: addDays(today(), 3),
          items: [{ description: 'x', quantity: 1, unit_price: 1, vat: 'high' }],
        },
        'holder',
        'not_card_holder',
      ],
      [
        {
          program: uuid,
          holder: holder.id,
          due_date: '2020-01-01',
          items: [{ description: 'x', quantity: 1, unit_price: 1, vat: 'high' }],
        },
        'due_date',
        'date_in_past',
      ],
      [{ program: uuid, holder: holder.id, due_date: addDays(today(), 3), items: [] }, 'items', 'too_few'],
      [
        {
          program: uuid,
          holder: holder.id,
          due_date: addDays(today(), 3),
          items: [{ description: 'x', quantity: 1, unit_price: 1, vat: 'lots' }],
        },
        'items.0.vat',
        'invalid_choice',
      ],
      [
        {
          program: uuid,
          holder: holder.id,
          due_date: '2026-02-30',
          items: [{ description: 'x', quantity: 1, unit_price: 1, vat: 'high' }],
        },
        'due_date',
        'invalid_date',
      ],
    ]
    for (const [body, field, code] of cases) {
      const res = await owner.api<{ error: { field_codes: Record<string, { code: string }[]> } }>(
        'POST',
        '/manager/bills',
        body,
      )
      expect(res.status, JSON.stringify(res.body)).toBe(400)
      expect(res.body.error.field_codes[field]?.[0]?.code, field).toBe(code)
    }
    const after = await t.services.db
      .selectFrom('credit_bills')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
    expect(after.n).toBe(before.n)
  })

  it('lists bills with state filters, search and dates; archives with a reason; moves a due date', async () => {
    const { uuid } = await seedCreditProgram(owner, { steps: [{ days: 3 }] })
    const a = await issueBill(owner, uuid, holder.id, { due_date: addDays(today(), 10) })
    const b = await issueBill(owner, uuid, holder.id, { due_date: addDays(today(), 20) })
    const list = async (q: string) =>
      expectStatus(
        await owner.api<Page<BillJson>>('GET', `/manager/bills?program=${uuid}${q}`),
        200,
        `list ${q}`,
      )
    const all = await list('')
    expect(all.results.map((r) => r.uuid)).toEqual([b.uuid, a.uuid])
    expect(all.count).toBe(2)
    expect((await list(`&search=${a.number}`)).results.map((r) => r.uuid)).toEqual([a.uuid])
    expect((await list('&search=de%20vries')).count).toBe(2)
    expect((await list(`&from=${addDays(today(), 1)}`)).count).toBe(0)

    const archived = expectStatus(
      await owner.api<{ result: BillDetailJson }>('POST', `/manager/bills/${a.uuid}/archive`, {
        reason: 'Sent in error',
      }),
      200,
      'archive',
    ).result
    expect(archived.status).toBe('archived')
    expect(archived.reminders.every((r) => r.status === 'skipped' && r.reason === 'archived')).toBe(true)
    const again = await owner.api<{ error: { reason: string } }>('POST', `/manager/bills/${a.uuid}/archive`, {
      reason: 'x',
    })
    expect([again.status, again.body.error.reason]).toEqual([422, 'bill_archived'])
    const archivedList = await list('&status=archived')
    expect([archivedList.count, archivedList.results.map((r) => r.uuid)]).toEqual([1, [a.uuid]])
    const open = await list('&status=unpaid,overdue')
    expect([open.count, open.results.map((r) => r.uuid)]).toEqual([1, [b.uuid]])

    const moved = expectStatus(
      await owner.api<{ result: BillDetailJson }>('PATCH', `/manager/bills/${b.uuid}`, {
        due_date: addDays(today(), 30),
      }),
      200,
      'move',
    ).result
    expect(moved.due_date).toBe(addDays(today(), 30))
    expect(moved.timeline.map((e) => e.kind)).toContain('due_date_moved')
    expect(moved.reminders[0]!.local_date).toBe(addDays(today(), 33))
  })
})

describe('overdue', () => {
  it('marks bills overdue once their due date has ended in their zone, and counts them there', async () => {
    const { uuid } = await seedCreditProgram(owner)
    const late = await issueBill(owner, uuid, holder.id, { due_date: addDays(today(), 1) })
    const onTime = await issueBill(owner, uuid, holder.id, { due_date: addDays(today(), 1) })
    await sql`update credit_bills set issue_date = ${addDays(today(), -10)}::date, due_date = ${addDays(today(), -1)}::date
      where id = ${late.uuid}`.execute(t.services.db)
    await markOverdue.handle({ data: {}, services: t.services, log: t.services.log, job: {} as never })
    // The worker's own run (every minute) may hold the bill at that moment and skip-locked passes
    // it over here: that run moves it then.
    await until(async () => (await bill(late.uuid)).status === 'overdue', 'the bill overdue')
    expect((await bill(late.uuid)).timeline.map((e) => e.kind)).toEqual(['issued', 'overdue'])
    expect((await bill(onTime.uuid)).status).toBe('unpaid')
    const overdue = expectStatus(
      await owner.api<Page<BillJson>>('GET', `/manager/bills?program=${uuid}&status=overdue`),
      200,
      'overdue bills',
    )
    expect([overdue.count, overdue.results.map((r) => r.uuid)]).toEqual([1, [late.uuid]])
    // Moving the due date to today makes it unpaid again.
    const moved = expectStatus(
      await owner.api<{ result: BillDetailJson }>('PATCH', `/manager/bills/${late.uuid}`, {
        due_date: today(),
      }),
      200,
      'move',
    ).result
    expect(moved.status).toBe('unpaid')
  })
})

describe('reminders', () => {
  it('sends a new bill to its holder once, in their language, with its link and a QR code to pay', async () => {
    const { uuid } = await seedCreditProgram(owner)
    const issued = await issueBill(owner, uuid, holder.id, { due_date: addDays(today(), 20) })
    const [mail] = await smtp.waitFor((m) => m.messageId?.includes(`bill.${issued.uuid}.issued`) ?? false)
    expect(mail!.envelope.to).toContain(holder.email)
    expect(mail!.subject).toContain(issued.number)
    expect(mail!.text).toContain(`/bills/${issued.uuid}`)
    expect(mail!.text).toContain('Rechnung') // the holder's language: German
    // They have an account of their own: no word of a password to choose.
    expect(mail!.text).not.toContain('Passwort')
    expect(mail!.attachments.map((a) => a.mimeType)).toEqual(['image/png'])
    expect(smtp.messages.filter((m) => m.messageId === mail!.messageId)).toHaveLength(1)
  })

  it('sends a due reminder once, in the holder’s language with the pay link and its QR code, and adds its penalty', async () => {
    const { uuid } = await seedCreditProgram(owner, {
      steps: [
        { title: 'First', days: 1, penalty: { value_type: 1, amount: 500 } },
        { title: 'Second', days: 8, penalty: { value_type: 2, percent: '10' } },
      ],
    })
    const issued = await issueBill(owner, uuid, holder.id, { due_date: addDays(today(), 5) })
    await makeDue(t.services.db, [issued.uuid])
    await sendDue(t.services, t.services.log)
    await sendDue(t.services, t.services.log)
    const [mail] = await smtp.waitFor((m) =>
      m.headers.some((h) => h.key === 'x-cardpay-bill' && h.value === issued.uuid),
    )
    expect(mail!.messageId).toContain(`reminder.${issued.uuid}.`)
    expect(mail!.subject).toBe(`Invoice ${issued.number}: step 1`)
    expect(mail!.text).toContain('Dear Anna de Vries')
    expect(mail!.text).toContain(`/bills/${issued.uuid}/payment`)
    expect(mail!.text).toContain('Jetzt bezahlen') // the holder's language: German
    expect(mail!.attachments.map((a) => a.mimeType)).toEqual(['image/png'])
    await new Promise((r) => setTimeout(r, 300))
    expect(smtp.messages.filter((m) => m.messageId === mail!.messageId)).toHaveLength(1)

    const detail = await bill(issued.uuid)
    expect(detail.penalties).toBe(500)
    expect(detail.lines.at(-1)).toMatchObject({ kind: 'penalty', description: 'First', net: 500 })
    expect(detail.reminders.map((r) => r.status)).toEqual(['sent', 'planned'])
    expect(detail.timeline.map((e) => e.kind)).toEqual(['issued', 'penalty_added', 'reminder_sent'])
    const penalty = await until(async () => {
      const l = await ledgerOf(detail.reminders[0]!.uuid)
      return l.length === 2 && l
    }, 'the penalty posted')
    expect(penalty.map((l) => [l.account, l.debit, l.credit])).toEqual([
      [110, 500n, 0n],
      [410, 0n, 500n],
    ])
  })

  it('sends a system template in the holder’s language with its placeholders filled', async () => {
    const { uuid } = await seedCreditProgram(owner, { steps: [{ title: 'Reminder', days: 1, template: 2 }] })
    const issued = await issueBill(owner, uuid, holder.id, { due_date: addDays(today(), 5) })
    await makeDue(t.services.db, [issued.uuid])
    await sendDue(t.services, t.services.log)
    const [mail] = await smtp.waitFor((m) =>
      m.headers.some((h) => h.key === 'x-cardpay-bill' && h.value === issued.uuid),
    )
    expect(mail!.subject).toContain(issued.number)
    expect(mail!.text).toContain('Anna de Vries')
    expect(mail!.text).toMatch(new RegExp(`Online bezahlen: http\\S+/bills/${issued.uuid}/payment`))
    expect(mail!.text).not.toMatch(/\{(name|invoice_number|amount|due_date|company|pay_link)\}/)
  })

  it('a payment between two steps: no later reminder and no later penalty', async () => {
    const { uuid } = await seedCreditProgram(owner, {
      steps: [
        { title: 'First', days: 1, penalty: { value_type: 1, amount: 700 } },
        { title: 'Second', days: 8, penalty: { value_type: 1, amount: 900 } },
      ],
    })
    const issued = await issueBill(owner, uuid, holder.id, { due_date: addDays(today(), 5) })
    await makeDue(t.services.db, [issued.uuid])
    await sendDue(t.services, t.services.log)
    const started = expectStatus(
      await holder.api<{ result: { payment_uuid: string; checkout_url: string; amount: number } }>(
        'POST',
        `/payment/bills/${issued.uuid}/payment`,
      ),
      200,
      'start paying',
    ).result
    expect(started.amount).toBe(issued.total + 700)
    expect(started.checkout_url).toContain(`/checkout/${started.payment_uuid}`)
    // The checkout words what is paid in the holder's language: a code and the bill's number, not
    // only the English "Bill ABCDEF-1" (it stood on Dutch checkout pages).
    const checkout = expectStatus(
      await holder.api<{ description_code: string | null; description_params: unknown }>(
        'GET',
        `/payment/checkout/${started.payment_uuid}`,
      ),
      200,
      'checkout',
    )
    expect(checkout).toMatchObject({
      description_code: 'credit_bill',
      description_params: { number: issued.number },
    })
    await payWithSandboxCard(holder.api, started.payment_uuid)
    const paid = await until(async () => {
      const b = await bill(issued.uuid)
      return b.status === 'paid' && b
    }, 'the bill paid')
    expect(paid.reminders.map((r) => [r.status, r.reason])).toEqual([
      ['sent', null],
      ['skipped', 'paid'],
    ])
    // The second step's minute comes: nothing goes out, nothing is added.
    await sql`update credit_reminders set planned_at = date_trunc('minute', now()) where bill_id = ${issued.uuid} and status = 'skipped'`.execute(
      t.services.db,
    )
    await sendDue(t.services, t.services.log)
    const after = await bill(issued.uuid)
    expect(after.penalties).toBe(700)
    expect(after.open_amount).toBe(0)
    expect(
      smtp.messages.filter((m) =>
        m.headers.some((h) => h.key === 'x-cardpay-bill' && h.value === issued.uuid),
      ),
    ).toHaveLength(1)
    const paidEntry = await until(async () => {
      const l = await ledgerOf(started.payment_uuid)
      return (
        l.some((x) => x.source_kind === 'credit_bill.paid') &&
        l.filter((x) => x.source_kind === 'credit_bill.paid')
      )
    }, 'the payment posted')
    expect(paidEntry.map((l) => [l.account, l.debit, l.credit])).toEqual([
      [230, BigInt(issued.total + 700), 0n],
      [110, 0n, BigInt(issued.total + 700)],
    ])
    // The holder sees it paid; paying again is refused.
    const again = await holder.api<{ error: { reason: string } }>(
      'POST',
      `/payment/bills/${issued.uuid}/payment`,
    )
    expect([again.status, again.body.error.reason]).toEqual([422, 'bill_paid'])
    const mine = expectStatus(await holder.api<Page<BillJson>>('GET', '/payment/bills'), 200, 'my bills')
    expect(mine.results.find((b) => b.uuid === issued.uuid)?.status).toBe('paid')
  })

  it('a permanent SMTP refusal stops the ladder, marks the timeline and tells the owner', async () => {
    const refusing = await seedMember(seeding(t), 'holder', { email: `refuse-${Date.now()}@invalid.test` })
    const { uuid } = await seedCreditProgram(owner, { steps: [{ days: 1 }, { days: 8 }] })
    const issued = await issueBill(owner, uuid, refusing.id, { due_date: addDays(today(), 5) })
    await makeDue(t.services.db, [issued.uuid])
    smtp.refuse = (to) => to.startsWith('refuse-')
    try {
      await sendDue(t.services, t.services.log)
    } finally {
      smtp.refuse = undefined
    }
    const detail = await bill(issued.uuid)
    expect(detail.reminders_stopped).toBe('smtp_rejected')
    expect(detail.reminders.map((r) => [r.status, r.reason])).toEqual([
      ['failed', 'smtp_rejected'],
      ['skipped', 'stopped'],
    ])
    expect(detail.timeline.map((e) => e.kind)).toEqual(['issued', 'reminder_failed', 'reminders_stopped'])
    const [notice] = await smtp.waitFor((m) => m.envelope.to.includes(owner.email))
    expect(notice!.subject).toContain(issued.number)
  })

  it('Redis flushed with reminders pending: a restarted worker rebuilds its jobs from the database and sends each once', async () => {
    const { uuid } = await seedCreditProgram(owner, { steps: [{ title: 'After the flush', days: 1 }] })
    const ids: string[] = []
    for (let i = 0; i < 5; i++)
      ids.push((await issueBill(owner, uuid, holder.id, { due_date: addDays(today(), 3) })).uuid)
    await t.stopWorker()
    await makeDue(t.services.db, ids)
    // The sweep queues the senders' jobs, then Redis loses everything of this platform.
    expect((await sweep(t.services)).enqueued).toBeGreaterThan(0)
    const keys = await t.services.redis.keys(`${t.config.REDIS_PREFIX}:*`)
    expect(keys.length).toBeGreaterThan(0)
    await t.services.redis.del(...keys)
    await t.startWorker()
    const ofBills = (m: (typeof smtp.messages)[number]) =>
      m.headers.some((h) => h.key === 'x-cardpay-bill' && ids.includes(h.value))
    await smtp.waitFor(ofBills, ids.length, 30_000)
    await new Promise((r) => setTimeout(r, 500))
    const received = smtp.messages.filter(ofBills)
    expect(received).toHaveLength(ids.length)
    expect(new Set(received.map((m) => m.messageId)).size).toBe(ids.length)
    const rows = await t.services.db
      .selectFrom('credit_reminders')
      .select('status')
      .where('bill_id', 'in', ids)
      .execute()
    expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'sent'))
  })
})

describe('card holders for bills', () => {
  it('creates a card holder who gets the invitation to choose a password, and finds holders by name, e-mail or phone', async () => {
    const email = `new-holder-${Date.now()}@example.com`
    const created = expectStatus(
      await owner.api<{ result: { uuid: string; name: string; email: string; phone: string | null } }>(
        'POST',
        '/user/cardholders/create',
        {
          email,
          first_name: 'Jan',
          last_name: 'Jansen',
          phone_code: '+31',
          phone: '612345678',
          language: 'nl',
        },
      ),
      201,
      'create a card holder',
    ).result
    expect(created).toMatchObject({ name: 'Jan Jansen', email, phone: '+31612345678' })
    const [invitation] = await smtp.waitFor((m) => m.envelope.to.includes(email))
    expect(invitation!.subject).toContain('Bakkerij Piet BV')
    expect(invitation!.text).toMatch(/\/password\?token=/)
    const again = await owner.api<{ error: { reason: string } }>('POST', '/user/cardholders/create', {
      email,
      first_name: 'Jan',
      last_name: 'Jansen',
    })
    expect([again.status, again.body.error.reason]).toEqual([409, 'email_already_registered'])
    for (const search of ['jan jans', email.slice(0, 12).toUpperCase(), '612345']) {
      const found = expectStatus(
        await owner.api<{ results: { uuid: string }[] }>(
          'GET',
          `/user/cardholders/autocomplete?search=${encodeURIComponent(search)}`,
        ),
        200,
        `autocomplete ${search}`,
      ).results
      expect(
        found.map((f) => f.uuid),
        search,
      ).toContain(created.uuid)
    }
    // The new holder can be billed at once.
    const { uuid } = await seedCreditProgram(owner)
    const issued = await issueBill(owner, uuid, created.uuid, { due_date: addDays(today(), 7) })
    expect((await bill(issued.uuid)).holder).toEqual({ uuid: created.uuid, name: 'Jan Jansen', email })
    // Their bill's e-mail points at the invitation: the account waits for its first password.
    const [billMail] = await smtp.waitFor((m) => m.messageId?.includes(`bill.${issued.uuid}.issued`) ?? false)
    expect(billMail!.text).toContain('Kies eerst je wachtwoord')
  })
})

describe('catch-up', () => {
  it('reminders missed while workers were down go in ladder order, a minute apart, in the send window', async () => {
    const { uuid } = await seedCreditProgram(owner, {
      steps: [
        { title: 'One', days: 1 },
        { title: 'Two', days: 2 },
        { title: 'Three', days: 30 },
      ],
      window: { start: '09:00', end: '18:00', weekdays: [1, 2, 3, 4, 5] },
    })
    const issued = await issueBill(owner, uuid, holder.id, { due_date: addDays(today(), 5) })
    // Both first steps were due an hour before the workers came back, on a Monday at 07:10
    // Amsterdam time (2026-11-30 06:10 UTC), before the window opens at 09:00.
    const back = new Date('2026-11-30T06:10:00Z')
    await sql`update credit_reminders set planned_at = ${new Date(back.getTime() - 3_600_000)}::timestamptz + make_interval(mins => "order")
      where bill_id = ${issued.uuid} and "order" < 2`.execute(t.services.db)
    const swept = await sweep(t.services, back)
    expect(swept.caughtUp).toBe(2)
    const rows = await t.services.db
      .selectFrom('credit_reminders')
      .select(['order', 'planned_at', 'local_time', 'moved'])
      .where('bill_id', '=', issued.uuid)
      .orderBy('order')
      .execute()
    expect(rows.slice(0, 2).map((r) => [r.order, r.planned_at.toISOString(), r.local_time])).toEqual([
      [0, '2026-11-30T08:00:00.000Z', '09:00'],
      [1, '2026-11-30T08:01:00.000Z', '09:01'],
    ])
    expect(rows[0]!.moved).toContain('catch_up')
    // The step still to come keeps its moment.
    expect(rows[2]!.moved).not.toContain('catch_up')
  })
})
