import { TZDate } from '@date-fns/tz'
import { endOfMonth, startOfMonth, subDays, subMonths } from 'date-fns'

/**
 * Days as finance staff read them (issue 12, item 5): "today", yesterday, this month and the date
 * presets are days in the platform's business time zone (`BUSINESS_TIME_ZONE`, default
 * Europe/Amsterdam; the page carries it, `lib/bootstrap.ts`, and components read it with
 * `useBusinessTimeZone()` from `lib/time-zone.ts`), never UTC days and never the days of
 * whatever zone the browser or the rendering server runs in. At 00:39 in Amsterdam it is already
 * the new day, though UTC still has the old one; the API dates entries and answers "today" by the
 * same zone (`modules/platform/dates.ts`). Calendar arithmetic is date-fns's on a zoned date
 * (@date-fns/tz), so a day across a daylight-saving change is still one day.
 */

const pad = (n: number) => String(n).padStart(2, '0')
/** A zoned date's calendar day (its getters read the zone's wall clock); no formatter, to stay light. */
const day = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
const zoned = (timeZone: string, now: Date) => new TZDate(now.getTime(), timeZone)

/** Today in the business time zone, `YYYY-MM-DD`. */
export function businessToday(timeZone: string, now: Date = new Date()): string {
  return day(zoned(timeZone, now))
}

/** A calendar date `days` later (earlier when negative): plain calendar arithmetic, no zone. */
export function shiftDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number)
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10)
}

/** The date ranges a finance screen offers, from today back. */
export const rangePresets = [
  'today',
  'yesterday',
  'last_7_days',
  'last_30_days',
  'this_month',
  'last_month',
] as const
export type RangePreset = (typeof rangePresets)[number]

export interface DateRange {
  from: string
  to: string
}

/** The days of a preset in the business time zone; "this month" runs to today. */
export function presetRange(preset: RangePreset, timeZone: string, now: Date = new Date()): DateRange {
  const today = zoned(timeZone, now)
  const lastMonth = subMonths(today, 1)
  switch (preset) {
    case 'today':
      return { from: day(today), to: day(today) }
    case 'yesterday':
      return { from: day(subDays(today, 1)), to: day(subDays(today, 1)) }
    case 'last_7_days':
      return { from: day(subDays(today, 6)), to: day(today) }
    case 'last_30_days':
      return { from: day(subDays(today, 29)), to: day(today) }
    case 'this_month':
      return { from: day(startOfMonth(today)), to: day(today) }
    case 'last_month':
      return { from: day(startOfMonth(lastMonth)), to: day(endOfMonth(lastMonth)) }
  }
}

/** The preset a range is, if any (the button shown pressed). */
export function activePreset(
  range: Partial<DateRange>,
  timeZone: string,
  presets: readonly RangePreset[] = rangePresets,
  now: Date = new Date(),
): RangePreset | null {
  if (!range.from || !range.to) return null
  return (
    presets.find((preset) => {
      const r = presetRange(preset, timeZone, now)
      return r.from === range.from && r.to === range.to
    }) ?? null
  )
}

/** The moments balances are taken at: today, yesterday, and the last day of last month. */
export const atPresets = ['today', 'yesterday', 'end_of_last_month'] as const
export type AtPreset = (typeof atPresets)[number]

export function presetDay(preset: AtPreset, timeZone: string, now: Date = new Date()): string {
  const today = zoned(timeZone, now)
  switch (preset) {
    case 'today':
      return day(today)
    case 'yesterday':
      return day(subDays(today, 1))
    case 'end_of_last_month':
      return day(endOfMonth(subMonths(today, 1)))
  }
}
