import type * as React from 'react'
import { useRef } from 'react'
import { cn } from '~/lib/utils.ts'
import { edgeAttributes, useScrollEdges } from './scroll-edges.ts'

/**
 * Where a cell goes when its table stacks its rows on a phone (`<Table stack>`, below `sm`): `title`
 * and `amount` share the first line (the title takes what the amount leaves, the amount stays
 * whole at the right), the other cells follow beneath in small print, `action` at the end of them,
 * `hidden` not at all. The styles are in styles/app.css (`table[data-stack]`).
 */
export type PhonePlace = 'title' | 'amount' | 'action' | 'hidden'

/** A cell's attributes for its place on a phone, and the label shown before its value there. */
function phoneAttributes(phone: PhonePlace | undefined, phoneLabel: string | undefined) {
  return { 'data-phone': phone, 'data-label': phoneLabel }
}

/**
 * A table in a container that scrolls sideways when the table is wider than the screen (a phone),
 * so the page itself never does. While it scrolls, the container is a tab stop (named as the table
 * when the table has a name), so keyboard users can scroll it too. While columns lie beyond an
 * edge, that edge fades out: a table cut cleanly at a column border looked complete.
 *
 * With `stack`, a phone (below `sm`) shows each row as a compact item instead: its `title` cell
 * and its `amount` on the first line, the other cells beneath (each cell's `phone` place). It stays
 * a table to assistive technology: the header row is only visually hidden (shown while keyboard
 * focus is in it, as for a sort button), so every cell keeps its column header.
 */
export function Table({
  className,
  stack = false,
  ...props
}: React.ComponentProps<'table'> & { stack?: boolean }) {
  const container = useRef<HTMLDivElement>(null)
  const edges = useScrollEdges(container)
  const label = props['aria-label']
  return (
    <div
      ref={container}
      data-slot="table-container"
      {...edgeAttributes(edges)}
      className="scroll-edges relative w-full overflow-x-auto rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none focus-visible:ring-inset"
      {...(edges.scrolls ? { tabIndex: 0, ...(label ? { role: 'region', 'aria-label': label } : {}) } : {})}
    >
      <table
        data-slot="table"
        data-stack={stack || undefined}
        className={cn('w-full caption-bottom text-sm', className)}
        {...props}
      />
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

/** A cell's place in a stacked table on a phone, and the label shown before its value there. */
interface PhoneProps {
  phone?: PhonePlace
  phoneLabel?: string
}

export function TableHead({
  className,
  phone,
  phoneLabel,
  ...props
}: React.ComponentProps<'th'> & PhoneProps) {
  return (
    <th
      data-slot="table-head"
      scope="col"
      {...phoneAttributes(phone, phoneLabel)}
      className={cn(
        'h-10 px-3 default:text-left align-middle text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase',
        '[&:has([role=checkbox])]:pr-0',
        className,
      )}
      {...props}
    />
  )
}

export function TableCell({
  className,
  phone,
  phoneLabel,
  ...props
}: React.ComponentProps<'td'> & PhoneProps) {
  return (
    <td
      data-slot="table-cell"
      {...phoneAttributes(phone, phoneLabel)}
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
