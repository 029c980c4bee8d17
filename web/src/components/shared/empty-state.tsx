import type { LucideIcon } from 'lucide-react'
import { isValidElement, type ReactElement, type ReactNode } from 'react'
import { cn } from '~/lib/utils.ts'

/**
 * What a screen or a section shows while it has nothing to show. With a `title` it is the screen's
 * own empty state: an icon, one line saying so and one saying what will appear here. Without, it
 * is the quiet box inside a section (an optional icon and one line). Honest, never placeholder text.
 * `icon` is a Lucide icon component or an element drawn as is.
 */
export function EmptyState({
  icon,
  title,
  children,
  className,
}: {
  icon?: LucideIcon | ReactElement
  title?: ReactNode
  children?: ReactNode
  className?: string
}) {
  if (title === undefined) {
    return (
      <div
        data-testid="empty-state"
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground',
          className,
        )}
      >
        {iconElement(icon, 'size-6')}
        {children}
      </div>
    )
  }
  return (
    <div
      data-testid="empty-state"
      className={cn(
        'flex flex-col items-center justify-center rounded-xl border border-dashed bg-background px-6 py-16 text-center',
        className,
      )}
    >
      {icon && (
        <span className="grid size-12 place-content-center rounded-full bg-primary-50 text-primary-600">
          {iconElement(icon, 'size-6')}
        </span>
      )}
      <h2 className="mt-4 text-base font-semibold">{title}</h2>
      {children && <p className="mt-1.5 max-w-md text-sm text-muted-foreground">{children}</p>}
    </div>
  )
}

function iconElement(icon: LucideIcon | ReactElement | undefined, className: string): ReactNode {
  if (!icon || isValidElement(icon)) return icon
  const Icon = icon
  return <Icon aria-hidden="true" className={className} />
}
