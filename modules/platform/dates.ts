/**
 * The business calendar: days a person reads (ledger entry dates, "today", date presets,
 * statistics days, a card "valid until 31 December") are days in one configured business time
 * zone, `BUSINESS_TIME_ZONE` (default Europe/Amsterdam), never UTC days: an order placed at 00:30
 * on 1 January in Amsterdam is dated 1 January whatever the server's own time zone, and a card
 * order's capture and its issuing fall on the same day. Instants are stored in UTC.
 */
export const businessTimeZone = process.env.BUSINESS_TIME_ZONE?.trim() || 'Europe/Amsterdam'

/** Today (or the day of `at`) in the business time zone, as YYYY-MM-DD. */
export const businessDay = (at: Date = new Date(), timeZone = businessTimeZone) => zonedDate(at, timeZone)

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/

/** The calendar date of an instant in a time zone. */
export function zonedDate(at: Date, timeZone = businessTimeZone): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at)
}

/** Whether a string is a real calendar date (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = datePattern.exec(value)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.toISOString().slice(0, 10) === value
}

/**
 * One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one, and
 * planners convert hundreds of thousands of instants (credit reminder ladders).
 */
const wallClocks = new Map<string, Intl.DateTimeFormat>()

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    wallClocks.set(timeZone, format)
  }
  return format
}

const wallClockPattern = /^(\d{2})\/(\d{2})\/(\d{4}), (\d{2}):(\d{2}):(\d{2})$/

/**
 * Offset of a time zone from UTC at an instant, in milliseconds (Amsterdam: +1 h or +2 h; Chatham
 * +12:45 or +13:45). The local wall-clock time of `at` is `at + offsetAt(at)` read as UTC.
 */
export function offsetAt(at: Date, timeZone = businessTimeZone): number {
  const format = wallClock(timeZone)
  // `format` and a pattern take half the time of `formatToParts` (en-US: "03/29/2026, 02:30:00");
  // the parts remain the fallback should an engine word it otherwise.
  const m = wallClockPattern.exec(format.format(at))
  let asUtc: number
  if (m) {
    asUtc = Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2]), Number(m[4]), Number(m[5]), Number(m[6]))
  } else {
    const parts = format.formatToParts(at)
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
    asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  }
  return asUtc - Math.floor(at.getTime() / 1000) * 1000
}

/** An instant as a person in a time zone reads it: `2026-11-29 12:30` (for exports and e-mails). */
export function localDateTime(at: Date, timeZone = businessTimeZone): string {
  const local = new Date(at.getTime() + offsetAt(at, timeZone))
  return `${zonedDate(at, timeZone)} ${local.toISOString().slice(11, 16)}`
}

/** The instant a calendar date begins in a time zone (midnight local time). */
export function startOfDay(date: string, timeZone = businessTimeZone): Date {
  const m = datePattern.exec(date)
  if (!m) throw new RangeError(`not a date: ${date}`)
  const localMidnightAsUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  // Two passes: the offset at the guessed instant can differ from the one at the true instant
  // around a daylight-saving change.
  let guess = localMidnightAsUtc - offsetAt(new Date(localMidnightAsUtc), timeZone)
  guess = localMidnightAsUtc - offsetAt(new Date(guess), timeZone)
  return new Date(guess)
}

/** The day after a calendar date. */
export function nextDate(date: string): string {
  const m = datePattern.exec(date)
  if (!m) throw new RangeError(`not a date: ${date}`)
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1)).toISOString().slice(0, 10)
}

/** The instant a calendar date ends in a time zone (the next day's midnight): "valid until" that day. */
export function endOfDay(date: string, timeZone = businessTimeZone): Date {
  return startOfDay(nextDate(date), timeZone)
}
