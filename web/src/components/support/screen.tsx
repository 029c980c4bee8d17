import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '~/lib/utils.ts'

/**
 * The frame of the orientation screens open to everyone (help, support, gratitude, greeting): the
 * screen's title and one line of what it is for, then its content. Narrow enough to read in the
 * portal frame; the guest frame is narrower still.
 */
export function InfoScreen({
  icon: Icon,
  title,
  lead,
  children,
  className,
  testId,
}: {
  icon?: LucideIcon
  title: ReactNode
  lead?: ReactNode
  children: ReactNode
  className?: string
  testId?: string
}) {
  return (
    <section
      aria-labelledby="screen-title"
      data-testid={testId}
      className={cn('mx-auto grid w-full max-w-2xl grid-cols-1 gap-6', className)}
    >
      <header className="grid gap-2">
        {Icon && (
          <span className="grid size-11 place-content-center rounded-full bg-primary-50 text-primary-700">
            <Icon aria-hidden="true" className="size-5" />
          </span>
        )}
        <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
          {title}
        </h1>
        {lead && <p className="text-sm leading-relaxed text-muted-foreground">{lead}</p>}
      </header>
      {children}
    </section>
  )
}
