import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowLeftIcon, FileTextIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { Pagination } from '~/components/shared/pagination.tsx'
import { LoadError } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { cn } from '~/lib/utils.ts'
import { BillsList, BillsSkeleton } from './bills-list.tsx'
import { billLoadErrorMessage } from './errors.ts'
import { billStatusNames } from './labels.tsx'
import { type BillStatus, type BillsFilter, billStatuses, billsQueryOptions } from './queries.ts'

/**
 * `/bills/all` (card-holder portal): every bill sent to the holder, open ones first, then the
 * newest, narrowed to one state with the filter; state and page live in the URL.
 */
export function AllBillsPage({
  filter,
  onFilterChange,
}: {
  filter: BillsFilter
  onFilterChange: (change: Partial<BillsFilter>) => void
}) {
  const { i18n, t } = useLingui()
  const bills = useQuery(billsQueryOptions(filter))

  return (
    <div className="grid grid-cols-1 gap-6" data-testid="all-bills-page">
      <Button variant="ghost" size="sm" asChild className="w-fit">
        <Link to="/bills" data-testid="bills-back">
          <ArrowLeftIcon aria-hidden="true" />
          <Trans>Bills to pay</Trans>
        </Link>
      </Button>
      <header className="grid gap-1">
        <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
          <Trans>All bills</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Every bill sent to you: to pay, paid and archived.</Trans>
        </p>
      </header>

      <fieldset className="flex flex-wrap gap-2" data-testid="bills-status-filter">
        <legend className="sr-only">
          <Trans>Show bills</Trans>
        </legend>
        <FilterButton
          pressed={!filter.status}
          onClick={() => onFilterChange({ status: undefined, page: 1 })}
          testId="bills-status-all"
        >
          <Trans>All</Trans>
        </FilterButton>
        {billStatuses.map((status) => (
          <FilterButton
            key={status}
            pressed={filter.status === status}
            onClick={() => onFilterChange({ status, page: 1 })}
            testId={`bills-status-${status}`}
          >
            {i18n._(billStatusNames[status])}
          </FilterButton>
        ))}
      </fieldset>

      {bills.isPending ? (
        <BillsSkeleton rows={5} />
      ) : bills.isError ? (
        <LoadError onRetry={() => bills.refetch()}>{i18n._(billLoadErrorMessage(bills.error))}</LoadError>
      ) : bills.data.results.length === 0 ? (
        <EmptyState icon={FileTextIcon}>
          {filter.page > 1 ? (
            <>
              <Trans>This page is past the last bill.</Trans>
              <Button variant="outline" size="sm" onClick={() => onFilterChange({ page: 1 })}>
                <Trans>First page</Trans>
              </Button>
            </>
          ) : filter.status ? (
            <NoneInState status={filter.status} />
          ) : (
            <Trans>No bills yet. Bills that businesses send you through Cardpay appear here.</Trans>
          )}
        </EmptyState>
      ) : (
        <section className="grid gap-4" aria-label={t`Bills`}>
          <p className="text-sm text-muted-foreground" data-testid="bills-count">
            <Plural value={bills.data.count} one="# bill" other="# bills" />
          </p>
          <BillsList bills={bills.data.results} label={t`Bills`} dimmed={bills.isPlaceholderData} />
          <Pagination
            page={filter.page}
            pages={bills.data.pages}
            count={bills.data.count}
            onPageChange={(page) => onFilterChange({ page })}
            disabled={bills.isFetching}
          />
        </section>
      )}
    </div>
  )
}

function NoneInState({ status }: { status: BillStatus }) {
  if (status === 'unpaid') return <Trans>No bills to pay.</Trans>
  if (status === 'overdue') return <Trans>No overdue bills.</Trans>
  if (status === 'paid') return <Trans>No paid bills yet.</Trans>
  return <Trans>No archived bills.</Trans>
}

function FilterButton({
  pressed,
  onClick,
  testId,
  children,
}: {
  pressed: boolean
  onClick: () => void
  testId: string
  children: ReactNode
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      data-testid={testId}
      className={cn(
        'h-8 rounded-full border px-3.5 text-[13px] font-medium transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none',
        pressed
          ? 'border-primary-600 bg-primary-600 text-white'
          : 'border-input bg-background text-foreground hover:bg-muted',
      )}
    >
      {children}
    </button>
  )
}
