import { useLingui } from '@lingui/react/macro'
import { SearchIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'
import { isIsoDate } from './search.ts'

/** Waits until typing pauses before passing the value on. */
function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

/** A search box that passes on what was typed once typing pauses; the URL stays the truth. */
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
  const debounced = useDebounced(text)
  // Follow the URL when it changes from outside (back button, a cleared filter).
  useEffect(() => setText(value), [value])
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled change is passed on
  useEffect(() => {
    if (debounced.trim() !== value) onChange(debounced.trim())
  }, [debounced])
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} className="text-[13px] text-muted-foreground">
        {label}
      </Label>
      <div className="relative">
        <SearchIcon
          aria-hidden="true"
          className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
          className="pl-9"
          data-testid={testId}
        />
      </div>
    </div>
  )
}

/**
 * A date picked with the browser's own calendar. A complete date (or clearing the field) is
 * passed on; half-typed input waits.
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
  const { t } = useLingui()
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} className="text-[13px] text-muted-foreground">
        {label}
      </Label>
      <Input
        id={id}
        type="date"
        value={value ?? ''}
        min={min}
        max={max}
        title={t`Pick a date`}
        onChange={(e) => {
          const next = e.target.value
          if (next === '') onChange(undefined)
          else if (isIsoDate(next)) onChange(next)
        }}
        data-testid={testId}
      />
    </div>
  )
}
