import { describe, expect, it } from 'vitest'
import { basisPoints, cardPrice, cardVatRate, priceOrder, vatOnNet } from './pricing.ts'

describe('VAT on the price of a card', () => {
  it('is the Dutch high rate on the order’s date: 21 % now, 19 % before October 2012', () => {
    expect(cardVatRate('2026-11-22')).toEqual({ percentage: 21, bp: 2100 })
    expect(cardVatRate('2012-09-30')).toEqual({ percentage: 19, bp: 1900 })
    expect(cardVatRate('2012-10-01')).toEqual({ percentage: 21, bp: 2100 })
  })

  it('rounds half up to the cent', () => {
    expect(vatOnNet(50n, 2100)).toBe(11n) // 10.5 → 11
    expect(vatOnNet(100n, 2100)).toBe(21n)
    expect(vatOnNet(1n, 2100)).toBe(0n) // 0.21
    expect(vatOnNet(3n, 2100)).toBe(1n) // 0.63
    expect(vatOnNet(150n, 2100)).toBe(32n) // 31.5 → 32
    expect(vatOnNet(0n, 2100)).toBe(0n)
    expect(vatOnNet(250n, 1900)).toBe(48n) // 47.5 → 48
    expect(vatOnNet(10n ** 15n, 2100)).toBe(21n * 10n ** 13n)
    expect(() => vatOnNet(-1n, 2100)).toThrow(RangeError)
  })

  it('takes percentages with at most two decimals', () => {
    expect(basisPoints(21)).toBe(2100)
    expect(basisPoints(0.07)).toBe(7)
    expect(() => basisPoints(0.001)).toThrow(RangeError)
    expect(() => basisPoints(-1)).toThrow(RangeError)
  })

  it('dates the order in the Netherlands: 23:30 UTC on 30 September 2012 is already October', () => {
    expect(cardPrice(50n, new Date('2012-09-30T21:59:00Z')).vat_rate).toBe(19)
    expect(cardPrice(50n, new Date('2012-09-30T22:00:00Z')).vat_rate).toBe(21)
  })
})

describe('an order of cards', () => {
  it('costs quantity × (value + price + VAT on price), with VAT rounded per card', () => {
    const p = priceOrder(24, 2500n, cardPrice(50n, new Date('2026-11-22T12:00:00Z')))
    expect(p).toEqual({
      quantity: 24,
      unit_value: 2500n,
      unit_price: 50n,
      unit_vat: 11n,
      vat_rate: 21,
      vat_rate_bp: 2100,
      amount: 24n * (2500n + 50n + 11n),
      total_value: 60_000n,
      total_price: 1_200n,
      total_vat: 264n,
    })
    expect(p.total_value + p.total_price + p.total_vat).toBe(p.amount)
  })

  it('prices a flexible gift card (value 0) at its card price only, and 10,000 cards exactly', () => {
    const price = cardPrice(100n, new Date('2026-11-22T12:00:00Z'))
    expect(priceOrder(3, 0n, price).amount).toBe(363n)
    const big = priceOrder(10_000, 1_000_000n, price)
    expect(big.amount).toBe(10_000n * 1_000_121n)
    expect(Number.isSafeInteger(Number(big.amount))).toBe(true)
  })

  it('refuses nonsense', () => {
    const price = cardPrice(100n)
    expect(() => priceOrder(0, 100n, price)).toThrow(RangeError)
    expect(() => priceOrder(1.5, 100n, price)).toThrow(RangeError)
    expect(() => priceOrder(1, -1n, price)).toThrow(RangeError)
  })
})

describe('amounts in the CSV of a batch', () => {
  it('are written in major units with the currency’s decimals', async () => {
    const { decimalAmount } = await import('./queries/orders.ts')
    expect(decimalAmount(2500n, 'EUR')).toBe('25.00')
    expect(decimalAmount(5n, 'EUR')).toBe('0.05')
    expect(decimalAmount(0n, 'EUR')).toBe('0.00')
    expect(decimalAmount(1_000_000n, 'EUR')).toBe('10000.00')
    expect(decimalAmount(1500n, 'JPY')).toBe('1500')
    expect(decimalAmount(1234n, 'KWD')).toBe('1.234')
  })
})
