import type * as React from 'react'
import { cn } from '~/lib/utils.ts'

/**
 * A checkbox: the browser's own, drawn in the app's style. `checked` and `onCheckedChange` as on
 * Radix's Checkbox, which it replaces (its state machine, presence and size observers were most
 * of a guest page's work for one box); `data-state` tells checked from unchecked as there.
 */
export function Checkbox({
  className,
  checked,
  onCheckedChange,
  onChange,
  ...props
}: Omit<React.ComponentProps<'input'>, 'type' | 'checked'> & {
  checked?: boolean
  onCheckedChange?: (checked: boolean) => void
}) {
  return (
    <input
      type="checkbox"
      data-slot="checkbox"
      data-state={checked ? 'checked' : 'unchecked'}
      checked={checked}
      onChange={(event) => {
        onChange?.(event)
        onCheckedChange?.(event.target.checked)
      }}
      className={cn(
        'peer size-4.5 shrink-0 appearance-none rounded-[5px] border border-input bg-background shadow-xs',
        'bg-center bg-no-repeat bg-size-[14px] transition-[background-color,border-color,box-shadow]',
        'focus-visible:ring-[3px] focus-visible:ring-ring/30 focus-visible:outline-none',
        'checked:border-primary-500 checked:bg-primary-500 checked:bg-check-mark',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  )
}
