import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { seedCreditProgram } from '../../tests/support/credit.ts'
import { expectStatus, type Member, seeding, seedMember } from '../../tests/support/factories.ts'
import { zonedDate } from '../platform/dates.ts'

let t: TestContext
let owner: Member
let holder: Member
let other: Member

const inDays = (days: number) =>
  new Date(Date.parse(`${zonedDate(new Date(), 'Europe/Amsterdam')}T12:00:00Z`) + days * 86_400_000)
    .toISOString()
    .slice(0, 10)

beforeAll(async () => {
  t = await createTestContext()
  const s = seeding(t)
  ;[owner, holder, other] = await Promise.all([
    seedMember(s, 'owner', { legal_type: 1, company_name: 'Import BV' }),
    seedMember(s, 'holder', { first_name: 'Ida', last_name: 'Import' }),
    seedMember(s, 'owner'),
  ])
}, 120_000)
afterAll(() => t.close())

interface ImportAnswer {
  imported: number
  already_imported: boolean
  bills: { uuid: string; number: string }[]
}

const billCount = async (program: string) =>
  Number(
    (
      await t.services.db
        .selectFrom('credit_bills')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('program_id', '=', program)
        .executeTakeFirstOrThrow()
    ).n,
  )

/** The codes of a 400's wrong fields, by field. */
const fieldCodes = (body: unknown) =>
  Object.fromEntries(
    Object.entries(
      (body as { error: { field_codes?: Record<string, { code: string }[]> } }).error.field_codes ?? {},
    ).map(([k, list]) => [k, list.map((i) => i.code)]),
  )

describe('CSV import of bills', () => {
  it('issues one bill per row, numbered in order, and a second upload of the file issues nothing', async () => {
    const { uuid } = await seedCreditProgram(owner, { steps: [{ days: 3 }] })
    const csv = [
      'holder_email;due_date;description;quantity;unit_price;vat;reference',
      `${holder.email};${inDays(14)};Consultancy;2;12,50;high;PO-1`,
      `${holder.email.toUpperCase()};${inDays(30)};Books;1;20.00;low;`,
    ].join('\r\n')
    const first = expectStatus(
      await owner.api<ImportAnswer>('POST', '/manager/bills/import', { program: uuid, csv }),
      201,
      'import',
    )
    expect(first).toMatchObject({ imported: 2, already_imported: false })
    const [a, b] = first.bills
    expect(Number(b!.number)).toBe(Number(a!.number) + 1)
    const bill = await t.services.db
      .selectFrom('credit_bills')
      .select(['subtotal', 'vat', 'total', 'reference', 'holder_user_id'])
      .where('id', '=', a!.uuid)
      .executeTakeFirstOrThrow()
    // 2 × €12.50 net at 21 %: €25.00 + €5.25.
    expect(bill).toMatchObject({
      subtotal: 2500n,
      vat: 525n,
      total: 3025n,
      reference: 'PO-1',
      holder_user_id: holder.id,
    })
    const reminders = await t.services.db
      .selectFrom('credit_reminders')
      .select('id')
      .where('bill_id', 'in', [a!.uuid, b!.uuid])
      .execute()
    expect(reminders).toHaveLength(2)

    const again = expectStatus(
      await owner.api<ImportAnswer>('POST', '/manager/bills/import', { program: uuid, csv }),
      200,
      'the same file again',
    )
    expect(again).toMatchObject({ imported: 0, already_imported: true })
    expect(again.bills.map((x) => x.uuid).sort()).toEqual([a!.uuid, b!.uuid].sort())
    expect(await billCount(uuid)).toBe(2)
  })

  it('names every wrong field by row and issues nothing when any row is wrong', async () => {
    const { uuid } = await seedCreditProgram(owner, { steps: [{ days: 3 }] })
    const csv = [
      'holder_email,due_date,description,unit_price,vat,colour',
      `${holder.email},${inDays(10)},Fine row,10.00,high,`,
      `nobody@example.com,31-12-2026,,ten,super,blue`,
      `${owner.email},${inDays(-3)},Past,5,zero,`,
    ].join('\n')
    const res = await owner.api('POST', '/manager/bills/import', { program: uuid, csv })
    expect(res.status).toBe(400)
    expect((res.body as { error: { code: string } }).error.code).toBe('validation_failed')
    const codes = fieldCodes(res.body)
    expect(codes).toMatchObject({
      'rows.3.holder_email': ['not_card_holder'],
      'rows.3.due_date': ['invalid_date'],
      'rows.3.description': ['required'],
      'rows.3.unit_price': ['invalid_format'],
      'rows.3.vat': ['invalid_choice'],
      'rows.1.colour': ['unknown_field'],
      'rows.4.holder_email': ['not_card_holder'],
    })
    expect(Object.keys(codes).some((k) => k.startsWith('rows.2.'))).toBe(false)
    expect(await billCount(uuid)).toBe(0)

    // A row that reads well but that issuing refuses (a due date past) also stops the whole file.
    const past = [
      'holder_email,due_date,description,unit_price,vat',
      `${holder.email},${inDays(10)},Fine,1,high`,
      `${holder.email},${inDays(-2)},Late,1,high`,
    ].join('\n')
    const refused = await owner.api('POST', '/manager/bills/import', { program: uuid, csv: past })
    expect(refused.status).toBe(400)
    expect(fieldCodes(refused.body)).toEqual({
      'rows.3.due_date': ['date_in_past'],
    })
    expect(await billCount(uuid)).toBe(0)
    // Corrected, the file imports (a refused upload did not mark it imported).
    const fixed = past.replace(inDays(-2), inDays(5))
    expectStatus(
      await owner.api('POST', '/manager/bills/import', { program: uuid, csv: fixed }),
      201,
      'fixed file',
    )
    expect(await billCount(uuid)).toBe(2)

    const unreadable = await owner.api('POST', '/manager/bills/import', {
      program: uuid,
      csv: 'holder_email,due_date\n"unclosed,2026-01-01\n',
    })
    expect(unreadable.status).toBe(400)
  })

  it('another owner’s program is not found', async () => {
    const { uuid } = await seedCreditProgram(owner, { steps: [{ days: 3 }] })
    const res = await other.api('POST', '/manager/bills/import', {
      program: uuid,
      csv: `holder_email,due_date,description,unit_price,vat\n${holder.email},${inDays(10)},x,1,high\n`,
    })
    expect(res.status).toBe(404)
    expect(await billCount(uuid)).toBe(0)
  })
})
