import { SearchIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { DatePicker } from '~/components/ui/date-picker.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'

/**
 * A search box that passes on what was typed once typing pauses (300 ms). The URL stays the truth:
 * a change from outside (back button, cleared filters) replaces the text and drops a pending
 * keystroke, while the box's own change coming back through the URL leaves typing undisturbed.
 */
export function SearchField({
  id,
  label,
  value,
  onChange,
  testId,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  testId?: string
}) {
  const [text, setText] = useState(value)
  const passedOn = useRef(value)
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => {
    if (value === passedOn.current) return
    clearTimeout(pending.current)
    passedOn.current = value
    setText(value)
  }, [value])
  useEffect(() => () => clearTimeout(pending.current), [])
  const input = useRef<HTMLInputElement>(null)
  const type = (next: string) => {
    setText(next)
    clearTimeout(pending.current)
    pending.current = setTimeout(() => {
      const settled = next.trim()
      if (settled === passedOn.current) return
      passedOn.current = settled
      onChange(settled)
    }, 300)
  }
  // What was typed before the page was hydrated is in the field but not in React's state: keep it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const typed = input.current?.value ?? ''
    if (typed !== text) type(typed)
  }, [])
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} className="text-[13px]/normal text-muted-foreground">
        {label}
      </Label>
      <div className="relative">
        <SearchIcon
          aria-hidden="true"
          className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          ref={input}
          id={id}
          type="search"
          value={text}
          maxLength={100}
          onChange={(e) => type(e.target.value)}
          className="pl-9"
          data-testid={testId}
        />
      </div>
    </div>
  )
}

/**
 * A labelled date filter: typed in the interface language's notation or picked from a calendar
 * (`ui/date-picker.tsx`), passed on as `YYYY-MM-DD` once complete (or cleared).
 */
export function DateField({
  id,
  label,
  value,
  onChange,
  min,
  max,
  testId,
}: {
  id: string
  label: string
  value: string | undefined
  onChange: (value: string | undefined) => void
  min?: string | undefined
  max?: string | undefined
  testId?: string
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} className="text-[13px]/normal text-muted-foreground">
        {label}
      </Label>
      <DatePicker id={id} value={value} min={min} max={max} onChange={onChange} testId={testId} />
    </div>
  )
}
