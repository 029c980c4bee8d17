import type * as React from 'react'
import { cn } from '~/lib/utils.ts'

export function Textarea({ className, rows = 4, ...props }: React.ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      rows={rows}
      className={cn(
        'flex min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs',
        'placeholder:text-muted-foreground/80 transition-[border-color,box-shadow]',
        'focus-visible:border-primary-500 focus-visible:ring-[3px] focus-visible:ring-ring/25 focus-visible:outline-none',
        'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  )
}
