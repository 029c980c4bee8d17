import { describe, expect, it } from 'vitest'
import { cardBrand, isValidCvc, luhn, parseCardNumber, parseExpiry, parseExpiryText } from './card-numbers.ts'

describe('card rules', () => {
  it('accepts 16 digits in four groups that pass Luhn', () => {
    expect(parseCardNumber('4242 4242 4242 4242')).toBe('4242424242424242')
    expect(parseCardNumber('4242424242424242')).toBe('4242424242424242')
    expect(parseCardNumber('4242 4242 4242 4241')).toBeUndefined()
    expect(parseCardNumber('4242 4242 4242')).toBeUndefined()
    expect(parseCardNumber('4242-4242-4242-4242')).toBeUndefined()
    expect(parseCardNumber('4242 4242 4242 42424')).toBeUndefined()
    expect(luhn('79927398713')).toBe(true)
    expect(luhn('79927398710')).toBe(false)
  })

  it('accepts an expiry of month 1–12 that has not passed', () => {
    const now = new Date('2026-11-22T12:00:00Z')
    expect(parseExpiry(11, 26, now)).toEqual({ month: 11, year: 2026 })
    expect(parseExpiry('12', '2026', now)).toEqual({ month: 12, year: 2026 })
    expect(parseExpiry(10, 26, now)).toBeUndefined()
    expect(parseExpiry(13, 27, now)).toBeUndefined()
    expect(parseExpiry(0, 27, now)).toBeUndefined()
    expect(parseExpiryText('01 / 27', now)).toEqual({ month: 1, year: 2027 })
    expect(parseExpiryText('01/27', now)).toEqual({ month: 1, year: 2027 })
    expect(parseExpiryText('1 / 27', now)).toBeUndefined()
    expect(parseExpiryText('10 / 26', now)).toBeUndefined()
  })

  it('wants exactly three CVC digits and knows the common brands', () => {
    expect(isValidCvc('123')).toBe(true)
    expect(isValidCvc('12')).toBe(false)
    expect(isValidCvc('1234')).toBe(false)
    expect(isValidCvc('12a')).toBe(false)
    expect(cardBrand('4242424242424242')).toBe('visa')
    expect(cardBrand('5555555555554444')).toBe('mastercard')
  })
})
