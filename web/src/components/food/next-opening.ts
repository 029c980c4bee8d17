/**
 * When a closed restaurant opens next, on its own clock (ARCHITECTURE "Time": a day a person reads
 * is computed in the zone it belongs to): today, tomorrow or a weekday, and the local `HH:MM`. The
 * API answers the instant (`next_opening`); labels.tsx words it. Pure, so it is tested alone.
 */
export interface NextOpening {
  day: 'today' | 'tomorrow' | 'later'
  /** The weekday's name in the reader's language (for `later`). */
  weekday: string
  time: string
}

const formats = new Map<string, Intl.DateTimeFormat>()

function format(locale: string, timeZone: string, kind: 'date' | 'time' | 'weekday'): Intl.DateTimeFormat {
  const key = `${locale}\u0000${timeZone}\u0000${kind}`
  let f = formats.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(
      kind === 'date' ? 'en-CA' : locale,
      kind === 'date'
        ? { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }
        : kind === 'time'
          ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }
          : { weekday: 'long', timeZone },
    )
    formats.set(key, f)
  }
  return f
}

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000)

export function nextOpening(
  locale: string,
  next: string | null | undefined,
  timeZone: string | null | undefined,
  now: Date = new Date(),
): NextOpening | null {
  if (!next || !timeZone) return null
  const at = new Date(next)
  if (Number.isNaN(at.getTime())) return null
  try {
    const days =
      dayNumber(format(locale, timeZone, 'date').format(at)) -
      dayNumber(format(locale, timeZone, 'date').format(now))
    return {
      day: days <= 0 ? 'today' : days === 1 ? 'tomorrow' : 'later',
      weekday: format(locale, timeZone, 'weekday').format(at),
      time: format(locale, timeZone, 'time').format(at),
    }
  } catch {
    // An unknown zone: say nothing rather than a wrong time.
    return null
  }
}
