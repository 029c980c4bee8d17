import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { AlertTriangleIcon, PlusIcon, ReceiptTextIcon, SearchIcon, UploadIcon } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import type { Program } from '~/components/programs/queries.ts'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { Pagination } from '~/components/shared/pagination.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { Input } from '~/components/ui/input.tsx'
import { formatMoney } from '~/lib/money.ts'
import { cn } from '~/lib/utils.ts'
import { ImportBillsDialog } from './import-bills-dialog.tsx'
import { IssueBillDialog } from './issue-bill-dialog.tsx'
import { BillStatusBadge, billStatusNames } from './labels.tsx'
import { type BillStatus, type BillsFilter, billStatuses, billsQueryOptions } from './queries.ts'

/** A calendar date (`YYYY-MM-DD`) as the language writes it, without a time zone shift. */
export function useCalendarDate() {
  const { i18n } = useLingui()
  return (date: string) => {
    const [y, m, d] = date.split('-').map(Number)
    return new Intl.DateTimeFormat(i18n.locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)))
  }
}

/**
 * The bills of a credit management program on its page: filter by state, search by number, holder
 * or reference, newest first; each opens its detail. The owner issues new ones here once the program
 * is active.
 */
export function CreditBillsSection({ program, canIssue }: { program: Program; canIssue: boolean }) {
  const { i18n } = useLingui()
  const hydrated = useHydrated()
  const calendarDate = useCalendarDate()
  const searchId = useId()
  const [filter, setFilter] = useState<BillsFilter>({ program: program.uuid, page: 1 })
  const [text, setText] = useState('')
  const [issuing, setIssuing] = useState(false)
  const [importing, setImporting] = useState(false)
  const bills = useQuery(billsQueryOptions(filter))

  useEffect(() => {
    const timer = setTimeout(
      () => setFilter((f) => (f.search === text ? f : { ...f, search: text, page: 1 })),
      300,
    )
    return () => clearTimeout(timer)
  }, [text])

  const tabs: { value: BillStatus | undefined; label: string }[] = [
    { value: undefined, label: i18n._(msg`All`) },
    ...billStatuses.map((s) => ({ value: s, label: i18n._(billStatusNames[s]) })),
  ]

  return (
    <Card data-testid="credit-bills">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>
            <Trans>Bills</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>Bills issued to card holders, with what is open and the reminders they get.</Trans>
          </CardDescription>
        </div>
        {canIssue && (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              onClick={() => setImporting(true)}
              disabled={!hydrated}
              data-testid="import-bills"
            >
              <UploadIcon aria-hidden="true" />
              <Trans>Import CSV</Trans>
            </Button>
            <Button onClick={() => setIssuing(true)} disabled={!hydrated} data-testid="issue-bill">
              <PlusIcon aria-hidden="true" />
              <Trans>Issue a bill</Trans>
            </Button>
          </div>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        <fieldset className="flex flex-wrap items-center gap-2" aria-label={i18n._(msg`Filter by state`)}>
          {tabs.map((tab) => (
            <Button
              key={tab.value ?? 'all'}
              size="sm"
              variant={filter.status === tab.value ? 'primary' : 'outline'}
              aria-pressed={filter.status === tab.value}
              onClick={() => setFilter((f) => ({ ...f, status: tab.value, page: 1 }))}
              data-testid={`bills-filter-${tab.value ?? 'all'}`}
            >
              {tab.label}
            </Button>
          ))}
        </fieldset>
        <div className="relative sm:max-w-sm">
          <label htmlFor={searchId} className="sr-only">
            <Trans>Search bills</Trans>
          </label>
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            className="pl-9"
            placeholder={i18n._(msg`Number, holder or reference`)}
            value={text}
            onChange={(e) => setText(e.target.value)}
            data-testid="bills-search"
          />
        </div>
        {bills.isPending ? (
          <RowsSkeleton rows={4} />
        ) : bills.isError ? (
          <LoadError onRetry={() => bills.refetch()} />
        ) : bills.data.results.length === 0 ? (
          <EmptyState icon={ReceiptTextIcon}>
            {filter.status || filter.search ? (
              <Trans>No bill matches.</Trans>
            ) : (
              <Trans>No bills yet. Issued bills appear here with their state.</Trans>
            )}
          </EmptyState>
        ) : (
          <>
            <ul className={cn('grid divide-y rounded-lg border', bills.isPlaceholderData && 'opacity-60')}>
              {bills.data.results.map((bill) => (
                <li key={bill.uuid} data-testid="bill-row" data-status={bill.status}>
                  <Link
                    to="/programs/$uuid/bills/$bill"
                    params={{ uuid: program.uuid, bill: bill.uuid }}
                    className="grid gap-1 px-4 py-3 hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-none sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4"
                  >
                    <div className="grid min-w-0 gap-0.5">
                      <p className="flex flex-wrap items-center gap-2">
                        <span className="font-medium" data-testid="bill-number">
                          {bill.number}
                        </span>
                        <BillStatusBadge status={bill.status} />
                        {bill.reminders_stopped && (
                          <span className="inline-flex items-center gap-1 text-[13px] text-destructive">
                            <AlertTriangleIcon aria-hidden="true" className="size-3.5" />
                            <Trans>Reminders stopped</Trans>
                          </span>
                        )}
                      </p>
                      <p className="truncate text-sm text-muted-foreground">
                        {bill.holder.name || bill.holder.email}
                        {' · '}
                        <Trans>due {calendarDate(bill.due_date)}</Trans>
                      </p>
                    </div>
                    <div className="flex gap-3 text-sm sm:grid sm:justify-items-end sm:gap-0.5">
                      <span className="font-medium tabular-nums">
                        {formatMoney(bill.total + bill.penalties, bill.currency, i18n.locale)}
                      </span>
                      {bill.open_amount > 0 && bill.status !== 'archived' && (
                        <span className="text-muted-foreground tabular-nums">
                          <Trans>{formatMoney(bill.open_amount, bill.currency, i18n.locale)} open</Trans>
                        </span>
                      )}
                    </div>
                  </Link>
                </li>
              ))}
            </ul>
            <Pagination
              page={filter.page}
              pages={bills.data.pages}
              count={bills.data.count}
              onPageChange={(page) => setFilter((f) => ({ ...f, page }))}
              disabled={bills.isFetching}
            />
          </>
        )}
      </CardContent>
      {issuing && <IssueBillDialog program={program} onClose={() => setIssuing(false)} />}
      {importing && <ImportBillsDialog program={program.uuid} onClose={() => setImporting(false)} />}
    </Card>
  )
}
