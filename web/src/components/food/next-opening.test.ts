import { describe, expect, it } from 'vitest'
import { nextOpening } from './next-opening.ts'

describe('a closed restaurant’s next opening, on its own clock', () => {
  const zone = 'Europe/Amsterdam'
  it('says today, tomorrow or the weekday, with the local time', () => {
    // Friday 2026-11-27 22:30 in Amsterdam (21:30 UTC).
    const now = new Date('2026-11-27T21:30:00Z')
    expect(nextOpening('nl', '2026-11-28T10:00:00Z', zone, now)).toEqual({
      day: 'tomorrow',
      weekday: 'zaterdag',
      time: '11:00',
    })
    expect(nextOpening('en', '2026-11-27T22:00:00Z', zone, now)).toMatchObject({
      day: 'today',
      time: '23:00',
    })
    expect(nextOpening('de', '2026-11-30T10:00:00Z', zone, now)).toEqual({
      day: 'later',
      weekday: 'Montag',
      time: '11:00',
    })
  })
  it('counts days in the restaurant’s zone, not the reader’s or UTC', () => {
    // 23:30 UTC on the 27th is already the 28th in Amsterdam: 11:00 on the 28th is today there.
    const now = new Date('2026-11-27T23:30:00Z')
    expect(nextOpening('nl', '2026-11-28T10:00:00Z', zone, now)).toMatchObject({
      day: 'today',
      time: '11:00',
    })
    expect(nextOpening('nl', '2026-11-28T10:00:00Z', 'America/New_York', now)).toMatchObject({
      day: 'tomorrow',
      time: '05:00',
    })
  })
  it('answers nothing without an opening or a zone', () => {
    expect(nextOpening('nl', null, zone)).toBeNull()
    expect(nextOpening('nl', '2026-11-28T10:00:00Z', null)).toBeNull()
    expect(nextOpening('nl', 'no date', zone)).toBeNull()
  })
})
