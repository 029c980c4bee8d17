import { describe, expect, it } from 'vitest'
import { endOfDay, isCalendarDate, nextDate, startOfDay, zonedDate } from './dates.ts'
import { newToken, newTokens, normalizeToken, tokenAlphabet, tokenPattern } from './tokens.ts'
import { addMonths, addPeriod, expiryAtIssue, expiryOnActivation } from './validity.ts'

describe('Dutch calendar dates', () => {
  it('knows real dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true)
    expect(isCalendarDate('2027-02-29')).toBe(false)
    expect(isCalendarDate('2027-13-01')).toBe(false)
    expect(isCalendarDate('27-01-01')).toBe(false)
    expect(nextDate('2027-12-31')).toBe('2028-01-01')
  })

  it('begins and ends a day in Amsterdam, in winter and in summer time', () => {
    expect(startOfDay('2027-01-15').toISOString()).toBe('2027-01-14T23:00:00.000Z')
    expect(startOfDay('2027-07-15').toISOString()).toBe('2027-07-14T22:00:00.000Z')
    // 28 March 2027 is the change to summer time: the day still begins at 23:00 UTC before it.
    expect(startOfDay('2027-03-28').toISOString()).toBe('2027-03-27T23:00:00.000Z')
    expect(endOfDay('2027-03-27').toISOString()).toBe('2027-03-27T23:00:00.000Z')
    expect(endOfDay('2027-03-28').toISOString()).toBe('2027-03-28T22:00:00.000Z')
    expect(endOfDay('2027-10-31').toISOString()).toBe('2027-10-31T23:00:00.000Z')
    expect(zonedDate(new Date('2027-12-31T23:30:00Z'))).toBe('2028-01-01')
  })
})

describe('when a card expires', () => {
  const activated = new Date('2027-01-31T10:15:00Z')

  it('with the program: at the end of the program’s expiry date, or never when it has none', () => {
    const atIssue = expiryAtIssue({ mode: 'program', program_expiry_date: '2027-12-31' })
    expect(atIssue?.toISOString()).toBe('2027-12-31T23:00:00.000Z')
    expect(expiryOnActivation({ mode: 'program' }, activated, atIssue)).toEqual(atIssue)
    expect(expiryAtIssue({ mode: 'program', program_expiry_date: null })).toBeNull()
  })

  it('until a date: at the end of that date, also after the program’s end', () => {
    const atIssue = expiryAtIssue({ mode: 'until', until: '2030-06-30' })
    expect(atIssue?.toISOString()).toBe('2030-06-30T22:00:00.000Z')
    expect(expiryOnActivation({ mode: 'until', until: '2030-06-30' }, activated, atIssue)).toEqual(atIssue)
  })

  it('after activation: years, months (clamped to the month’s end) or days from the moment of activation', () => {
    expect(expiryAtIssue({ mode: 'after_activation', expiry_type: 21, expiry_value: 1 })).toBeNull()
    const expiresAfter = (expiry_type: 31 | 21 | 11, expiry_value: number) =>
      expiryOnActivation(
        { mode: 'after_activation', expiry_type, expiry_value },
        activated,
        null,
      )?.toISOString()
    expect(expiresAfter(11, 30)).toBe('2027-03-02T10:15:00.000Z')
    expect(expiresAfter(21, 1)).toBe('2027-02-28T10:15:00.000Z')
    expect(expiresAfter(21, 13)).toBe('2028-02-29T10:15:00.000Z')
    expect(expiresAfter(31, 1)).toBe('2028-01-31T10:15:00.000Z')
    expect(addMonths(new Date('2028-02-29T00:00:00Z'), 12).toISOString()).toBe('2029-02-28T00:00:00.000Z')
    expect(addMonths(new Date('2027-12-15T08:00:00Z'), 1).toISOString()).toBe('2028-01-15T08:00:00.000Z')
    expect(addPeriod(new Date('2027-05-31T00:00:00Z'), 21, 1).toISOString()).toBe('2027-06-30T00:00:00.000Z')
  })
})

describe('card tokens', () => {
  it('are 16 characters without 0, O, 1 or I, grouped by four', () => {
    expect(tokenAlphabet).toHaveLength(32)
    expect(tokenAlphabet).not.toMatch(/[01OI]/)
    for (const token of newTokens(2000)) expect(token).toMatch(tokenPattern)
    expect(new Set(newTokens(5000)).size).toBe(5000)
  })

  it('use every character of the alphabet', () => {
    const seen = new Set(Array.from({ length: 200 }, () => newToken().replace(/-/g, '')).join(''))
    expect(seen.size).toBe(32)
  })

  it('are read as typed: any case, with or without separators', () => {
    expect(normalizeToken('abcd-efgh-jk23-4567')).toBe('ABCD-EFGH-JK23-4567')
    expect(normalizeToken(' ABCD EFGH JK23 4567 ')).toBe('ABCD-EFGH-JK23-4567')
    expect(normalizeToken('ABCDEFGHJK234567')).toBe('ABCD-EFGH-JK23-4567')
    expect(normalizeToken('ABCD-EFGH-JK23-456')).toBeNull()
    expect(normalizeToken('ABCD-EFGH-JK23-4560')).toBeNull()
    expect(normalizeToken('OBCD-EFGH-JK23-4567')).toBeNull()
  })
})
