import { Trans } from '@lingui/react/macro'
import { AlertTriangleIcon, RotateCwIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { Skeleton } from '~/components/ui/skeleton.tsx'
import { ApiError } from '~/lib/api.ts'

/** Something could not be loaded: say so and offer another try. */
export function LoadError({ onRetry, children }: { onRetry?: () => void; children?: ReactNode }) {
  return (
    <div
      role="alert"
      data-testid="load-error"
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-destructive/40 px-4 py-8 text-center text-sm"
    >
      <AlertTriangleIcon aria-hidden="true" className="size-6 text-destructive" />
      <p>{children ?? <Trans>This could not be loaded.</Trans>}</p>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCwIcon aria-hidden="true" />
          <Trans>Try again</Trans>
        </Button>
      )}
    </div>
  )
}

/** Placeholder rows while a table loads. */
export function RowsSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="grid gap-2" data-testid="rows-skeleton">
      <span className="sr-only">
        <Trans>Loading…</Trans>
      </span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  )
}

/** What a failed ledger call says to the reader: a date the API refused, or a plain failure. */
export function LoadFailure({ error }: { error: unknown }) {
  if (error instanceof ApiError && error.status === 400) {
    return <Trans>The ledger refused these filters. Check the dates and try again.</Trans>
  }
  return <Trans>The ledger could not be loaded.</Trans>
}
