/**
 * A bill's due date relative to today, for the words the bill screens put beside it ("due in 3
 * days", "5 days overdue"). Dates are calendar dates (`YYYY-MM-DD`); "today" is the calendar day in
 * the bill's time zone (its `time_zone`), as the API dates bills and marks them overdue, never the
 * day of whatever zone the browser or the rendering server runs in. No date library: Intl gives the
 * zone's day, the rest is whole days between two UTC midnights.
 */

const dayFormats = new Map<string, Intl.DateTimeFormat>()

/** Today's calendar date in a time zone, `YYYY-MM-DD`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let format = dayFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    dayFormats.set(timeZone, format)
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
}

const utcDay = (date: string) => {
  const [y, m, d] = date.split('-').map(Number)
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDay(to) - utcDay(from)) / 86_400_000)
}

/** When a bill is due, seen from today. */
export type Due = { when: 'today' } | { when: 'future'; days: number } | { when: 'past'; days: number }

export function dueFrom(dueDate: string, today: string): Due {
  const days = daysBetween(today, dueDate)
  if (days === 0) return { when: 'today' }
  return days > 0 ? { when: 'future', days } : { when: 'past', days: -days }
}

/**
 * A calendar date as the language writes it, the same day in every time zone (the date is read at
 * UTC midnight and shown in UTC).
 */
export const calendarDateOptions = (style: 'medium' | 'long' = 'medium'): Intl.DateTimeFormatOptions => ({
  dateStyle: style,
  timeZone: 'UTC',
})
export const atUtcMidnight = (date: string) => `${date}T00:00:00Z`
