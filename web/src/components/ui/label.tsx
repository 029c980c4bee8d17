import { Label as LabelPrimitive } from 'radix-ui'
import type * as React from 'react'
import { cn } from '~/lib/utils.ts'

export function Label({ className, ...props }: React.ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn(
        'flex items-center gap-2 default:text-sm/none default:font-medium default:text-foreground select-none',
        'peer-disabled:cursor-not-allowed peer-disabled:opacity-60 group-data-[disabled=true]:opacity-60',
        className,
      )}
      {...props}
    />
  )
}
