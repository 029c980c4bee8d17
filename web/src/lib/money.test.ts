import { describe, expect, it } from 'vitest'
import { formatMoney, minorToDecimal, minorUnitDigits } from './money.ts'

// Intl separates some currency symbols with a no-break space; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')

describe('money', () => {
  it('knows the minor unit of a currency', () => {
    expect(minorUnitDigits('EUR')).toBe(2)
    expect(minorUnitDigits('JPY')).toBe(0)
    expect(minorUnitDigits('KWD')).toBe(3)
  })

  it('turns minor units into an exact decimal', () => {
    expect(minorToDecimal(123456, 2)).toBe('1234.56')
    expect(minorToDecimal(5, 2)).toBe('0.05')
    expect(minorToDecimal(-5, 2)).toBe('-0.05')
    expect(minorToDecimal(0, 2)).toBe('0.00')
    expect(minorToDecimal(1500, 0)).toBe('1500')
    expect(minorToDecimal(9007199254740993n, 2)).toBe('90071992547409.93')
  })

  it('formats in the interface language', () => {
    expect(plain(formatMoney(123456, 'EUR', 'en'))).toBe('€1,234.56')
    expect(plain(formatMoney(123456, 'EUR', 'nl'))).toBe('€ 1.234,56')
    expect(plain(formatMoney(123456, 'EUR', 'de'))).toBe('1.234,56 €')
    expect(plain(formatMoney(-995, 'USD', 'en'))).toBe('-$9.95')
    expect(plain(formatMoney(1500, 'JPY', 'en'))).toBe('¥1,500')
  })

  it('shows an unknown currency code beside the amount', () => {
    expect(formatMoney(100, 'X1', 'en')).toBe('1.00 X1')
  })
})
