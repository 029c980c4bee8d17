import { randomUUID } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { up } from '../../migrations/2026-11-30T000200_ledger-bill-full-number.ts'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { type DescriptionParams, type EntryDescriptionCode, type PostingInput, postEntry } from './index.ts'

/**
 * A bill's entries posted before named it by its sequence alone (`{number: 1}`, "Rekening 1
 * uitgeschreven"); the migration gives them the full number its payment says ("WZMGGR-1") through
 * their program sub-account, touches no other entry, and leaves the ledger immutable again.
 */
let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

const post = (input: PostingInput) => t.services.db.transaction().execute((trx) => postEntry(trx, input))
const coded = (
  code: EntryDescriptionCode,
  program: string,
  params: DescriptionParams,
  id: string,
): PostingInput => ({
  journal: 'sales',
  date: '2026-11-28',
  description: 'Bill 1 issued',
  description_code: code,
  description_params: params,
  source: { kind: code, id },
  lines: [
    { account: 110, sub_account: { kind: 'customer', external_id: 'holder' }, currency: 'EUR', debit: 100n },
    { account: 410, sub_account: { kind: 'program', external_id: program }, currency: 'EUR', credit: 100n },
  ],
})

describe('the migration giving older bill entries the full bill number', () => {
  it('prefixes the program’s code to the sequence of every bill entry, and nothing else', async () => {
    // `withoutCode`: a program sub-account with no credit program (not a credit program's entry).
    const [withCode, withoutCode] = [randomUUID(), randomUUID()]
    // Only the code matters here: the program's own rows are left out (no foreign keys checked).
    await t.services.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx)
      await sql`insert into credit_programs (program_id, code) values (${withCode}, 'WZMGGR')`.execute(trx)
    })
    const posted = await Promise.all([
      post(coded('credit_bill.issued', withCode, { number: 1 }, 'b1')),
      post(coded('credit_bill.paid', withCode, { number: 1 }, 'p1')),
      post(coded('credit_bill.penalty', withCode, { number: 2 }, 'r1')),
      post(coded('credit_bill.written_off', withCode, { number: 3 }, 'b3')),
      post(coded('credit_bill.refunded', withCode, { number: 'WZMGGR-4' }, 'f1')),
      post(coded('credit_bill.issued', withoutCode, { number: 5 }, 'b5')),
      post(coded('card_order.issued', withCode, { number: 6, quantity: 1 }, 'c6')),
    ])
    await up(t.services.db as unknown as Kysely<unknown>)
    const rows = await t.services.db
      .selectFrom('ledger_entries')
      .select(['source_id', 'description_params'])
      .where(
        'id',
        'in',
        posted.map((p) => p.entry.id),
      )
      .execute()
    expect(Object.fromEntries(rows.map((r) => [r.source_id, r.description_params]))).toEqual({
      b1: { number: 'WZMGGR-1' },
      p1: { number: 'WZMGGR-1' },
      r1: { number: 'WZMGGR-2' },
      b3: { number: 'WZMGGR-3' },
      f1: { number: 'WZMGGR-4' },
      b5: { number: 5 },
      c6: { number: 6, quantity: 1 },
    })
    await expect(
      sql`update ledger_entries set description = 'changed' where id = ${posted[0]?.entry.id}`.execute(
        t.services.db,
      ),
    ).rejects.toThrow(/immutable/)
  })
})
