import { Trans, useLingui } from '@lingui/react/macro'
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '~/components/ui/button.tsx'

/**
 * Previous and next page with where we are ("Page 2 of 5 · 212 in total"), for a data table or a
 * list in the API's pages.
 */
export function DataTablePagination({
  page,
  pages,
  count,
  canPrevious,
  canNext,
  onPrevious,
  onNext,
  disabled,
  note,
}: {
  page: number
  pages: number
  count: number
  canPrevious: boolean
  canNext: boolean
  onPrevious: () => void
  onNext: () => void
  disabled?: boolean | undefined
  note?: ReactNode
}) {
  const { t } = useLingui()
  return (
    <nav
      aria-label={t`Pages`}
      className="flex flex-wrap items-center justify-between gap-3 pt-2 text-sm"
      data-testid="pagination"
    >
      <p className="text-muted-foreground">
        <Trans>
          Page {page} of {pages} · {count} in total
        </Trans>
        {note && <span className="block text-xs">{note}</span>}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={disabled || !canPrevious} onClick={onPrevious}>
          <ChevronLeftIcon aria-hidden="true" />
          <Trans>Previous</Trans>
        </Button>
        <Button variant="outline" size="sm" disabled={disabled || !canNext} onClick={onNext}>
          <Trans>Next</Trans>
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  )
}
