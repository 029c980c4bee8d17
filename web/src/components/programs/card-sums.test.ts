import { describe, expect, it } from 'vitest'
import { orderBreakdown, parseQuantity, vatFraction } from './card-sums.ts'

describe('the card order screen’s sums', () => {
  it('work out quantity × (value + price + VAT on the price) as the API does', () => {
    // €10 vouchers at €0.50 a card, 21 % VAT on the price rounded per card: €0.11.
    expect(orderBreakdown(3, 1000, { price: 50, vat: 11 })).toEqual({
      quantity: 3,
      value: 3000,
      price: 150,
      vat: 33,
      total: 3183,
    })
    // A flexible gift card pays only the cards' price.
    expect(orderBreakdown(10_000, 0, { price: 100, vat: 21 }).total).toBe(1_210_000)
  })

  it('take a whole number of cards from 1 to 10,000 only', () => {
    expect(parseQuantity(' 3 ')).toBe(3)
    expect(parseQuantity('10000')).toBe(10_000)
    for (const text of ['', '0', '10001', '2.5', '-1', '1e3', 'drie']) expect(parseQuantity(text)).toBeNull()
  })

  it('read the VAT rate the API gives as a percentage', () => {
    expect(vatFraction(21)).toBe(0.21)
    expect(vatFraction('9')).toBe(0.09)
    expect(vatFraction('n/a')).toBe(0)
  })
})
