import { Tabs as TabsPrimitive } from 'radix-ui'
import type * as React from 'react'
import { useId, useRef } from 'react'
import { cn } from '~/lib/utils.ts'
import { edgeAttributes, useScrollEdges } from './scroll-edges.ts'

export function Tabs({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Root>) {
  return (
    <TabsPrimitive.Root
      data-slot="tabs"
      className={cn('flex min-w-0 flex-col default:gap-3', className)}
      {...props}
    />
  )
}

export function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn(
        'inline-flex h-10 default:w-fit items-center rounded-lg bg-muted p-1 text-muted-foreground',
        className,
      )}
      {...props}
    />
  )
}

export function TabsTrigger({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn(
        'inline-flex h-full flex-1 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap',
        'transition-[color,background-color,box-shadow] hover:text-foreground',
        'focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none',
        'disabled:pointer-events-none disabled:opacity-50',
        'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  )
}

export function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      className={cn('flex-1 focus-visible:outline-none', className)}
      {...props}
    />
  )
}

/**
 * The row that holds a tab list which may be wider than a phone: it scrolls sideways instead of
 * widening the page, fades at an edge beyond which more tabs lie, and opens with the chosen tab
 * (`reveal`, a selector) in view. The row itself takes keyboard focus, so arrow keys scroll it even
 * before the tab list has hydrated (until then Radix leaves every tab out of the tab order); a row
 * of links (`focusable={false}`) needs no focus of its own.
 */
export function TabsScroll({
  className,
  reveal = '[data-state=active]',
  focusable = true,
  ...props
}: React.ComponentProps<'div'> & { reveal?: string; focusable?: boolean }) {
  const row = useRef<HTMLDivElement>(null)
  const edges = useScrollEdges(row, reveal)
  return (
    <div
      ref={row}
      data-slot="tabs-scroll"
      {...edgeAttributes(edges)}
      tabIndex={focusable ? 0 : undefined}
      className={cn(
        'scroll-edges -mx-4 overflow-x-auto rounded-lg px-4 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none focus-visible:ring-inset sm:mx-0 sm:px-0',
        className,
      )}
      {...props}
    />
  )
}

/**
 * Tabs that filter one list (Programs, Users, Journals, a program's acceptors): every tab controls
 * the same panel, the list below, which the chosen tab labels. Radix points each tab at a panel of
 * its own, which such a screen never renders, so a screen reader would follow a dead reference.
 *
 *   const tabs = useFilterTabs(filter)
 *   <TabsTrigger value="all" {...tabs.trigger('all')}>…</TabsTrigger>
 *   <Card {...tabs.panel}>the filtered list</Card>
 */
export function useFilterTabs(value: string) {
  const base = useId()
  const tabId = (tab: string) => `${base}-tab-${tab}`
  const panelId = `${base}-panel`
  return {
    trigger: (tab: string) => ({ id: tabId(tab), 'aria-controls': panelId }),
    panel: { id: panelId, role: 'tabpanel', 'aria-labelledby': tabId(value) } as const,
  }
}
