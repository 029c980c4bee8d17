import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '~/lib/utils.ts'

/**
 * What a screen shows while it has nothing to show: an icon, one line saying so and one saying
 * what will appear here. Honest, never placeholder text.
 */
export function EmptyState({
  icon: Icon,
  title,
  children,
  className,
}: {
  icon: LucideIcon
  title: ReactNode
  children?: ReactNode
  className?: string
}) {
  return (
    <div
      data-testid="empty-state"
      className={cn(
        'flex flex-col items-center justify-center rounded-xl border border-dashed bg-background px-6 py-16 text-center',
        className,
      )}
    >
      <span className="grid size-12 place-content-center rounded-full bg-primary-50 text-primary-600">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-4 text-base font-semibold">{title}</h2>
      {children && <p className="mt-1.5 max-w-md text-sm text-muted-foreground">{children}</p>}
    </div>
  )
}
