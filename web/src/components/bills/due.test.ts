import { describe, expect, it } from 'vitest'
import { daysBetween, dueFrom, todayIn } from './due.ts'

describe('todayIn', () => {
  it('is the calendar day of the zone, not of UTC', () => {
    // 23:30 UTC on 28 November is already 29 November in Amsterdam, still the 28th in New York.
    const now = new Date('2026-11-28T23:30:00Z')
    expect(todayIn('Europe/Amsterdam', now)).toBe('2026-11-29')
    expect(todayIn('America/New_York', now)).toBe('2026-11-28')
    expect(todayIn('UTC', now)).toBe('2026-11-28')
  })

  it('pads months and days', () => {
    expect(todayIn('UTC', new Date('2027-01-05T12:00:00Z'))).toBe('2027-01-05')
  })
})

describe('daysBetween', () => {
  it('counts whole calendar days, across months, years and daylight-saving changes', () => {
    expect(daysBetween('2026-11-28', '2026-11-28')).toBe(0)
    expect(daysBetween('2026-11-28', '2026-12-01')).toBe(3)
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1)
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2)
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2)
    expect(daysBetween('2026-12-01', '2026-11-28')).toBe(-3)
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2)
  })
})

describe('dueFrom', () => {
  it('says whether the date is today, ahead or behind, and by how many days', () => {
    expect(dueFrom('2026-11-28', '2026-11-28')).toEqual({ when: 'today' })
    expect(dueFrom('2026-11-29', '2026-11-28')).toEqual({ when: 'future', days: 1 })
    expect(dueFrom('2026-12-28', '2026-11-28')).toEqual({ when: 'future', days: 30 })
    expect(dueFrom('2026-11-27', '2026-11-28')).toEqual({ when: 'past', days: 1 })
    expect(dueFrom('2026-10-29', '2026-11-28')).toEqual({ when: 'past', days: 30 })
  })
})
