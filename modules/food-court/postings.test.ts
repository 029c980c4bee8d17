import { describe, expect, it } from 'vitest'
import { entryDescriptionCodes } from '../ledger/index.ts'
import { partPaidOutEntry, partRefundedEntry, partSaleEntry } from './postings.ts'

/**
 * A court order's ledger entries carry a description code with the order's number, so the ledger
 * screens word them in the reader's language; they were English sentences only.
 */
describe('a court order’s ledger entries', () => {
  const part = {
    id: '0193a7c2-5b1e-7c3a-9f1e-2a4b6c8d0e1f',
    court_id: '0193a7c2-5b1e-7c3a-9f1e-2a4b6c8d0e20',
    restaurant_id: '0193a7c2-5b1e-7c3a-9f1e-2a4b6c8d0e21',
    gross: 1500n,
    fee: 100n,
    amount: 1400n,
  }
  const sub = { order_id: 12, vat: 124n, currency: 'EUR' }

  it('codes the sale, its reversal, the payout and the refund, each with its number', () => {
    const entries = [
      [partSaleEntry(part, sub, '2026-11-29'), 'food_court_part.paid', 12],
      [partSaleEntry(part, sub, '2026-11-29', true), 'food_court_part.sale_reversed', 12],
      [partPaidOutEntry(part, sub, '2026-11-29'), 'food_court_part.paid_out', 12],
      [
        partRefundedEntry(part, { order_id: 5n, currency: 'EUR' }, '2026-11-29'),
        'food_court.part_refunded',
        5,
      ],
    ] as const
    for (const [entry, code, number] of entries) {
      expect(entry).toMatchObject({ description_code: code, description_params: { number } })
      expect(entryDescriptionCodes).toContain(code)
      // The English sentence stays, for search and for readers that do not know the code.
      expect(entry.description).toContain(String(number))
    }
  })
})
