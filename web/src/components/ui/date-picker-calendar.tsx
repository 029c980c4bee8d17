import { useLingui } from '@lingui/react/macro'
import { LoaderCircleIcon } from 'lucide-react'
import { type RefObject, Suspense, use } from 'react'
import type { DayPickerLocale } from 'react-day-picker'
import { Calendar } from '~/components/ui/calendar.tsx'
import { Popover, PopoverAnchor, PopoverContent } from '~/components/ui/popover.tsx'
import { isoToLocalDate, localDateToIso } from '~/lib/date-input.ts'

/**
 * The calendar of a date picker in its popover, loaded when it is first wanted: the popover's
 * positioning and dismissal, react-day-picker and the language's date-fns locale (month and
 * weekday names, first day of the week, the buttons' accessible names) stay out of the pages' own
 * code. The popover sits under the field (`anchor`); the field's calendar button (`trigger`) opens
 * and closes it.
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

export interface DatePickerPopoverProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  anchor: RefObject<HTMLDivElement | null>
  trigger: RefObject<HTMLButtonElement | null>
  /** Called as the popover closes, to put focus back in the field. */
  onClosed: () => void
  value: string | undefined
  min?: string | undefined
  max?: string | undefined
  /** Month and year menus, for dates years away. */
  years?: boolean
  onPick: (value: string) => void
}

export function DatePickerPopover({
  open,
  onOpenChange,
  anchor,
  trigger,
  onClosed,
  ...calendar
}: DatePickerPopoverProps) {
  const { t } = useLingui()
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverAnchor virtualRef={anchor} />
      <PopoverContent
        align="start"
        className="w-auto p-0"
        aria-label={t`Calendar`}
        // The calendar button toggles the popover itself; a press on it is no press outside.
        onInteractOutside={(e) => {
          if (e.target instanceof Node && trigger.current?.contains(e.target)) e.preventDefault()
        }}
        onCloseAutoFocus={(e) => {
          e.preventDefault()
          onClosed()
        }}
      >
        <Suspense
          fallback={
            <div className="flex size-72 items-center justify-center text-muted-foreground">
              <LoaderCircleIcon aria-hidden="true" className="size-5 animate-spin" />
              <span className="sr-only">{t`Loading…`}</span>
            </div>
          }
        >
          <LocalizedCalendar {...calendar} />
        </Suspense>
      </PopoverContent>
    </Popover>
  )
}

function LocalizedCalendar({
  value,
  min,
  max,
  years,
  onPick,
}: Pick<DatePickerPopoverProps, 'value' | 'min' | 'max' | 'years' | 'onPick'>) {
  const { i18n } = useLingui()
  const dateLocale = use(dayPickerLocale(i18n.locale))
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
      {...(years && {
        captionLayout: 'dropdown' as const,
        startMonth: before ?? new Date(1900, 0),
        endMonth: after ?? new Date(new Date().getFullYear() + 10, 11),
      })}
      onSelect={(day) => day && onPick(localDateToIso(day))}
      autoFocus
    />
  )
}
