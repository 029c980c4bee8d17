import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowRightIcon, FileCheckIcon } from 'lucide-react'
import { Money } from '~/components/finances/amount.tsx'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { BillsList, BillsSkeleton } from './bills-list.tsx'
import { billLoadErrorMessage } from './errors.ts'
import { type Bill, openBillsQueryOptions } from './queries.ts'

/**
 * `/bills` (card-holder portal): the bills still to pay, overdue ones and the earliest due first,
 * each with its amount and when it is due; what they come to together; then the way to every bill
 * (`/bills/all`). With none open, what bills are and where they come from.
 */
export function OpenBillsPage() {
  const { i18n, t } = useLingui()
  const bills = useQuery(openBillsQueryOptions())
  const results = bills.data?.results ?? []
  const overdue = results.filter((b) => b.status === 'overdue').length

  return (
    <div className="grid grid-cols-1 gap-6" data-testid="open-bills-page">
      <header className="grid gap-1">
        <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
          <Trans>Bills</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Bills sent to you that are still to be paid, the most urgent first.</Trans>
        </p>
      </header>

      {bills.isPending ? (
        <BillsSkeleton />
      ) : bills.isError ? (
        <LoadError onRetry={() => bills.refetch()}>{i18n._(billLoadErrorMessage(bills.error))}</LoadError>
      ) : results.length === 0 ? (
        <EmptyState icon={FileCheckIcon} title={<Trans>No bills to pay</Trans>}>
          <Trans>
            When a business sends you a bill (an invoice for its goods or services) through Cardpay, it
            appears here with its amount and due date, and you can pay it right away by card or iDEAL. You
            also get it by e-mail.
          </Trans>
        </EmptyState>
      ) : (
        <section aria-labelledby="open-bills-title" className="grid gap-4">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h2 id="open-bills-title" className="text-base font-semibold" data-testid="open-bills-count">
              <Plural value={bills.data.count} one="# bill to pay" other="# bills to pay" />
            </h2>
            {overdue > 0 && (
              <p className="text-sm font-medium text-red-700" data-testid="open-bills-overdue">
                <Plural value={overdue} one="# of them is overdue" other="# of them are overdue" />
              </p>
            )}
          </div>
          <OpenTotal bills={results} complete={results.length === bills.data.count} />
          <BillsList bills={results} label={t`Bills to pay`} />
          {bills.data.count > results.length && (
            <p className="text-sm text-muted-foreground">
              <Trans>Only the most urgent bills are shown here. Find the others under all bills.</Trans>
            </p>
          )}
        </section>
      )}

      <div>
        <Button variant="outline" asChild>
          <Link to="/bills/all" data-testid="bills-all-link">
            <Trans>All bills, paid ones too</Trans>
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </div>
  )
}

/** What the open bills come to, per currency (usually one); only when every open bill is listed. */
function OpenTotal({ bills, complete }: { bills: Bill[]; complete: boolean }) {
  if (!complete || bills.length < 2) return null
  const totals = new Map<string, number>()
  for (const bill of bills) totals.set(bill.currency, (totals.get(bill.currency) ?? 0) + bill.open_amount)
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 text-sm" data-testid="open-bills-total">
      <span className="text-muted-foreground">
        <Trans>Together</Trans>
      </span>
      {[...totals].map(([currency, amount], i) => (
        <span key={currency}>
          {i > 0 && ' + '}
          <Money amount={amount} currency={currency} className="font-semibold" />
        </span>
      ))}
    </p>
  )
}
