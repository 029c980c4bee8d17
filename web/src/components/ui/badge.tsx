import { cva, type VariantProps } from 'class-variance-authority'
import type * as React from 'react'
import { Slot } from '~/components/ui/slot.tsx'
import { cn } from '~/lib/utils.ts'

export const badgeVariants = cva(
  [
    'inline-flex w-fit shrink-0 items-center default:gap-1 rounded-full border px-2.5 default:py-0.5 text-xs font-medium whitespace-nowrap',
    'focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none [&_svg]:size-3',
  ],
  {
    variants: {
      variant: {
        primary: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-primary-50 text-primary-800',
        outline: 'border-border text-foreground',
        success: 'border-transparent bg-green-50 text-green-800',
        warning: 'border-transparent bg-amber-50 text-amber-800',
        destructive: 'border-transparent bg-red-50 text-red-700',
        muted: 'border-transparent bg-muted text-muted-foreground',
      },
    },
    defaultVariants: { variant: 'secondary' },
  },
)

export interface BadgeProps extends React.ComponentProps<'span'>, VariantProps<typeof badgeVariants> {
  asChild?: boolean
}

export function Badge({ className, variant, asChild = false, ...props }: BadgeProps) {
  const Component = asChild ? Slot : 'span'
  return <Component data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />
}
