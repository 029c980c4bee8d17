import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { ChartColumnIcon, ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { lazy, Suspense, useId, useState } from 'react'
import { Money } from '~/components/finances/amount.tsx'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent } from '~/components/ui/card.tsx'
import { DatePicker } from '~/components/ui/date-picker.tsx'
import { Label } from '~/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select.tsx'
import { Skeleton } from '~/components/ui/skeleton.tsx'
import { businessToday, shiftDate } from '~/lib/business-days.ts'
import { formatMoney } from '~/lib/money.ts'
import { useBusinessTimeZone } from '~/lib/time-zone.ts'
import { cn } from '~/lib/utils.ts'
import { useTerminalPlaces } from './places.ts'
import { type Statistics, statisticsQueryOptions } from './queries.ts'

/** Recharts is large: it loads with the first chart shown, never with the page. */
const StatisticsChart = lazy(() => import('./statistics-chart.tsx'))

const dayMs = 86_400_000
const shift = shiftDate
const span = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / dayMs) + 1

const allPrograms = 'all'

/**
 * Paid payments per day (count and amount) with a bar chart, for a program owner (their payment
 * programs), an acceptor (their cashpoints) or an admin (all). The specification's date presets:
 * the last 7 or 30 days, and moving the period back or forward by 7 or 30 days.
 */
export function StatisticsPanel({ compact = false }: { compact?: boolean }) {
  const { t } = useLingui()
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  // Days are business days: "today" and the API's counting both in the business time zone.
  const zone = useBusinessTimeZone()
  const today = businessToday(zone)
  const [range, setRange] = useState({ from: shift(today, -29), to: today })
  const [program, setProgram] = useState(allPrograms)
  const places = useTerminalPlaces(portal)
  const showPrograms = portal !== 'admin' && (places.data?.length ?? 0) > 1
  const stats = useQuery(
    statisticsQueryOptions({
      from: range.from,
      to: range.to,
      tz: zone,
      program: program === allPrograms ? undefined : program,
    }),
  )
  const length = span(range.from, range.to)
  const move = (days: number) => setRange((r) => ({ from: shift(r.from, days), to: shift(r.to, days) }))
  const last = (days: number) => setRange({ from: shift(today, -(days - 1)), to: today })
  const preset = range.to === today ? length : null
  const fromId = useId()
  const toId = useId()

  return (
    <section className="grid gap-4" aria-label={t`Payments per day`} data-testid="statistics">
      <div className="flex flex-wrap items-end gap-3">
        <fieldset className="flex flex-wrap gap-1" aria-label={t`Period`}>
          {[7, 30].map((days) => (
            <Button
              key={days}
              size="sm"
              variant={preset === days ? 'secondary' : 'outline'}
              aria-pressed={preset === days}
              onClick={() => last(days)}
              data-testid={`statistics-last-${days}`}
            >
              {days === 7 ? <Trans>Last 7 days</Trans> : <Trans>Last 30 days</Trans>}
            </Button>
          ))}
        </fieldset>
        <fieldset className="flex flex-wrap gap-1" aria-label={t`Move the period`}>
          {[30, 7].map((days) => (
            <Button
              key={`back-${days}`}
              size="sm"
              variant="ghost"
              onClick={() => move(-days)}
              title={days === 7 ? t`Previous 7 days` : t`Previous 30 days`}
              data-testid={`statistics-previous-${days}`}
            >
              <ChevronLeftIcon aria-hidden="true" />
              {days === 7 ? <Trans>Previous 7 days</Trans> : <Trans>Previous 30 days</Trans>}
            </Button>
          ))}
          {[7, 30].map((days) => (
            <Button
              key={`next-${days}`}
              size="sm"
              variant="ghost"
              onClick={() => move(days)}
              // A period that ends today has nothing after it yet: no empty days to move into.
              disabled={range.to >= today}
              title={days === 7 ? t`Next 7 days` : t`Next 30 days`}
              data-testid={`statistics-next-${days}`}
            >
              {days === 7 ? <Trans>Next 7 days</Trans> : <Trans>Next 30 days</Trans>}
              <ChevronRightIcon aria-hidden="true" />
            </Button>
          ))}
        </fieldset>
        {!compact && (
          <div className="flex flex-wrap items-end gap-2">
            <div className="grid gap-1">
              <Label htmlFor={fromId} className="text-[13px]/normal">
                <Trans>From</Trans>
              </Label>
              <DatePicker
                id={fromId}
                value={range.from}
                max={range.to}
                onChange={(from) => from && setRange((r) => ({ ...r, from }))}
                className="w-40 [&_input]:h-8"
                testId="statistics-from"
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={toId} className="text-[13px]/normal">
                <Trans>To</Trans>
              </Label>
              <DatePicker
                id={toId}
                value={range.to}
                min={range.from}
                onChange={(to) => to && setRange((r) => ({ ...r, to }))}
                className="w-40 [&_input]:h-8"
                testId="statistics-to"
              />
            </div>
          </div>
        )}
        {showPrograms && (
          <Select value={program} onValueChange={setProgram}>
            <SelectTrigger className="h-8 w-56" aria-label={t`Program`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={allPrograms}>
                <Trans>All programs</Trans>
              </SelectItem>
              {places.data?.map((p) => (
                <SelectItem key={p.program.uuid} value={p.program.uuid}>
                  {p.program.title}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </div>

      {stats.isError ? (
        <LoadError onRetry={() => stats.refetch()} />
      ) : !stats.data ? (
        <StatisticsSkeleton />
      ) : (
        <Figures stats={stats.data} fetching={stats.isFetching} />
      )}
    </section>
  )
}

function Figures({ stats, fetching }: { stats: Statistics; fetching: boolean }) {
  const { i18n } = useLingui()
  const from = i18n.date(`${stats.from}T12:00:00`, { dateStyle: 'medium' })
  const to = i18n.date(`${stats.to}T12:00:00`, { dateStyle: 'medium' })
  return (
    <div className={cn('grid gap-4 transition-opacity', fetching && 'opacity-60')} aria-busy={fetching}>
      <p className="text-sm text-muted-foreground" data-testid="statistics-period">
        <Trans>
          {from} – {to}
        </Trans>
      </p>
      {stats.results.length === 0 ? (
        <EmptyState icon={<ChartColumnIcon aria-hidden="true" className="size-6" />}>
          <Trans>No paid payments in this period.</Trans>
        </EmptyState>
      ) : (
        stats.results.map((series) => <Series key={series.currency} series={series} />)
      )}
    </div>
  )
}

function Series({ series }: { series: Statistics['results'][number] }) {
  const count = series.count
  return (
    <div className="grid gap-4" data-testid="statistics-series" data-currency={series.currency}>
      <div className="grid gap-3 sm:grid-cols-3">
        <Figure label={<Trans>Paid payments</Trans>}>
          <span data-testid="statistics-count">{count}</span>
        </Figure>
        <Figure label={<Trans>Amount</Trans>}>
          <Money amount={series.amount} currency={series.currency} testId="statistics-amount" />
        </Figure>
        <Figure label={<Trans>Refunded since</Trans>}>
          <Money amount={series.refunded} currency={series.currency} />
        </Figure>
      </div>
      <Card>
        <CardContent>
          <BarChart series={series} />
        </CardContent>
      </Card>
    </div>
  )
}

function Figure({ label, children }: { label: React.ReactNode; children: React.ReactNode }) {
  return (
    <Card className="gap-1 py-4">
      <CardContent className="grid gap-1">
        <p className="text-[13px] text-muted-foreground">{label}</p>
        <p className="text-2xl font-semibold tracking-tight tabular-nums">{children}</p>
      </CardContent>
    </Card>
  )
}

/**
 * The amount paid per day as a bar chart with axes and tooltips (Recharts, loaded only when a chart
 * is shown), and the same figures in a table for screen readers.
 */
function BarChart({ series }: { series: Statistics['results'][number] }) {
  const { t, i18n } = useLingui()
  const days = series.days
  const max = Math.max(0, ...days.map((d) => d.amount))
  const dayLabel = (date: string) => i18n.date(`${date}T12:00:00`, { day: 'numeric', month: 'short' })
  const count = series.count
  const total = formatMoney(series.amount, series.currency, i18n.locale)
  return (
    <figure className="grid gap-2">
      <figcaption className="flex justify-between text-[13px] text-muted-foreground">
        <span>
          <Trans>Amount paid per day</Trans>
        </span>
        <span>
          <Trans>up to {formatMoney(max, series.currency, i18n.locale)}</Trans>
        </span>
      </figcaption>
      <Suspense fallback={<Skeleton className="h-56" />}>
        <StatisticsChart
          series={series}
          label={t`Bar chart of the amount paid per day`}
          description={t`${plural(count, { one: '# paid payment', other: '# paid payments' })}, ${total} in total`}
        />
      </Suspense>
      <table className="sr-only">
        <caption>
          <Trans>Paid payments per day</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Day</Trans>
            </th>
            <th scope="col">
              <Trans>Paid payments</Trans>
            </th>
            <th scope="col">
              <Trans>Amount</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <td>{dayLabel(d.date)}</td>
              <td>{d.count}</td>
              <td>{formatMoney(d.amount, series.currency, i18n.locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}

function StatisticsSkeleton() {
  return (
    <div className="grid gap-4" data-testid="statistics-skeleton">
      <span className="sr-only">
        <Trans>Loading…</Trans>
      </span>
      <div className="grid gap-3 sm:grid-cols-3">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
      <Skeleton className="h-56" />
    </div>
  )
}
