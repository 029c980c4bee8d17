import { describe, expect, it } from 'vitest'
import { activePreset, businessToday, presetDay, presetRange, shiftDate } from './business-days.ts'

/**
 * The business calendar across midnight and daylight-saving changes: Amsterdam is UTC+1 in winter
 * and UTC+2 in summer; summer time began on 29 March 2026 and ended on 25 October 2026.
 */
const amsterdam = 'Europe/Amsterdam'
const at = (iso: string) => new Date(iso)

describe('today in the business time zone', () => {
  it('is already the next day at 23:30 UTC, while UTC still has the old one', () => {
    // 00:30 on 29 March in Amsterdam (still winter time: the clocks go forward at 02:00).
    expect(businessToday(amsterdam, at('2026-03-28T23:30:00Z'))).toBe('2026-03-29')
    // 01:30 on 30 March (summer time, UTC+2).
    expect(businessToday(amsterdam, at('2026-03-29T23:30:00Z'))).toBe('2026-03-30')
    // 01:30 on 25 October (summer time until 03:00), then 00:30 on 26 October (winter time).
    expect(businessToday(amsterdam, at('2026-10-24T23:30:00Z'))).toBe('2026-10-25')
    expect(businessToday(amsterdam, at('2026-10-25T23:30:00Z'))).toBe('2026-10-26')
    // 22:30 UTC in summer is 00:30 the next day; in winter 23:30.
    expect(businessToday(amsterdam, at('2026-07-14T22:30:00Z'))).toBe('2026-07-15')
    expect(businessToday(amsterdam, at('2026-01-14T22:30:00Z'))).toBe('2026-01-14')
  })

  it('follows the configured zone, whatever the zone of the machine', () => {
    expect(businessToday('UTC', at('2026-03-28T23:30:00Z'))).toBe('2026-03-28')
    expect(businessToday('America/New_York', at('2026-03-29T03:30:00Z'))).toBe('2026-03-28')
  })
})

describe('date presets', () => {
  it('count whole business days back across the change to summer time', () => {
    const now = at('2026-03-29T23:30:00Z') // 30 March, 01:30 in Amsterdam
    expect(presetRange('today', amsterdam, now)).toEqual({ from: '2026-03-30', to: '2026-03-30' })
    expect(presetRange('yesterday', amsterdam, now)).toEqual({ from: '2026-03-29', to: '2026-03-29' })
    expect(presetRange('last_7_days', amsterdam, now)).toEqual({ from: '2026-03-24', to: '2026-03-30' })
    expect(presetRange('last_30_days', amsterdam, now)).toEqual({ from: '2026-03-01', to: '2026-03-30' })
    expect(presetRange('this_month', amsterdam, now)).toEqual({ from: '2026-03-01', to: '2026-03-30' })
    expect(presetRange('last_month', amsterdam, now)).toEqual({ from: '2026-02-01', to: '2026-02-28' })
  })

  it('start a new month at midnight in Amsterdam, not at midnight UTC', () => {
    const now = at('2026-10-31T23:30:00Z') // 1 November, 00:30 in Amsterdam (winter time)
    expect(presetRange('this_month', amsterdam, now)).toEqual({ from: '2026-11-01', to: '2026-11-01' })
    expect(presetRange('last_month', amsterdam, now)).toEqual({ from: '2026-10-01', to: '2026-10-31' })
    expect(presetRange('yesterday', amsterdam, now)).toEqual({ from: '2026-10-31', to: '2026-10-31' })
    // The day the clocks went back is one day, not two.
    expect(presetRange('last_7_days', amsterdam, at('2026-10-25T23:30:00Z'))).toEqual({
      from: '2026-10-20',
      to: '2026-10-26',
    })
  })

  it('know which preset a range is', () => {
    const now = at('2026-03-28T23:30:00Z') // 29 March in Amsterdam, 28 March in UTC
    expect(activePreset({ from: '2026-03-23', to: '2026-03-29' }, amsterdam, undefined, now)).toBe(
      'last_7_days',
    )
    expect(activePreset({ from: '2026-03-22', to: '2026-03-28' }, amsterdam, undefined, now)).toBeNull()
    expect(activePreset({ from: '2026-03-01', to: '2026-03-29' }, amsterdam, undefined, now)).toBe(
      'this_month',
    )
    expect(activePreset({ from: '2026-03-29' }, amsterdam, undefined, now)).toBeNull()
  })

  it('give the days balances are taken at', () => {
    const now = at('2026-03-31T22:30:00Z') // 1 April, 00:30 in Amsterdam
    expect(presetDay('today', amsterdam, now)).toBe('2026-04-01')
    expect(presetDay('yesterday', amsterdam, now)).toBe('2026-03-31')
    expect(presetDay('end_of_last_month', amsterdam, now)).toBe('2026-03-31')
    expect(presetDay('end_of_last_month', amsterdam, at('2026-03-15T12:00:00Z'))).toBe('2026-02-28')
  })
})

describe('calendar arithmetic', () => {
  it('moves whole days over month, year and daylight-saving boundaries', () => {
    expect(shiftDate('2026-03-28', 2)).toBe('2026-03-30')
    expect(shiftDate('2026-10-25', -1)).toBe('2026-10-24')
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01')
    expect(shiftDate('2028-03-01', -1)).toBe('2028-02-29')
  })
})
