import { useLingui } from '@lingui/react/macro'
import { CalendarIcon } from 'lucide-react'
import { lazy, type Ref, type RefObject, Suspense, useEffect, useRef, useState } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { datePlaceholder, formatDateInput, parseDateInput } from '~/lib/date-input.ts'
import { cn } from '~/lib/utils.ts'

const loadPopover = () => import('./date-picker-calendar.tsx')
const DatePickerPopover = lazy(() => loadPopover().then((m) => ({ default: m.DatePickerPopover })))

/**
 * A date field: typed in the interface language's notation (`31-12-2026` in Dutch; `YYYY-MM-DD`
 * is understood too) or picked from a calendar (react-day-picker, localized, keyboard usable; the
 * popover and calendar load when first wanted, so a page with date fields carries only the
 * field). `value` and `onChange` speak `YYYY-MM-DD`, as the URL and the API do. A complete date,
 * or an emptied field, is passed on as it is typed; a half-typed one waits, and leaving the field
 * with something that is not a date puts the last date back. Alt+↓ opens the calendar from the
 * field. In a react-hook-form field it takes `ref`, `name` and `onBlur` as an input does.
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
  ref,
  name,
  onBlur,
  autoComplete = 'off',
  years = false,
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
  ref?: Ref<HTMLInputElement>
  name?: string
  onBlur?: () => void
  autoComplete?: string
  /** Month and year menus in the calendar, for dates years away (a birth date). */
  years?: boolean
  'aria-describedby'?: string
  'aria-invalid'?: boolean
  'aria-label'?: string
}) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const [text, setText] = useState(() => formatDateInput(value, locale))
  const [open, setOpen] = useState(false)
  // The popover's code is fetched the first time the calendar is wanted, and kept from then on.
  const [wanted, setWanted] = useState(false)
  const anchor = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)
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

  const openCalendar = (next: boolean) => {
    if (next) void loadPopover()
    setWanted(true)
    setOpen(next)
  }

  return (
    <>
      <div ref={anchor} className={cn('relative', className)}>
        <Input
          ref={mergeRefs(input, ref)}
          id={id}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete={autoComplete}
          value={text}
          placeholder={datePlaceholder(locale)}
          disabled={disabled}
          onChange={(e) => type(e.target.value)}
          onBlur={() => {
            settle()
            onBlur?.()
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') settle()
            if (e.altKey && e.key === 'ArrowDown') {
              e.preventDefault()
              openCalendar(true)
            }
          }}
          className="pr-10"
          data-testid={testId}
          {...aria}
        />
        <Button
          ref={trigger}
          variant="ghost"
          size="icon"
          disabled={disabled}
          className="absolute top-1/2 right-1 size-8 -translate-y-1/2 text-muted-foreground"
          aria-label={
            shown ? t`Choose a date in the calendar, now ${shown}` : t`Choose a date in the calendar`
          }
          aria-haspopup="dialog"
          aria-expanded={open}
          title={t`Choose a date in the calendar`}
          onPointerEnter={() => void loadPopover()}
          onFocus={() => void loadPopover()}
          onClick={() => openCalendar(!open)}
          data-testid={testId ? `${testId}-calendar` : undefined}
        >
          <CalendarIcon aria-hidden="true" />
        </Button>
      </div>
      {wanted && (
        <Suspense fallback={null}>
          <DatePickerPopover
            open={open}
            onOpenChange={setOpen}
            anchor={anchor}
            trigger={trigger}
            onClosed={() => input.current?.focus()}
            value={value}
            min={min}
            max={max}
            years={years}
            onPick={(picked) => {
              setOpen(false)
              setText(formatDateInput(picked, locale))
              if (picked !== value) onChange(picked)
            }}
          />
        </Suspense>
      )}
    </>
  )
}

/** One element, two refs: the field's own and the form's. */
function mergeRefs<T>(own: RefObject<T | null>, other: Ref<T> | undefined) {
  return (node: T | null) => {
    own.current = node
    if (typeof other === 'function') other(node)
    else if (other) other.current = node
  }
}
