import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { ReceiptTextIcon } from 'lucide-react'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { Money } from '~/components/finances/amount.tsx'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent } from '~/components/ui/card.tsx'
import { Skeleton } from '~/components/ui/skeleton.tsx'
import { businessToday, shiftDate } from '~/lib/business-days.ts'
import { formatMoney } from '~/lib/money.ts'
import { useBusinessTimeZone } from '~/lib/time-zone.ts'
import { cn } from '~/lib/utils.ts'
import { type BillStatistics, billStatisticsQueryOptions } from './queries.ts'

/** Recharts is large: it loads with the first chart shown, never with the page. */
const CreditFiguresChart = lazy(() => import('./credit-figures-chart.tsx'))

type Series = BillStatistics['results'][number]

/**
 * The credit figures (issue 13, item 7) on the owner's `/home` and the admin's `/statistics`: per
 * currency the bills open and overdue now, what the period brought (payments, penalties, reminders
 * sent), a chart of what was open and overdue at each day's end with what was collected, and per
 * program the same in a table. Days are business days. An owner without bills sees nothing of it
 * (`hideWhenEmpty`).
 */
export function CreditFigures({ hideWhenEmpty = false }: { hideWhenEmpty?: boolean }) {
  const { t } = useLingui()
  const zone = useBusinessTimeZone()
  const today = businessToday(zone)
  const [days, setDays] = useState<7 | 30>(30)
  const stats = useQuery(
    billStatisticsQueryOptions({ from: shiftDate(today, -(days - 1)), to: today, tz: zone }),
  )
  if (hideWhenEmpty && stats.data && stats.data.results.length === 0) return null
  return (
    <section className="grid gap-4" aria-labelledby="credit-figures-title" data-testid="credit-figures">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="credit-figures-title" className="text-lg font-semibold">
            <Trans>Bills</Trans>
          </h2>
          <p className="text-sm text-muted-foreground">
            <Trans>Open and overdue now; paid, penalties and reminders in the period.</Trans>
          </p>
        </div>
        <fieldset className="flex flex-wrap gap-1" aria-label={t`Period`}>
          {([7, 30] as const).map((n) => (
            <Button
              key={n}
              size="sm"
              variant={days === n ? 'secondary' : 'outline'}
              aria-pressed={days === n}
              onClick={() => setDays(n)}
              data-testid={`credit-figures-last-${n}`}
            >
              {n === 7 ? <Trans>Last 7 days</Trans> : <Trans>Last 30 days</Trans>}
            </Button>
          ))}
        </fieldset>
      </div>
      {stats.isError ? (
        <LoadError onRetry={() => stats.refetch()} />
      ) : !stats.data ? (
        <Skeleton className="h-40" />
      ) : stats.data.results.length === 0 ? (
        <EmptyState icon={<ReceiptTextIcon aria-hidden="true" className="size-6" />}>
          <Trans>No bills yet.</Trans>
        </EmptyState>
      ) : (
        <div className={cn('grid gap-6 transition-opacity', stats.isFetching && 'opacity-60')}>
          {stats.data.results.map((series) => (
            <CurrencyFigures key={series.currency} series={series} />
          ))}
          <ProgramTable programs={stats.data.programs} />
        </div>
      )}
    </section>
  )
}

function CurrencyFigures({ series }: { series: Series }) {
  const { t, i18n } = useLingui()
  const money = (amount: number) => formatMoney(amount, series.currency, i18n.locale)
  const day = (date: string) => i18n.date(`${date}T12:00:00`, { day: 'numeric', month: 'short' })
  return (
    <div className="grid gap-4" data-testid="credit-figures-series" data-currency={series.currency}>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Figure label={<Trans>Open</Trans>} count={series.open.count} testId="credit-figures-open">
          <Money amount={series.open.amount} currency={series.currency} />
        </Figure>
        <Figure label={<Trans>Overdue</Trans>} count={series.overdue.count} testId="credit-figures-overdue">
          <Money amount={series.overdue.amount} currency={series.currency} />
        </Figure>
        <Figure label={<Trans>Paid</Trans>} count={series.paid.count} testId="credit-figures-paid">
          <Money amount={series.paid.amount} currency={series.currency} />
        </Figure>
        <Figure
          label={<Trans>Penalties</Trans>}
          count={series.penalties.count}
          testId="credit-figures-penalties"
        >
          <Money amount={series.penalties.amount} currency={series.currency} />
        </Figure>
        <Figure label={<Trans>Reminders sent</Trans>} testId="credit-figures-reminders">
          {series.reminders_sent}
        </Figure>
      </div>
      <Card>
        <CardContent className="grid gap-2">
          <Suspense fallback={<Skeleton className="h-56" />}>
            <CreditFiguresChart
              series={series}
              label={t`Chart of the open and overdue amounts at the end of each day, and the amount collected per day`}
            />
          </Suspense>
          <table className="sr-only">
            <caption>
              <Trans>Bills per day</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Day</Trans>
                </th>
                <th scope="col">
                  <Trans>Open</Trans>
                </th>
                <th scope="col">
                  <Trans>Overdue</Trans>
                </th>
                <th scope="col">
                  <Trans>Collected</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {series.days.map((d) => (
                <tr key={d.date}>
                  <th scope="row">{day(d.date)}</th>
                  <td>{money(d.open)}</td>
                  <td>{money(d.overdue)}</td>
                  <td>{money(d.collected)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
    </div>
  )
}

function Figure({
  label,
  count,
  children,
  testId,
}: {
  label: ReactNode
  count?: number
  children: ReactNode
  testId: string
}) {
  return (
    <Card className="gap-1 py-4" data-testid={testId}>
      <CardContent className="grid gap-1">
        <p className="text-[13px] text-muted-foreground">{label}</p>
        <p className="text-xl font-semibold tracking-tight tabular-nums break-words">{children}</p>
        {count !== undefined && (
          <p className="text-[13px] text-muted-foreground" data-testid={`${testId}-count`}>
            <Plural value={count} one="# bill" other="# bills" />
          </p>
        )}
      </CardContent>
    </Card>
  )
}

/** The figures per program and currency; scrolls sideways on a phone, in a named, focusable region. */
function ProgramTable({ programs }: { programs: BillStatistics['programs'] }) {
  const { t } = useLingui()
  if (programs.length === 0) return null
  return (
    <section
      className="overflow-x-auto rounded-md border focus-visible:ring-[3px] focus-visible:ring-ring/40"
      aria-label={t`Bills per program`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
    >
      <table className="w-full text-sm" data-testid="credit-figures-programs">
        <thead>
          <tr className="border-b text-left">
            <th scope="col" className="px-3 py-2 font-medium">
              <Trans>Program</Trans>
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              <Trans>Open</Trans>
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              <Trans>Overdue</Trans>
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              <Trans>Paid</Trans>
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              <Trans>Penalties</Trans>
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              <Trans>Reminders sent</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {programs.map((p) => (
            <tr
              key={`${p.uuid}:${p.currency}`}
              className="border-b last:border-0"
              data-testid="credit-figures-program"
            >
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {p.title}
              </th>
              <td className="px-3 py-2 text-right whitespace-nowrap">
                <Money amount={p.open.amount} currency={p.currency} /> ({p.open.count})
              </td>
              <td className="px-3 py-2 text-right whitespace-nowrap">
                <Money amount={p.overdue.amount} currency={p.currency} /> ({p.overdue.count})
              </td>
              <td className="px-3 py-2 text-right whitespace-nowrap">
                <Money amount={p.paid.amount} currency={p.currency} /> ({p.paid.count})
              </td>
              <td className="px-3 py-2 text-right whitespace-nowrap">
                <Money amount={p.penalties.amount} currency={p.currency} /> ({p.penalties.count})
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{p.reminders_sent}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
