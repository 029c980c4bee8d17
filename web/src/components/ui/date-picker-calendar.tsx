import { use } from 'react'
import type { DayPickerLocale } from 'react-day-picker'
import { Calendar } from '~/components/ui/calendar.tsx'
import { isoToLocalDate, localDateToIso } from '~/lib/date-input.ts'

/**
 * The calendar of a date picker, loaded when it is first opened: react-day-picker and the
 * language's date-fns locale (month and weekday names, first day of the week, the buttons'
 * accessible names) stay out of the pages' own code.
 */
const loaders: Record<string, () => Promise<DayPickerLocale>> = {
  nl: () => import('react-day-picker/locale/nl').then((m) => m.nl),
  en: () => import('react-day-picker/locale/en-GB').then((m) => m.enGB),
  de: () => import('react-day-picker/locale/de').then((m) => m.de),
  ru: () => import('react-day-picker/locale/ru').then((m) => m.ru),
  uk: () => import('react-day-picker/locale/uk').then((m) => m.uk),
}

const loaded = new Map<string, Promise<DayPickerLocale | undefined>>()

function dayPickerLocale(locale: string): Promise<DayPickerLocale | undefined> {
  let promise = loaded.get(locale)
  if (!promise) {
    promise = (loaders[locale]?.() ?? Promise.resolve(undefined)).catch(() => undefined)
    loaded.set(locale, promise)
  }
  return promise
}

export default function DatePickerCalendar({
  locale,
  value,
  min,
  max,
  onPick,
}: {
  locale: string
  value: string | undefined
  min?: string | undefined
  max?: string | undefined
  onPick: (value: string) => void
}) {
  const dateLocale = use(dayPickerLocale(locale))
  const selected = isoToLocalDate(value)
  const before = isoToLocalDate(min)
  const after = isoToLocalDate(max)
  return (
    <Calendar
      mode="single"
      locale={dateLocale}
      selected={selected}
      defaultMonth={selected ?? after}
      disabled={[...(before ? [{ before }] : []), ...(after ? [{ after }] : [])]}
      onSelect={(day) => day && onPick(localDateToIso(day))}
      autoFocus
    />
  )
}
