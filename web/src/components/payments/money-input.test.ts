import { describe, expect, it } from 'vitest'
import { formatAmountInput, parseAmountInput } from './money-input.ts'

describe('parseAmountInput', () => {
  it.each([
    ['12.50', 'en', 1250n],
    ['12,50', 'nl', 1250n],
    ['12,5', 'en', 1250n],
    ['12', 'nl', 1200n],
    ['0.29', 'en', 29n],
    ['€ 7,05', 'nl', 705n],
    ['1.234,56', 'nl', 123456n],
    ['1,234.56', 'en', 123456n],
    ['1.234', 'nl', 123400n],
    ['1 234,50', 'nl', 123450n],
    ['1,234', 'en', 123400n],
    ['90071992547409.93', 'en', 9007199254740993n],
  ])('%s in %s is %s cents', (text, locale, cents) => {
    expect(parseAmountInput(text, 'EUR', locale)).toBe(cents)
  })

  it.each(['', 'abc', '12.345.6', '1.2.3', '-5', '12.505', '12,,5', '.5', '1,234.567'])(
    'refuses %j',
    (text) => {
      expect(parseAmountInput(text, 'EUR', 'en')).toBeUndefined()
    },
  )

  it('takes no decimals for a currency without minor units', () => {
    expect(parseAmountInput('1500', 'JPY', 'en')).toBe(1500n)
    expect(parseAmountInput('15.5', 'JPY', 'en')).toBeUndefined()
  })
})

describe('formatAmountInput', () => {
  it('writes the amount back in the language’s notation', () => {
    expect(formatAmountInput(750, 'EUR', 'nl')).toBe('7,50')
    expect(formatAmountInput(750, 'EUR', 'en')).toBe('7.50')
    expect(parseAmountInput(formatAmountInput(123456, 'EUR', 'de'), 'EUR', 'de')).toBe(123456n)
  })
})
