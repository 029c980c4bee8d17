/**
 * Dates as a person types and reads them in a date field, in the interface language's numeric
 * notation (`31-12-2026` in Dutch, `31.12.2026` in German, Russian and Ukrainian, `31/12/2026` in
 * English), while the URL and the API keep `YYYY-MM-DD`. Formatting goes through Intl, so the
 * notation is the browser's own for that language; parsing reads the same order of day, month and
 * year, and always accepts `YYYY-MM-DD` too.
 */

/**
 * The regional variant a language's dates are written in. English is British English: the
 * platform serves Europe, where the day comes first and the week starts on Monday.
 */
const regions: Record<string, string> = { nl: 'nl-NL', en: 'en-GB', de: 'de-DE', ru: 'ru-RU', uk: 'uk-UA' }

export function dateLocaleTag(locale: string): string {
  return regions[locale] ?? locale
}

type Part = 'day' | 'month' | 'year'

const formats = new Map<string, Intl.DateTimeFormat>()

function numericFormat(locale: string): Intl.DateTimeFormat {
  let format = formats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(dateLocaleTag(locale), {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    })
    formats.set(locale, format)
  }
  return format
}

/** The order of day, month and year in the language's numeric dates. */
export function dateOrder(locale: string): Part[] {
  return numericFormat(locale)
    .formatToParts(Date.UTC(2026, 11, 31))
    .map((p) => p.type)
    .filter((type): type is Part => type === 'day' || type === 'month' || type === 'year')
}

/** `2026-12-31` as `31-12-2026` (Dutch); empty for no date or one that is not a real date. */
export function formatDateInput(iso: string | undefined, locale: string): string {
  const date = iso ? isoToUtc(iso) : undefined
  return date === undefined ? '' : numericFormat(locale).format(date)
}

/** The letters a language writes for day, month and year in a date pattern (`dd-mm-jjjj`). */
const englishLetters: Record<Part, string> = { day: 'd', month: 'm', year: 'y' }
const patternLetters: Record<string, Record<Part, string>> = {
  nl: { day: 'd', month: 'm', year: 'j' },
  en: englishLetters,
  de: { day: 'T', month: 'M', year: 'J' },
  ru: { day: 'Д', month: 'М', year: 'Г' },
  uk: { day: 'Д', month: 'М', year: 'Р' },
}

/**
 * The language's date pattern as a placeholder that shows the order: `dd-mm-jjjj` in Dutch,
 * `TT.MM.JJJJ` in German. Not an example date: a real-looking date in an empty filter reads as a
 * date that is set (and `31-12-2026` was weeks ahead of the data it seemed to filter).
 */
export function datePlaceholder(locale: string): string {
  const letters = patternLetters[locale] ?? englishLetters
  return numericFormat(locale)
    .formatToParts(Date.UTC(2026, 11, 31))
    .map((p) => {
      if (p.type === 'day' || p.type === 'month') return letters[p.type].repeat(2)
      if (p.type === 'year') return letters.year.repeat(4)
      return p.value
    })
    .join('')
}

/**
 * What was typed as `YYYY-MM-DD`: `undefined` for an empty field, `null` while it is not (yet) a
 * real date. Accepts the language's order with any of `-`, `.`, `/` or spaces between the numbers,
 * one or two digits for day and month, two (20xx) or four for the year, and `YYYY-MM-DD` itself.
 */
export function parseDateInput(text: string, locale: string): string | null | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed)
  if (iso) return toIso(Number(iso[1]), Number(iso[2]), Number(iso[3]))
  const numbers = /^(\d{1,4})[-./\s]+(\d{1,4})[-./\s]+(\d{1,4})\.?$/.exec(trimmed)
  if (!numbers) return null
  const order = dateOrder(locale)
  const value = (part: Part) => numbers[order.indexOf(part) + 1] ?? ''
  const year = value('year')
  if (year.length !== 2 && year.length !== 4) return null
  if (value('day').length > 2 || value('month').length > 2) return null
  return toIso(Number(year.length === 2 ? `20${year}` : year), Number(value('month')), Number(value('day')))
}

/** A real calendar date as `YYYY-MM-DD`, or null (31 February is not one). */
function toIso(year: number, month: number, day: number): string | null {
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > 31) return null
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCMonth() !== month - 1) return null
  return date.toISOString().slice(0, 10)
}

function isoToUtc(iso: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (!match) return undefined
  const checked = toIso(Number(match[1]), Number(match[2]), Number(match[3]))
  return checked === null ? undefined : Date.parse(`${checked}T00:00:00Z`)
}

/** `YYYY-MM-DD` as a local calendar day (midnight here), as a day picker shows it. */
export function isoToLocalDate(iso: string | undefined): Date | undefined {
  const utc = iso ? isoToUtc(iso) : undefined
  if (utc === undefined) return undefined
  const date = new Date(utc)
  return new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())
}

/** A day picked in a day picker (local midnight) as `YYYY-MM-DD`. */
export function localDateToIso(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}
