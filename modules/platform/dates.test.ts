import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { businessDay, endOfDay, isCalendarDate, localDateTime, offsetAt, startOfDay } from './dates.ts'

/** Business days are Amsterdam days, across midnight and both daylight-saving changes. */
describe('the business calendar (Europe/Amsterdam)', () => {
  it('dates an instant after local midnight on the new day, not the UTC day', () => {
    // 00:30 in Amsterdam in winter (UTC+1) is 23:30 UTC the day before.
    expect(businessDay(new Date('2026-11-25T23:30:00Z'))).toBe('2026-11-26')
    expect(businessDay(new Date('2026-11-25T22:59:59Z'))).toBe('2026-11-25')
    // In summer (UTC+2) the day starts at 22:00 UTC.
    expect(businessDay(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02')
    expect(businessDay(new Date('2026-07-01T21:59:59Z'))).toBe('2026-07-01')
    // New Year's first minutes.
    expect(businessDay(new Date('2026-12-31T23:01:00Z'))).toBe('2027-01-01')
  })

  it('reads an instant on a zone’s clock, across midnight and both daylight-saving changes', () => {
    expect(localDateTime(new Date('2026-11-25T23:30:00Z'))).toBe('2026-11-26 00:30')
    expect(localDateTime(new Date('2026-07-01T22:15:00Z'))).toBe('2026-07-02 00:15')
    expect(localDateTime(new Date('2026-03-29T00:59:00Z'))).toBe('2026-03-29 01:59')
    expect(localDateTime(new Date('2026-03-29T01:00:00Z'))).toBe('2026-03-29 03:00')
    expect(localDateTime(new Date('2026-10-25T00:30:00Z'))).toBe('2026-10-25 02:30')
    expect(localDateTime(new Date('2026-10-25T01:30:00Z'))).toBe('2026-10-25 02:30')
    expect(localDateTime(new Date('2026-11-25T23:30:00Z'), 'America/New_York')).toBe('2026-11-25 18:30')
  })

  it('has a 23-hour day when summer time starts and a 25-hour day when it ends', () => {
    expect(startOfDay('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z')
    expect(endOfDay('2026-03-29').toISOString()).toBe('2026-03-29T22:00:00.000Z')
    expect(startOfDay('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z')
    expect(endOfDay('2026-10-25').toISOString()).toBe('2026-10-25T23:00:00.000Z')
    // The hour that repeats on 25 October belongs to 25 October both times.
    expect(businessDay(new Date('2026-10-25T00:30:00Z'))).toBe('2026-10-25')
    expect(businessDay(new Date('2026-10-25T01:30:00Z'))).toBe('2026-10-25')
  })

  it('puts every instant inside its own business day (property)', () => {
    const from = Date.parse('2020-01-01T00:00:00Z')
    const to = Date.parse('2030-12-31T00:00:00Z')
    fc.assert(
      fc.property(fc.integer({ min: from, max: to }), (ms) => {
        const at = new Date(ms)
        const day = businessDay(at)
        expect(isCalendarDate(day)).toBe(true)
        expect(startOfDay(day).getTime()).toBeLessThanOrEqual(ms)
        expect(endOfDay(day).getTime()).toBeGreaterThan(ms)
      }),
      { numRuns: 2000 },
    )
  })

  it('is another day in another zone', () => {
    expect(businessDay(new Date('2026-11-26T03:00:00Z'), 'America/New_York')).toBe('2026-11-25')
    expect(businessDay(new Date('2026-11-26T03:00:00Z'), 'Pacific/Chatham')).toBe('2026-11-26')
  })
})

describe('offsetAt', () => {
  const hours = (ms: number) => ms / 3_600_000

  it('gives each zone its offset on both sides of its daylight-saving changes', () => {
    expect(hours(offsetAt(new Date('2026-03-29T00:59:59Z'), 'Europe/Amsterdam'))).toBe(1)
    expect(hours(offsetAt(new Date('2026-03-29T01:00:00Z'), 'Europe/Amsterdam'))).toBe(2)
    expect(hours(offsetAt(new Date('2026-10-25T00:59:59Z'), 'Europe/Amsterdam'))).toBe(2)
    expect(hours(offsetAt(new Date('2026-10-25T01:00:00Z'), 'Europe/Amsterdam'))).toBe(1)
    expect(hours(offsetAt(new Date('2026-07-01T12:00:00Z'), 'America/New_York'))).toBe(-4)
    expect(hours(offsetAt(new Date('2026-07-01T12:00:00Z'), 'Asia/Kolkata'))).toBe(5.5)
    expect(hours(offsetAt(new Date('2026-07-01T12:00:00Z'), 'Pacific/Chatham'))).toBe(12.75)
    expect(hours(offsetAt(new Date('2026-01-01T12:00:00Z'), 'Pacific/Chatham'))).toBe(13.75)
  })

  it('reads the wall clock as formatToParts does (property)', () => {
    const zones = [
      'Europe/Amsterdam',
      'America/New_York',
      'Australia/Sydney',
      'Asia/Kolkata',
      'Pacific/Chatham',
    ]
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2000-01-01T00:00:00Z'), max: Date.parse('2040-01-01T00:00:00Z') }),
        fc.constantFrom(...zones),
        (ms, timeZone) => {
          const parts = new Intl.DateTimeFormat('en-US', {
            timeZone,
            hourCycle: 'h23',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
          }).formatToParts(new Date(ms))
          const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
          const wall = Date.UTC(
            get('year'),
            get('month') - 1,
            get('day'),
            get('hour'),
            get('minute'),
            get('second'),
          )
          expect(offsetAt(new Date(ms), timeZone)).toBe(wall - Math.floor(ms / 1000) * 1000)
        },
      ),
      { numRuns: 500 },
    )
  })
})
