import type * as React from 'react'
import { cn } from '~/lib/utils.ts'

/**
 * A form label. As Radix's Label does (which it replaces to keep Radix off pages that need only
 * labels): a double click on the label's text does not select it, a press on a control inside it
 * is left alone.
 */
export function Label({ className, onMouseDown, ...props }: React.ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the caller gives htmlFor or puts the control inside
    <label
      data-slot="label"
      className={cn(
        'flex items-center gap-2 default:text-sm/none default:font-medium default:text-foreground select-none',
        'peer-disabled:cursor-not-allowed peer-disabled:opacity-60 group-data-[disabled=true]:opacity-60',
        className,
      )}
      {...props}
      onMouseDown={(event) => {
        if ((event.target as Element).closest('button, input, select, textarea')) return
        onMouseDown?.(event)
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault()
      }}
    />
  )
}
