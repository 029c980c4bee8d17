import { describe, expect, it } from 'vitest'
import { entryDescriptionCodes } from '../ledger/index.ts'
import {
  issuedEntry,
  paidEntry,
  penaltyEntry,
  refundEntry,
  writeOffChange,
  writeOffEntry,
} from './billing.ts'

/**
 * An archived bill's write-off entries carry a description code (the reader's language on every
 * ledger screen), the later changes too: a payment landing after archiving and a refund after it
 * were posted with an English sentence only.
 */
describe('the write-off entries of an archived bill', () => {
  const bill = {
    id: '0193a7c2-5b1e-7c3a-9f1e-2a4b6c8d0e1f',
    number: 7n,
    code: 'WZMGGR',
    program_id: '0193a7c2-5b1e-7c3a-9f1e-2a4b6c8d0e20',
    holder_user_id: '0193a7c2-5b1e-7c3a-9f1e-2a4b6c8d0e21',
    currency: 'EUR',
    total: 12_100n,
    vat: 2100n,
    penalties: 0n,
    paid_amount: 0n,
  }

  it('codes the archiving itself, a late payment and a refund, each with the bill’s number', () => {
    const archived = writeOffEntry(bill, '2026-11-29')
    expect(archived).toMatchObject({
      description_code: 'credit_bill.written_off',
      description_params: { number: 'WZMGGR-7' },
      source: { kind: 'credit_bill.written_off', id: bill.id },
    })
    const paid = { ...bill, paid_amount: 12_100n }
    const reversed = writeOffEntry(bill, '2026-11-29', {
      w: writeOffChange(bill, paid),
      kind: 'credit_bill.write_off_reversed',
      id: 'payment-1',
    })
    expect(reversed).toMatchObject({
      description: 'Bill WZMGGR-7 archived: payment received, write-off reversed',
      description_code: 'credit_bill.write_off_reversed',
      description_params: { number: 'WZMGGR-7' },
      source: { kind: 'credit_bill.write_off_reversed', id: 'payment-1' },
    })
    const refunded = writeOffEntry(paid, '2026-11-29', {
      w: writeOffChange(paid, bill),
      kind: 'credit_bill.refund_written_off',
      id: 'refund-1',
    })
    expect(refunded).toMatchObject({
      description: 'Bill WZMGGR-7 archived: refunded amount written off',
      description_code: 'credit_bill.refund_written_off',
      description_params: { number: 'WZMGGR-7' },
      source: { kind: 'credit_bill.refund_written_off', id: 'refund-1' },
    })
    for (const e of [archived, reversed, refunded])
      expect(entryDescriptionCodes).toContain(e.description_code)
  })
})

describe('the ledger entries of a bill', () => {
  it('name the bill by its full number, as its payment does ("Bill WZMGGR-7")', () => {
    const bill = {
      id: '0193a7c2-5b1e-7c3a-9f1e-2a4b6c8d0e1f',
      number: 7n,
      code: 'WZMGGR',
      program_id: '0193a7c2-5b1e-7c3a-9f1e-2a4b6c8d0e20',
      holder_user_id: '0193a7c2-5b1e-7c3a-9f1e-2a4b6c8d0e21',
      currency: 'EUR',
      subtotal: 10_000n,
      vat: 2100n,
    }
    const entries = [
      issuedEntry(bill, '2026-11-29'),
      penaltyEntry(bill, 'reminder-1', 500n, '2026-11-29'),
      paidEntry(bill, 'payment-1', 12_100n, '2026-11-29'),
      refundEntry(bill, 'refund-1', 100n, '2026-11-29'),
    ]
    for (const e of entries) {
      expect(e.description_params).toEqual({ number: 'WZMGGR-7' })
      expect(e.description).toContain('Bill WZMGGR-7')
    }
    // A program without a code (none yet): the sequence alone.
    expect(issuedEntry({ ...bill, code: null }, '2026-11-29').description_params).toEqual({ number: '7' })
  })
})
