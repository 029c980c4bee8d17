import { offsetAt } from '../platform/dates.ts'
import { minutesOf, type WorkingHoursRow } from './shared.ts'

/**
 * Opening hours in the restaurant's own time zone (ARCHITECTURE "Time": days a person reads are
 * computed in their zone). Hours are wall-clock times: "17:00–02:00" on Friday means from five in
 * the afternoon on Friday to two in the night on Saturday, local time, whatever the offset of each
 * of those moments (a daylight-saving change in between makes that evening an hour shorter or
 * longer, as the guests live it). An exception for a date replaces that day's hours or closes it.
 *
 * Everything is compared on the local wall clock of `at`, so a day with 23 or 25 hours needs no
 * special case; only the instants answered (`closes_at`, `next_opening`) are converted back, with
 * the offset at that moment.
 */

export interface ExceptionRow {
  date: string
  closed: boolean
  start_time: string | null
  end_time: string | null
}

export interface OpeningHours {
  time_zone: string
  working_hours: readonly WorkingHoursRow[]
  working_hours_exceptions: readonly ExceptionRow[]
}

/** The state of a restaurant's hours at one moment. */
export interface Opening {
  /** The local date and weekday (Monday = 1 … Sunday = 7) of the moment. */
  date: string
  day_of_week: number
  /** Open now. */
  open: boolean
  /** The period open now, else today's hours (exception applied); null when closed all day. */
  opened_at: string | null
  closed_at: string | null
  /** Today's hours come from an exception (other hours, or closed). */
  exception: boolean
  /** When the open period ends (open now), as an instant. */
  closes_at: Date | null
  /** The next opening within a week (closed now), as an instant. */
  next_opening: Date | null
}

interface Period {
  start: number
  end: number
  startTime: string
  endTime: string
}

const dayMs = 86_400_000

/** The local calendar date, weekday and minute of an instant in a time zone. */
export function localClock(at: Date, timeZone: string): { date: string; dayOfWeek: number; minute: number } {
  const local = new Date(at.getTime() + offsetAt(at, timeZone))
  const weekday = local.getUTCDay()
  return {
    date: local.toISOString().slice(0, 10),
    dayOfWeek: weekday === 0 ? 7 : weekday,
    minute: local.getUTCHours() * 60 + local.getUTCMinutes(),
  }
}

const shiftDate = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10)

const weekdayOf = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay()
  return d === 0 ? 7 : d
}

/**
 * The instant of a wall-clock time on a local date. A time skipped by a daylight-saving change
 * (02:30 on the last Sunday of March in Amsterdam) falls an hour later, as clocks show it.
 */
export function zonedInstant(date: string, minute: number, timeZone: string): Date {
  const localAsUtc = Date.parse(`${date}T00:00:00Z`) + minute * 60_000
  let guess = localAsUtc - offsetAt(new Date(localAsUtc), timeZone)
  guess = localAsUtc - offsetAt(new Date(guess), timeZone)
  return new Date(guess)
}

/** The hours of one local date: an exception for it, else its weekday's (when enabled). */
function periodOf(hours: OpeningHours, date: string): { period: Period | null; exception: boolean } {
  const exception = hours.working_hours_exceptions.find((e) => e.date === date)
  if (exception) {
    if (exception.closed || !exception.start_time || !exception.end_time)
      return { period: null, exception: true }
    return { period: period(exception.start_time, exception.end_time), exception: true }
  }
  const day = hours.working_hours.find((d) => d.day_of_week === weekdayOf(date))
  return { period: day?.enabled ? period(day.start_time, day.end_time) : null, exception: false }
}

const period = (startTime: string, endTime: string): Period => ({
  start: minutesOf(startTime.slice(0, 5)),
  end: minutesOf(endTime.slice(0, 5)),
  startTime: startTime.slice(0, 5),
  endTime: endTime.slice(0, 5),
})

/** Whether the hours run past midnight into the next day. */
const overnight = (p: Period) => p.end <= p.start

/** The restaurant's hours at `at`: open now, today's opening and closing, the next opening. */
export function openingAt(at: Date, hours: OpeningHours): Opening {
  const zone = hours.time_zone
  const now = localClock(at, zone)
  const today = periodOf(hours, now.date)
  const yesterdayDate = shiftDate(now.date, -1)
  const yesterday = periodOf(hours, yesterdayDate).period

  const base = { date: now.date, day_of_week: now.dayOfWeek, exception: today.exception }

  // Still in yesterday's hours, after midnight.
  if (yesterday && overnight(yesterday) && now.minute < yesterday.end) {
    return {
      ...base,
      open: true,
      opened_at: yesterday.startTime,
      closed_at: yesterday.endTime,
      closes_at: zonedInstant(now.date, yesterday.end, zone),
      next_opening: null,
    }
  }
  const p = today.period
  if (p && now.minute >= p.start && (overnight(p) || now.minute < p.end)) {
    return {
      ...base,
      open: true,
      opened_at: p.startTime,
      closed_at: p.endTime,
      closes_at: zonedInstant(overnight(p) ? shiftDate(now.date, 1) : now.date, p.end, zone),
      next_opening: null,
    }
  }
  return {
    ...base,
    open: false,
    opened_at: p?.startTime ?? null,
    closed_at: p?.endTime ?? null,
    closes_at: null,
    next_opening: nextOpening(hours, now.date, now.minute),
  }
}

function nextOpening(hours: OpeningHours, date: string, minute: number): Date | null {
  for (let days = 0; days <= 7; days++) {
    const day = shiftDate(date, days)
    const p = periodOf(hours, day).period
    if (p && (days > 0 || p.start > minute)) return zonedInstant(day, p.start, hours.time_zone)
  }
  return null
}
