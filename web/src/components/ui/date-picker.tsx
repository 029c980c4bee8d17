import { useLingui } from '@lingui/react/macro'
import { CalendarIcon, LoaderCircleIcon } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Popover, PopoverAnchor, PopoverContent, PopoverTrigger } from '~/components/ui/popover.tsx'
import { datePlaceholder, formatDateInput, parseDateInput } from '~/lib/date-input.ts'
import { cn } from '~/lib/utils.ts'

const loadCalendar = () => import('./date-picker-calendar.tsx')
const DatePickerCalendar = lazy(loadCalendar)

/**
 * A date field: typed in the interface language's notation (`31-12-2026` in Dutch; `YYYY-MM-DD`
 * is understood too) or picked from a calendar (react-day-picker, localized, keyboard usable,
 * loaded when first opened). `value` and `onChange` speak `YYYY-MM-DD`, as the URL and the API do.
 * A complete date, or an emptied field, is passed on as it is typed; a half-typed one waits, and
 * leaving the field with something that is not a date puts the last date back. Alt+↓ opens the
 * calendar from the field.
 */
export function DatePicker({
  id,
  value,
  onChange,
  min,
  max,
  disabled,
  className,
  testId,
  ...aria
}: {
  id?: string
  value: string | undefined
  onChange: (value: string | undefined) => void
  /** The first and last date the calendar offers. */
  min?: string | undefined
  max?: string | undefined
  disabled?: boolean
  className?: string
  testId?: string
  'aria-describedby'?: string
  'aria-invalid'?: boolean
  'aria-label'?: string
}) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const [text, setText] = useState(() => formatDateInput(value, locale))
  const [open, setOpen] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const shownLocale = useRef(locale)

  // Follow a date set from outside (a preset, cleared filters, the back button) or another
  // language, but leave the text alone while it already means this date (typing in progress).
  useEffect(() => {
    const relocalized = shownLocale.current !== locale
    shownLocale.current = locale
    setText((current) =>
      !relocalized && parseDateInput(current, locale) === value ? current : formatDateInput(value, locale),
    )
  }, [value, locale])

  // What was typed before the page was hydrated is in the field but not in React's state: keep it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const typed = input.current?.value ?? ''
    if (typed !== text) type(typed)
  }, [])

  const type = (next: string) => {
    setText(next)
    const parsed = parseDateInput(next, locale)
    if (parsed === null || parsed === value) return
    onChange(parsed)
  }
  const settle = () => {
    const parsed = parseDateInput(text, locale)
    setText(formatDateInput(parsed === null ? value : parsed, locale))
  }
  const shown = formatDateInput(value, locale)

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverAnchor asChild>
        <div className={cn('relative', className)}>
          <Input
            ref={input}
            id={id}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={text}
            placeholder={datePlaceholder(locale)}
            disabled={disabled}
            onChange={(e) => type(e.target.value)}
            onBlur={settle}
            onKeyDown={(e) => {
              if (e.key === 'Enter') settle()
              if (e.altKey && e.key === 'ArrowDown') {
                e.preventDefault()
                setOpen(true)
              }
            }}
            className="pr-10"
            data-testid={testId}
            {...aria}
          />
          <PopoverTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              disabled={disabled}
              className="absolute top-1/2 right-1 size-8 -translate-y-1/2 text-muted-foreground"
              aria-label={
                shown ? t`Choose a date in the calendar, now ${shown}` : t`Choose a date in the calendar`
              }
              title={t`Choose a date in the calendar`}
              onPointerEnter={() => void loadCalendar()}
              onFocus={() => void loadCalendar()}
              data-testid={testId ? `${testId}-calendar` : undefined}
            >
              <CalendarIcon aria-hidden="true" />
            </Button>
          </PopoverTrigger>
        </div>
      </PopoverAnchor>
      <PopoverContent
        align="start"
        className="w-auto p-0"
        onCloseAutoFocus={(e) => {
          e.preventDefault()
          input.current?.focus()
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
          <DatePickerCalendar
            locale={locale}
            value={value}
            min={min}
            max={max}
            onPick={(picked) => {
              setOpen(false)
              setText(formatDateInput(picked, locale))
              if (picked !== value) onChange(picked)
            }}
          />
        </Suspense>
      </PopoverContent>
    </Popover>
  )
}
