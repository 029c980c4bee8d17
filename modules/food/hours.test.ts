import { describe, expect, it } from 'vitest'
import { localClock, type OpeningHours, openingAt, zonedInstant } from './hours.ts'
import { defaultWorkingHours, type WorkingHoursRow } from './shared.ts'

const week = (rows: Partial<Record<number, [string, string]>>): WorkingHoursRow[] =>
  defaultWorkingHours.map((d) => {
    const times = rows[d.day_of_week]
    return times
      ? { day_of_week: d.day_of_week, enabled: true, start_time: times[0], end_time: times[1] }
      : { ...d, enabled: false }
  })

const amsterdam = (
  rows: Partial<Record<number, [string, string]>>,
  exceptions: OpeningHours['working_hours_exceptions'] = [],
) => ({
  time_zone: 'Europe/Amsterdam',
  working_hours: week(rows),
  working_hours_exceptions: exceptions,
})

const at = (iso: string) => new Date(iso)

describe('opening hours in the restaurant’s time zone', () => {
  // Friday 2026-11-27 and Saturday 2026-11-28: Amsterdam is UTC+1.
  const lateFriday = amsterdam({ 5: ['17:00', '02:00'], 6: ['12:00', '22:00'] })

  it('opens and closes on the local wall clock', () => {
    expect(openingAt(at('2026-11-27T15:59:00Z'), lateFriday)).toMatchObject({
      date: '2026-11-27',
      day_of_week: 5,
      open: false,
      opened_at: '17:00',
      closed_at: '02:00',
      next_opening: at('2026-11-27T16:00:00Z'),
    })
    expect(openingAt(at('2026-11-27T16:00:00Z'), lateFriday)).toMatchObject({
      open: true,
      closes_at: at('2026-11-28T01:00:00Z'),
    })
  })

  it('keeps hours that cross midnight open into the next day, until their end', () => {
    // Saturday 00:30 and 01:59 local: still Friday's hours.
    for (const iso of ['2026-11-27T23:30:00Z', '2026-11-28T00:59:00Z']) {
      expect(openingAt(at(iso), lateFriday), iso).toMatchObject({
        date: '2026-11-28',
        day_of_week: 6,
        open: true,
        opened_at: '17:00',
        closed_at: '02:00',
        closes_at: at('2026-11-28T01:00:00Z'),
      })
    }
    // 02:00 local: closed; today (Saturday) opens at 12:00.
    expect(openingAt(at('2026-11-28T01:00:00Z'), lateFriday)).toMatchObject({
      open: false,
      opened_at: '12:00',
      closed_at: '22:00',
      next_opening: at('2026-11-28T11:00:00Z'),
    })
  })

  it('a closed day answers no hours and the next opening', () => {
    // Sunday 2026-11-29 and Monday are off; Friday next is the next opening.
    expect(openingAt(at('2026-11-29T12:00:00Z'), lateFriday)).toMatchObject({
      day_of_week: 7,
      open: false,
      opened_at: null,
      closed_at: null,
      next_opening: at('2026-12-04T16:00:00Z'),
    })
  })

  it('an exception for the date replaces that day’s hours', () => {
    const hours = amsterdam({ 5: ['17:00', '02:00'] }, [
      { date: '2026-11-27', closed: false, start_time: '12:00', end_time: '15:00' },
    ])
    expect(openingAt(at('2026-11-27T12:00:00Z'), hours)).toMatchObject({
      open: true,
      exception: true,
      opened_at: '12:00',
      closed_at: '15:00',
    })
    expect(openingAt(at('2026-11-27T17:00:00Z'), hours)).toMatchObject({ open: false, exception: true })
    // The replaced hours no longer run past midnight either.
    expect(openingAt(at('2026-11-27T23:30:00Z'), hours).open).toBe(false)
  })

  it('an exception closes a day, also the part of its hours after midnight', () => {
    const hours = amsterdam({ 5: ['17:00', '02:00'], 6: ['12:00', '22:00'] }, [
      { date: '2026-11-27', closed: true, start_time: null, end_time: null },
    ])
    expect(openingAt(at('2026-11-27T18:00:00Z'), hours)).toMatchObject({
      open: false,
      exception: true,
      opened_at: null,
      next_opening: at('2026-11-28T11:00:00Z'),
    })
    expect(openingAt(at('2026-11-27T23:30:00Z'), hours).open).toBe(false)
  })

  it('an exception opening a day that is normally off', () => {
    const hours = amsterdam({}, [
      { date: '2026-12-27', closed: false, start_time: '11:00', end_time: '01:00' },
    ])
    expect(openingAt(at('2026-12-27T10:00:00Z'), hours).open).toBe(true)
    expect(openingAt(at('2026-12-27T23:30:00Z'), hours)).toMatchObject({ date: '2026-12-28', open: true })
    expect(openingAt(at('2026-12-28T00:00:00Z'), hours).open).toBe(false)
  })

  it('spring forward (29 March 2026, 02:00 → 03:00): Saturday 22:00–03:00 ends at 03:00 summer time', () => {
    const hours = amsterdam({ 6: ['22:00', '03:00'] })
    // 01:59 winter time: open, closing at 03:00 summer time = 01:00 UTC (the night is an hour shorter).
    expect(openingAt(at('2026-03-29T00:59:00Z'), hours)).toMatchObject({
      date: '2026-03-29',
      day_of_week: 7,
      open: true,
      closes_at: at('2026-03-29T01:00:00Z'),
    })
    // One minute later the clocks read 03:00: closed.
    expect(openingAt(at('2026-03-29T01:00:00Z'), hours).open).toBe(false)
    // It opened at 22:00 winter time, 21:00 UTC.
    expect(openingAt(at('2026-03-28T20:59:00Z'), hours)).toMatchObject({
      open: false,
      next_opening: at('2026-03-28T21:00:00Z'),
    })
  })

  it('spring forward: a time the clocks skip falls an hour later', () => {
    expect(zonedInstant('2026-03-29', 150, 'Europe/Amsterdam')).toEqual(at('2026-03-29T01:30:00Z'))
    const hours = amsterdam({ 7: ['02:30', '12:00'] })
    expect(openingAt(at('2026-03-29T00:59:00Z'), hours)).toMatchObject({
      open: false,
      next_opening: at('2026-03-29T01:30:00Z'),
    })
    expect(openingAt(at('2026-03-29T01:00:00Z'), hours).open).toBe(true)
  })

  it('fall back (25 October 2026, 03:00 → 02:00): Saturday 22:00–03:00 stays open both 02:30s', () => {
    const hours = amsterdam({ 6: ['22:00', '03:00'] })
    // 02:30 summer time, then 02:30 winter time an hour later: both open.
    for (const iso of ['2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z']) {
      expect(openingAt(at(iso), hours), iso).toMatchObject({
        date: '2026-10-25',
        open: true,
        closes_at: at('2026-10-25T02:00:00Z'),
      })
    }
    // 03:00 winter time: closed (the night was an hour longer).
    expect(openingAt(at('2026-10-25T02:00:00Z'), hours).open).toBe(false)
    // Opened at 22:00 summer time = 20:00 UTC.
    expect(openingAt(at('2026-10-24T20:00:00Z'), hours).open).toBe(true)
    expect(openingAt(at('2026-10-24T19:59:00Z'), hours).open).toBe(false)
  })

  it('uses the restaurant’s zone, not the server’s or Amsterdam’s', () => {
    const hours = { ...amsterdam({ 5: ['09:00', '17:00'] }), time_zone: 'America/New_York' }
    // 15:00 UTC on Friday 27 November is 10:00 in New York (UTC-5).
    expect(openingAt(at('2026-11-27T15:00:00Z'), hours)).toMatchObject({ open: true, day_of_week: 5 })
    // 23:00 UTC is 18:00 there: closed, though it is midnight in Amsterdam.
    expect(openingAt(at('2026-11-27T23:00:00Z'), hours).open).toBe(false)
    expect(localClock(at('2026-11-28T03:00:00Z'), 'America/New_York')).toEqual({
      date: '2026-11-27',
      dayOfWeek: 5,
      minute: 22 * 60,
    })
  })

  it('00:00–24:00 every day is open at every moment: across midnight and both clock changes', () => {
    const always = amsterdam({
      1: ['00:00', '24:00'],
      2: ['00:00', '24:00'],
      3: ['00:00', '24:00'],
      4: ['00:00', '24:00'],
      5: ['00:00', '24:00'],
      6: ['00:00', '24:00'],
      7: ['00:00', '24:00'],
    })
    // Friday 23:59:59 local, Saturday 00:00 and 00:00:01 local (UTC+1).
    for (const iso of ['2026-11-27T22:59:59Z', '2026-11-27T23:00:00Z', '2026-11-27T23:00:01Z']) {
      expect(openingAt(at(iso), always).open, iso).toBe(true)
    }
    expect(openingAt(at('2026-11-27T22:59:59Z'), always)).toMatchObject({
      opened_at: '00:00',
      closed_at: '24:00',
      closes_at: at('2026-11-27T23:00:00Z'),
    })
    // The nights the clocks change: every minute of 28–29 March and 24–26 October.
    for (const [from, to] of [
      ['2026-03-28T20:00:00Z', '2026-03-29T04:00:00Z'],
      ['2026-10-24T20:00:00Z', '2026-10-25T04:00:00Z'],
    ] as const) {
      for (let t = Date.parse(from); t <= Date.parse(to); t += 60_000) {
        expect(openingAt(new Date(t), always).open, new Date(t).toISOString()).toBe(true)
      }
    }
    // Until midnight from any opening time; the next day opening at 00:00 follows on without a gap.
    const evenings = amsterdam({ 5: ['17:00', '24:00'], 6: ['00:00', '02:00'] })
    expect(openingAt(at('2026-11-27T22:59:00Z'), evenings)).toMatchObject({
      open: true,
      closes_at: at('2026-11-27T23:00:00Z'),
    })
    expect(openingAt(at('2026-11-27T23:00:00Z'), evenings)).toMatchObject({ open: true, opened_at: '00:00' })
  })
})
