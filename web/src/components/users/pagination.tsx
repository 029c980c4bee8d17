import { Trans, useLingui } from '@lingui/react/macro'
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { Button } from '~/components/ui/button.tsx'

/** Previous and next page of a list in the API's wrapper, with where we are. */
export function Pagination({
  page,
  pages,
  count,
  onPageChange,
  disabled,
}: {
  page: number
  pages: number
  count: number
  onPageChange: (page: number) => void
  disabled?: boolean
}) {
  const { t } = useLingui()
  if (pages <= 1) return null
  return (
    <nav
      aria-label={t`Pages`}
      className="flex items-center justify-between gap-3 pt-4 text-sm"
      data-testid="pagination"
    >
      <p className="text-muted-foreground">
        <Trans>
          Page {page} of {pages} · {count} in total
        </Trans>
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeftIcon aria-hidden="true" />
          <Trans>Previous</Trans>
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || page >= pages}
          onClick={() => onPageChange(page + 1)}
        >
          <Trans>Next</Trans>
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  )
}
