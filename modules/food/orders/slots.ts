import { localClock, type OpeningHours, openingAt, zonedInstant } from '../hours.ts'
import { minutesOf } from '../shared.ts'

/**
 * The times a guest may ask for (spec: "ASAP or a slot in 30-minute steps inside today's hours"):
 * every :00 and :30 of the restaurant's wall clock from the next step at least `leadMinutes` ahead
 * until its closing, inside the period open now or still to open today (hours past midnight
 * included, as `hours.ts` reads them). Answered as instants with their local `HH:MM`. A restaurant
 * with `default_asap` offers none: ASAP only. Pure.
 */
export interface Slot {
  time: string
  at: Date
}

export const slotStepMinutes = 30
export const slotLeadMinutes = 30

export function slotsFor(now: Date, hours: OpeningHours, leadMinutes = slotLeadMinutes): Slot[] {
  const opening = openingAt(now, hours)
  // The period to offer: the one open now, else today's still to come.
  let start: Date
  let end: Date
  if (opening.open && opening.closes_at) {
    start = now
    end = opening.closes_at
  } else if (opening.next_opening && opening.opened_at && opening.closed_at) {
    const today = localClock(now, hours.time_zone)
    const startMinute = minutesOf(opening.opened_at)
    if (startMinute <= today.minute) return []
    start = zonedInstant(today.date, startMinute, hours.time_zone)
    if (start.getTime() !== opening.next_opening.getTime()) return []
    const endMinute = minutesOf(opening.closed_at)
    const endDate = endMinute <= startMinute ? nextDay(today.date) : today.date
    end = zonedInstant(endDate, endMinute, hours.time_zone)
  } else return []
  const earliest = new Date(Math.max(start.getTime(), now.getTime() + leadMinutes * 60_000))
  const slots: Slot[] = []
  // Walk the local wall clock in 30-minute steps; each step's instant is taken with its own offset.
  const first = localClock(earliest, hours.time_zone)
  let date = first.date
  let minute = Math.ceil(first.minute / slotStepMinutes) * slotStepMinutes
  for (let i = 0; i < 96; i++) {
    if (minute >= 1440) {
      minute -= 1440
      date = nextDay(date)
    }
    const at = zonedInstant(date, minute, hours.time_zone)
    // The closing minute itself is no time to deliver at.
    if (at.getTime() >= end.getTime()) break
    // A time the clocks skip falls an hour later: labelled by the clock it really is, once.
    if (at.getTime() >= earliest.getTime() && !slots.some((s) => s.at.getTime() === at.getTime())) {
      slots.push({ time: hhmm(localClock(at, hours.time_zone).minute), at })
    }
    minute += slotStepMinutes
  }
  return slots
}

const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
