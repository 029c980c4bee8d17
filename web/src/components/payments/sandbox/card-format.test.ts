import { describe, expect, it } from 'vitest'
import { formatCardNumber, formatCvc, formatExpiry, futureExpiry } from './card-format.ts'

describe('card input masks', () => {
  it('groups the number in fours and stops at 16 digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('4242 4242 4242 4242 99')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('4000-0027-60')).toBe('4000 0027 60')
    expect(formatCardNumber('4242 ')).toBe('4242')
    expect(formatCardNumber('')).toBe('')
  })

  it('writes the expiry as MM / YY', () => {
    expect(formatExpiry('1230')).toBe('12 / 30')
    expect(formatExpiry('12 / 30')).toBe('12 / 30')
    expect(formatExpiry('12/3')).toBe('12 / 3')
    expect(formatExpiry('12 / ')).toBe('12')
    expect(formatExpiry('1')).toBe('1')
    expect(formatExpiry('4')).toBe('04')
    expect(formatExpiry('429')).toBe('04 / 29')
  })

  it('keeps three CVC digits', () => {
    expect(formatCvc('12a34')).toBe('123')
  })

  it('makes an expiry in the future', () => {
    expect(futureExpiry(new Date(2026, 10, 22))).toBe('12 / 29')
  })
})
