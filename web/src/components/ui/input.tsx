import type * as React from 'react'
import { cn } from '~/lib/utils.ts'

export function Input({ className, type = 'text', ...props }: React.ComponentProps<'input'>) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        'flex default:h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 default:text-sm shadow-xs',
        'placeholder:text-muted-foreground/80 transition-[border-color,box-shadow]',
        'focus-visible:border-primary-500 focus-visible:ring-[3px] focus-visible:ring-ring/25 focus-visible:outline-none',
        'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70',
        'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
        'file:border-0 file:bg-transparent file:text-sm file:font-medium',
        className,
      )}
      {...props}
    />
  )
}
