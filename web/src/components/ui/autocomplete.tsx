import { Trans } from '@lingui/react/macro'
import { CheckIcon, ChevronDownIcon } from 'lucide-react'
import * as React from 'react'
import { cn } from '~/lib/utils.ts'
import { filterOptions } from './autocomplete-filter.ts'

export { filterOptions }

export interface AutocompleteProps<T> {
  items: readonly T[]
  getLabel: (item: T) => string
  getKey: (item: T) => string
  /** Key of the chosen item, or null. */
  value: string | null
  onValueChange: (key: string | null, item: T | null) => void
  /** Only known items can be chosen (default). When false, typed text that matches nothing stays. */
  restricted?: boolean
  /** When not restricted: the typed text, for free input. */
  onTextChange?: (text: string) => void
  renderOption?: (item: T) => React.ReactNode
  id?: string
  name?: string
  placeholder?: string
  disabled?: boolean
  className?: string
  onBlur?: () => void
  'aria-invalid'?: boolean | 'true' | 'false'
  'aria-describedby'?: string
  'aria-label'?: string
  ref?: React.Ref<HTMLInputElement>
}

/**
 * A text input that suggests known items as you type (WAI-ARIA combobox with a listbox). Arrow keys
 * move through the suggestions, Enter picks the highlighted one (or the only match), Escape closes
 * the list and restores the chosen item, leaving the field puts back the chosen item's name when the
 * text names none.
 */
export function Autocomplete<T>({
  items,
  getLabel,
  getKey,
  value,
  onValueChange,
  restricted = true,
  onTextChange,
  renderOption,
  id,
  name,
  placeholder,
  disabled,
  className,
  onBlur,
  ref,
  ...aria
}: AutocompleteProps<T>) {
  const listId = React.useId()
  const selected = React.useMemo(
    () => (value === null ? undefined : items.find((item) => getKey(item) === value)),
    [items, value, getKey],
  )
  const selectedLabel = selected ? getLabel(selected) : restricted ? '' : (value ?? '')
  const [text, setText] = React.useState(selectedLabel)
  const [open, setOpen] = React.useState(false)
  // Open upwards when the field sits too low in the window for the list to fit below it.
  const [upwards, setUpwards] = React.useState(false)
  const root = React.useRef<HTMLDivElement>(null)
  const [active, setActive] = React.useState(-1)
  // Typing filters; opening the list on an already chosen item shows everything.
  const [query, setQuery] = React.useState('')

  // Follow the chosen item when it changes from outside (form reset, items loaded later).
  React.useEffect(() => {
    setText(selectedLabel)
  }, [selectedLabel])

  const { options, matches, showingAll } = filterOptions(items, query, getLabel, restricted)

  React.useLayoutEffect(() => {
    if (!open || !root.current) return
    const box = root.current.getBoundingClientRect()
    const below = window.innerHeight - box.bottom
    setUpwards(below < 300 && box.top > below)
  }, [open])

  React.useEffect(() => {
    if (!open || active < 0) return
    document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' })
  }, [open, active, listId])

  const choose = (item: T | null) => {
    setText(item ? getLabel(item) : '')
    setQuery('')
    setOpen(false)
    setActive(-1)
    onValueChange(item ? getKey(item) : null, item)
  }

  const restore = () => {
    setText(selectedLabel)
    setQuery('')
    setOpen(false)
    setActive(-1)
  }

  const openList = () => {
    if (disabled) return
    setOpen(true)
    const index = selected ? options.indexOf(selected) : -1
    setActive(index)
  }

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        if (!open) openList()
        else setActive((i) => Math.min(i + 1, options.length - 1))
        break
      case 'ArrowUp':
        event.preventDefault()
        if (!open) openList()
        else setActive((i) => Math.max(i - 1, 0))
        break
      case 'Home':
      case 'End':
        if (open && options.length) {
          event.preventDefault()
          setActive(event.key === 'Home' ? 0 : options.length - 1)
        }
        break
      case 'Enter': {
        const highlighted = open && active >= 0 ? options[active] : undefined
        const only = !showingAll && query.trim() && matches.length === 1 ? matches[0] : undefined
        const pick = highlighted ?? only
        if (pick !== undefined) {
          event.preventDefault()
          choose(pick)
        } else if (open) {
          event.preventDefault()
        }
        break
      }
      case 'Escape':
        if (open || text !== selectedLabel) {
          event.preventDefault()
          restore()
        }
        break
      case 'Tab':
        setOpen(false)
        break
    }
  }

  const onInputBlur = () => {
    const typed = text.trim()
    if (!typed) {
      if (value !== null) choose(null)
      else restore()
    } else if (typed !== selectedLabel) {
      const exact = items.find((item) => getLabel(item).toLocaleLowerCase() === typed.toLocaleLowerCase())
      if (exact !== undefined) choose(exact)
      else if (!restricted) setOpen(false)
      else restore()
    } else setOpen(false)
    onBlur?.()
  }

  return (
    <div ref={root} className={cn('relative', className)} data-slot="autocomplete">
      <input
        ref={ref}
        id={id}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={placeholder}
        disabled={disabled}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setQuery(event.target.value)
          setOpen(true)
          setActive(-1)
          if (!restricted) onTextChange?.(event.target.value)
        }}
        onClick={() => (open ? undefined : openList())}
        onKeyDown={onKeyDown}
        onBlur={onInputBlur}
        className={cn(
          'flex h-10 w-full min-w-0 rounded-md border border-input bg-background py-2 pr-9 pl-3 text-sm shadow-xs',
          'placeholder:text-muted-foreground/80 transition-[border-color,box-shadow]',
          'focus-visible:border-primary-500 focus-visible:ring-[3px] focus-visible:ring-ring/25 focus-visible:outline-none',
          'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70',
          'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
        )}
        {...aria}
      />
      <ChevronDownIcon
        aria-hidden="true"
        className={cn(
          'pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground transition-transform',
          open && 'rotate-180',
        )}
      />
      {open && (
        <div
          className={cn(
            'absolute z-50 w-full overflow-hidden rounded-lg border bg-background shadow-lg shadow-slate-900/10 animate-zoom-in',
            upwards ? 'bottom-full mb-1' : 'top-full mt-1',
          )}
        >
          {showingAll && (
            <p
              className="border-b px-3 py-2 text-xs text-muted-foreground"
              data-testid="autocomplete-no-match"
            >
              <Trans>Nothing matches; showing all.</Trans>
            </p>
          )}
          <div id={listId} role="listbox" tabIndex={-1} className="max-h-64 overflow-y-auto p-1">
            {options.map((item, index) => {
              const key = getKey(item)
              const isSelected = key === value
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant)
                <div
                  key={key}
                  id={`${listId}-${index}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={isSelected}
                  data-active={index === active || undefined}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(index)}
                  onClick={() => choose(item)}
                  className={cn(
                    'relative flex cursor-default items-center gap-2 rounded-md py-1.5 pr-8 pl-2 text-sm select-none',
                    'data-[active]:bg-muted aria-selected:font-medium',
                  )}
                >
                  {renderOption ? renderOption(item) : getLabel(item)}
                  {isSelected && (
                    <CheckIcon aria-hidden="true" className="absolute right-2 size-4 text-primary-600" />
                  )}
                </div>
              )
            })}
          </div>
        </div>
      )}
    </div>
  )
}
