import { cva, type VariantProps } from 'class-variance-authority'
import type * as React from 'react'
import { Slot } from '~/components/ui/slot.tsx'
import { cn } from '~/lib/utils.ts'

export const buttonVariants = cva(
  [
    // `default:`: what a caller may change with a class of its own (lib/utils.ts, cn).
    'inline-flex shrink-0 items-center default:justify-center default:gap-2 default:whitespace-nowrap rounded-md font-medium',
    'transition-[color,background-color,border-color,box-shadow] select-none',
    'focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none',
    'disabled:pointer-events-none disabled:opacity-55 aria-busy:cursor-progress',
    '[&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  ],
  {
    variants: {
      variant: {
        primary:
          'bg-primary text-primary-foreground shadow-sm shadow-primary-900/10 hover:bg-primary-700 active:bg-primary-800',
        secondary: 'bg-primary-50 text-primary-800 hover:bg-primary-100 active:bg-primary-200',
        outline: 'border border-input bg-background shadow-xs hover:bg-muted hover:text-foreground',
        ghost: 'default:text-foreground hover:bg-muted',
        destructive:
          'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90 focus-visible:ring-destructive/40',
        link: 'default:text-primary-600 underline-offset-4 hover:underline',
      },
      size: {
        sm: 'default:h-8 default:px-3 text-[13px]',
        md: 'default:h-10 default:px-4 text-sm',
        lg: 'default:h-11 default:px-5 text-[15px]',
        icon: 'default:size-10 text-sm',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
)

/**
 * `variant={null}` for a button in colours of its own (a provider's page, the update banner): the
 * caller's background and text classes then meet none of a variant's.
 */
export interface ButtonProps extends React.ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  /** Render the child element (a link, say) with the button's look instead of a `<button>`. */
  asChild?: boolean
}

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button'
  return (
    <Component
      data-slot="button"
      type={asChild ? type : (type ?? 'button')}
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  )
}
