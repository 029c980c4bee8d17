import { describe, expect, it } from 'vitest'
import { add, allocate, formatMoney, money, moneySchema, subtract, toJson } from './money.ts'

describe('money', () => {
  it('is integer minor units with a currency', () => {
    expect(money(1250, 'EUR')).toEqual({ amount: 1250n, currency: 'EUR' })
    expect(() => money(12.5, 'EUR')).toThrow(/integer/)
    expect(() => money(1, 'eur')).toThrow(/currency/)
  })

  it('adds and subtracts only within one currency', () => {
    expect(add(money(1, 'EUR'), money(2, 'EUR'))).toEqual(money(3, 'EUR'))
    expect(subtract(money(1, 'EUR'), money(2, 'EUR'))).toEqual(money(-1, 'EUR'))
    expect(() => add(money(1, 'EUR'), money(1, 'USD'))).toThrow(/mismatch/)
  })

  it('allocates without losing or inventing a cent', () => {
    expect(allocate(money(100, 'EUR'), [1, 1, 1]).map((m) => m.amount)).toEqual([34n, 33n, 33n])
    expect(allocate(money(-100, 'EUR'), [1, 1, 1]).map((m) => m.amount)).toEqual([-34n, -33n, -33n])
    expect(allocate(money(5, 'EUR'), [70, 30]).map((m) => m.amount)).toEqual([4n, 1n])
    for (const total of [0, 1, 7, 999, 1001]) {
      const parts = allocate(money(total, 'EUR'), [3, 5, 11, 0])
      expect(parts.reduce((s, p) => s + p.amount, 0n)).toBe(BigInt(total))
      expect(parts[3]!.amount).toBe(0n)
    }
    expect(() => allocate(money(1, 'EUR'), [0, 0])).toThrow()
    expect(() => allocate(money(1, 'EUR'), [])).toThrow()
  })

  it('parses the API shape and refuses fractions', () => {
    expect(moneySchema.parse({ amount: 1250, currency: 'EUR' })).toEqual(money(1250, 'EUR'))
    expect(moneySchema.safeParse({ amount: 12.5, currency: 'EUR' }).success).toBe(false)
    expect(moneySchema.safeParse({ amount: 1, currency: 'EUR', extra: 1 }).success).toBe(false)
    expect(toJson(money(1250, 'EUR'))).toEqual({ amount: 1250, currency: 'EUR' })
  })

  it('formats exactly in the reader language, beyond float precision', () => {
    expect(formatMoney('nl', money(1250, 'EUR'))).toMatch(/€\s?12,50/)
    expect(formatMoney('en', money(-5, 'EUR'))).toBe('-€0.05')
    expect(formatMoney('de', money(900719925474099312n, 'EUR'))).toContain('9.007.199.254.740.993,12')
    expect(formatMoney('en', money(1234, 'JPY'))).toBe('¥1,234')
  })
})
