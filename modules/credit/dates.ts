import { offsetAt, zonedDate } from '../platform/dates.ts'

/** The wall-clock date and `HH:MM` of an instant in a zone. */
export function wallClock(at: Date, zone: string): { date: string; time: string } {
  const local = new Date(at.getTime() + offsetAt(at, zone))
  const hh = String(local.getUTCHours()).padStart(2, '0')
  const mm = String(local.getUTCMinutes()).padStart(2, '0')
  return { date: zonedDate(at, zone), time: `${hh}:${mm}` }
}

/** Whether the runtime knows an IANA zone name. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return zone.includes('/') || zone === 'UTC'
  } catch {
    return false
  }
}
