import type * as React from 'react'
import { type RefObject, useEffect, useRef, useState } from 'react'
import { cn } from '~/lib/utils.ts'

/**
 * Whether the element's content is wider than the element (it scrolls sideways), and whether
 * more of it lies to the right of what is shown, kept up to date.
 */
function useScrollsSideways(ref: RefObject<HTMLElement | null>): { scrolls: boolean; moreRight: boolean } {
  const [state, setState] = useState({ scrolls: false, moreRight: false })
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const check = () => {
      const scrolls = element.scrollWidth > element.clientWidth + 1
      const moreRight = scrolls && element.scrollLeft + element.clientWidth < element.scrollWidth - 1
      setState((old) =>
        old.scrolls === scrolls && old.moreRight === moreRight ? old : { scrolls, moreRight },
      )
    }
    check()
    const observer = new ResizeObserver(check)
    observer.observe(element)
    if (element.firstElementChild) observer.observe(element.firstElementChild)
    element.addEventListener('scroll', check, { passive: true })
    return () => {
      observer.disconnect()
      element.removeEventListener('scroll', check)
    }
  }, [ref])
  return state
}

/**
 * A table in a container that scrolls sideways when the table is wider than the screen (a phone),
 * so the page itself never does. While it scrolls, the container is a tab stop (named as the table
 * when the table has a name), so keyboard users can scroll it too. While columns lie beyond the
 * right edge, that edge fades out: on a phone the amounts are often the last columns, and a table
 * cut cleanly at a column border looked complete.
 */
export function Table({ className, ...props }: React.ComponentProps<'table'>) {
  const container = useRef<HTMLDivElement>(null)
  const { scrolls, moreRight } = useScrollsSideways(container)
  const label = props['aria-label']
  return (
    <div
      ref={container}
      data-slot="table-container"
      data-more-right={moreRight || undefined}
      className="relative w-full overflow-x-auto rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none data-[more-right]:[mask-image:linear-gradient(to_right,black_calc(100%-3rem),transparent)]"
      {...(scrolls ? { tabIndex: 0, ...(label ? { role: 'region', 'aria-label': label } : {}) } : {})}
    >
      <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  )
}

export function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return <thead data-slot="table-header" className={cn('[&_tr]:border-b', className)} {...props} />
}

export function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={cn('[&_tr:last-child]:border-0', className)} {...props} />
}

export function TableFooter({ className, ...props }: React.ComponentProps<'tfoot'>) {
  return (
    <tfoot
      data-slot="table-footer"
      className={cn('border-t bg-muted/60 font-medium [&>tr]:last:border-b-0', className)}
      {...props}
    />
  )
}

export function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return (
    <tr
      data-slot="table-row"
      className={cn(
        'border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-primary-50',
        className,
      )}
      {...props}
    />
  )
}

export function TableHead({ className, ...props }: React.ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      scope="col"
      className={cn(
        'h-10 px-3 default:text-left align-middle text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase',
        '[&:has([role=checkbox])]:pr-0',
        className,
      )}
      {...props}
    />
  )
}

export function TableCell({ className, ...props }: React.ComponentProps<'td'>) {
  return (
    <td
      data-slot="table-cell"
      className={cn('p-3 align-middle default:whitespace-nowrap [&:has([role=checkbox])]:pr-0', className)}
      {...props}
    />
  )
}

export function TableCaption({ className, ...props }: React.ComponentProps<'caption'>) {
  return (
    <caption
      data-slot="table-caption"
      className={cn('mt-4 text-sm text-muted-foreground', className)}
      {...props}
    />
  )
}
