import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { up } from '../../migrations/2026-11-29T000200_ledger-more-description-codes.ts'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { type PostingInput, postEntry } from './index.ts'

/**
 * Entries posted before the food court's and the archived bill's later entries had description
 * codes: the migration codes them from their source kind and the number in their English sentence,
 * touches no other entry, and leaves the ledger immutable again.
 */
let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

const post = (input: PostingInput) => t.services.db.transaction().execute((trx) => postEntry(trx, input))
const legacy = (kind: string, id: string, description: string): PostingInput => ({
  journal: 'miscellaneous',
  date: '2026-11-28',
  description,
  source: { kind, id },
  lines: [
    { account: 110, sub_account: { kind: 'acceptor', external_id: 'court/r' }, currency: 'EUR', debit: 100n },
    { account: 410, sub_account: { kind: 'program', external_id: 'r' }, currency: 'EUR', credit: 100n },
  ],
})

describe('the migration coding older entries', () => {
  it('codes the court’s and the write-off changes’ entries with their number, and nothing else', async () => {
    const posted = await Promise.all([
      post(legacy('food_court_part.paid', 'p1', 'Food court sub-order 12 paid')),
      post(legacy('food_court_part.sale_reversed', 'p2', 'Food court sub-order 13 rejected: sale reversed')),
      post(legacy('food_court_part.paid_out', 'p3', 'Food court sub-order 14 paid out')),
      post(
        legacy(
          'food_court.part_refunded',
          'p4',
          'Food court order 5: part refunded, back from the restaurant',
        ),
      ),
      post(legacy('credit_bill.refund_written_off', 'r1', 'Bill 7 archived: refunded amount written off')),
      post(
        legacy(
          'credit_bill.write_off_reversed',
          'y1',
          'Bill 8 archived: payment received, write-off reversed',
        ),
      ),
      post(legacy('payment.paid', 'x1', 'Payment 99')),
    ])
    await up(t.services.db as unknown as Kysely<unknown>)
    const rows = await t.services.db
      .selectFrom('ledger_entries')
      .select(['id', 'source_kind', 'description_code', 'description_params'])
      .where(
        'id',
        'in',
        posted.map((p) => p.entry.id),
      )
      .execute()
    const coded = Object.fromEntries(
      rows.map((r) => [r.source_kind, [r.description_code, r.description_params]]),
    )
    expect(coded).toEqual({
      'food_court_part.paid': ['food_court_part.paid', { number: 12 }],
      'food_court_part.sale_reversed': ['food_court_part.sale_reversed', { number: 13 }],
      'food_court_part.paid_out': ['food_court_part.paid_out', { number: 14 }],
      'food_court.part_refunded': ['food_court.part_refunded', { number: 5 }],
      'credit_bill.refund_written_off': ['credit_bill.refund_written_off', { number: 7 }],
      'credit_bill.write_off_reversed': ['credit_bill.write_off_reversed', { number: 8 }],
      'payment.paid': [null, {}],
    })
    // Immutable again once it ran.
    await expect(
      sql`update ledger_entries set description = 'changed' where id = ${posted[0]?.entry.id}`.execute(
        t.services.db,
      ),
    ).rejects.toThrow(/immutable/)
  })
})
