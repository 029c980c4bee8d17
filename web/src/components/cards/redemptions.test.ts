import { describe, expect, it } from 'vitest'
import { canReverse, type Redemption } from './redemptions.ts'
import { tokenFromScan } from './token.ts'

describe('undo while allowed', () => {
  const taken = (over: Partial<Redemption> = {}): Redemption => ({
    uuid: 'r',
    number: 1,
    created: '2026-11-22T10:00:00Z',
    program: { uuid: 'p', title: 'P' },
    cashpoint: { uuid: 'c', title: 'C' },
    acceptor: { uuid: 'a', name: 'A' },
    card: { uuid: 'k', token_last4: 'ABCD', title: 'Voucher' },
    amount: 1000,
    forfeited: 0,
    currency: 'EUR',
    balance_after: 1500,
    uses_left_after: 1,
    status: 'completed',
    reversed_at: null,
    reversible: true,
    ...over,
  })
  const soon = Date.parse('2026-11-22T11:00:00Z')

  it('offers it for the API’s reversible ones within a day', () => {
    expect(canReverse(taken(), soon)).toBe(true)
    expect(canReverse(taken({ reversible: false }), soon)).toBe(false)
    expect(canReverse(taken({ status: 'reversed' }), soon)).toBe(false)
    expect(canReverse(taken(), Date.parse('2026-11-23T10:00:01Z'))).toBe(false)
  })
})

describe('card codes in scanned QR codes', () => {
  it('takes a card link or a bare code, nothing else', () => {
    expect(tokenFromScan('https://cardpay.example/cards/add?token=k7qm2xrt9hwc4npa')).toBe(
      'K7QM-2XRT-9HWC-4NPA',
    )
    expect(tokenFromScan('K7QM-2XRT-9HWC-4NPA')).toBe('K7QM-2XRT-9HWC-4NPA')
    expect(tokenFromScan('https://cardpay.example/pay?token=abc.def')).toBeNull()
    expect(tokenFromScan('https://example.com')).toBeNull()
  })
})
