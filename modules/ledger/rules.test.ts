import { describe, expect, it } from 'vitest'
import { accounts } from './chart.ts'
import {
  isBalanced,
  type PostingInput,
  reversedLines,
  subAccountId,
  totalsByCurrency,
  validatePosting,
} from './rules.ts'

const sale: PostingInput = {
  journal: 'sales',
  date: '2026-11-22',
  description: 'Card order 17',
  source: { kind: 'payment', id: 'p1' },
  lines: [
    { account: accounts.payment_provider, currency: 'EUR', debit: 1210n },
    { account: accounts.income, currency: 'EUR', credit: 1000n },
    { account: accounts.vat_on_sales, currency: 'EUR', credit: 210n },
  ],
}

const reason = (input: PostingInput) => {
  try {
    validatePosting(input)
    return 'valid'
  } catch (e) {
    return (e as { reason?: string }).reason
  }
}

describe('balancing rules', () => {
  it('accepts a balanced entry and fills the general sub-account', () => {
    const lines = validatePosting(sale)
    expect(lines).toHaveLength(3)
    expect(lines[0]).toEqual({
      account: 120,
      kind: 'general',
      external_id: '',
      currency: 'EUR',
      debit: 1210n,
      credit: 0n,
    })
    expect(isBalanced(lines)).toBe(true)
  })

  it('refuses debits and credits that differ, per currency', () => {
    expect(reason({ ...sale, lines: [...sale.lines.slice(0, 2)] })).toBe('unbalanced')
    // Balanced in total but not per currency.
    expect(
      reason({
        ...sale,
        lines: [
          { account: 120, currency: 'EUR', debit: 100n },
          { account: 410, currency: 'USD', credit: 100n },
        ],
      }),
    ).toBe('unbalanced')
    // Two currencies, each balanced.
    expect(
      reason({
        ...sale,
        lines: [
          { account: 120, currency: 'EUR', debit: 100n },
          { account: 410, currency: 'EUR', credit: 100n },
          { account: 120, currency: 'USD', debit: 7n },
          { account: 410, currency: 'USD', credit: 7n },
        ],
      }),
    ).toBe('valid')
  })

  it('needs exactly one positive side per line and at least two lines', () => {
    expect(
      reason({
        ...sale,
        lines: [
          { account: 120, currency: 'EUR', debit: 0n },
          { account: 410, currency: 'EUR', credit: 0n },
        ],
      }),
    ).toBe('one_side_per_line')
    expect(
      reason({
        ...sale,
        lines: [
          { account: 120, currency: 'EUR', debit: 5n, credit: 5n },
          { account: 410, currency: 'EUR', credit: 0n, debit: 0n },
        ],
      }),
    ).toBe('one_side_per_line')
    expect(
      reason({
        ...sale,
        lines: [
          { account: 120, currency: 'EUR', debit: -5n },
          { account: 410, currency: 'EUR', credit: -5n },
        ],
      }),
    ).toBe('one_side_per_line')
    expect(reason({ ...sale, lines: [sale.lines[0]!] })).toBe('too_few_lines')
  })

  it('refuses unknown accounts, journals, currencies, dates and sub-account keys', () => {
    expect(
      reason({ ...sale, lines: [{ ...sale.lines[0]!, account: 999 as 110 }, ...sale.lines.slice(1)] }),
    ).toBe('unknown_account')
    expect(reason({ ...sale, journal: 'payroll' as 'sales' })).toBe('unknown_journal')
    expect(reason({ ...sale, date: '2026-02-30' })).toBe('invalid_date')
    expect(reason({ ...sale, lines: [{ ...sale.lines[0]!, currency: 'eur' }, ...sale.lines.slice(1)] })).toBe(
      'invalid_currency',
    )
    expect(
      reason({
        ...sale,
        lines: [
          { ...sale.lines[0]!, sub_account: { kind: 'card', external_id: '' } },
          ...sale.lines.slice(1),
        ],
      }),
    ).toBe('invalid_sub_account')
    expect(reason({ ...sale, source: { kind: 'payment', id: '' } })).toBe('missing_source')
  })

  it('reverses by swapping sides, which stays balanced and nets to zero', () => {
    const lines = validatePosting(sale)
    const back = reversedLines(lines)
    expect(isBalanced(back)).toBe(true)
    const net = totalsByCurrency([...lines, ...back]).get('EUR')!
    expect(net.debit).toBe(net.credit)
    expect(back[0]).toMatchObject({ debit: 0n, credit: 1210n })
  })

  it('derives the same sub-account id from the same key', () => {
    expect(subAccountId(220, 'card', 'c1')).toBe(subAccountId(220, 'card', 'c1'))
    expect(subAccountId(220, 'card', 'c1')).not.toBe(subAccountId(230, 'card', 'c1'))
  })
})
