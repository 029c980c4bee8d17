import { useLingui } from '@lingui/react/macro'
import { Bar, CartesianGrid, ComposedChart, Line, XAxis, YAxis } from 'recharts'
import {
  type ChartConfig,
  ChartContainer,
  ChartTooltip,
  ChartTooltipContent,
} from '~/components/ui/chart.tsx'
import { formatMoney, minorUnitDigits } from '~/lib/money.ts'
import type { BillStatistics } from './queries.ts'

type Series = BillStatistics['results'][number]

/**
 * The credit figures per day (Recharts through `ui/chart.tsx`, as the payment statistics draw
 * theirs): what was open and overdue at each day's end as lines, what was collected that day as
 * bars, with a tooltip per day. Loaded lazily by `credit-figures.tsx`, which also has the figures
 * in a table for screen readers.
 */
export default function CreditFiguresChart({ series, label }: { series: Series; label: string }) {
  const { t, i18n } = useLingui()
  const config = {
    open: { label: t`Open`, color: 'var(--color-primary-500)' },
    overdue: { label: t`Overdue`, color: 'var(--color-red-600, #dc2626)' },
    collected: { label: t`Collected`, color: 'var(--color-emerald-600, #059669)' },
  } satisfies ChartConfig
  const dayLabel = (date: string) => i18n.date(`${date}T12:00:00`, { day: 'numeric', month: 'short' })
  const digits = minorUnitDigits(series.currency)
  const axisMoney = new Intl.NumberFormat(i18n.locale, {
    style: 'currency',
    currency: series.currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  })
  return (
    <div className="grid gap-2">
      {/* Three series in three colours: without a key a reader cannot tell open from overdue. */}
      <ul
        className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground"
        data-testid="credit-figures-legend"
      >
        {(['open', 'overdue', 'collected'] as const).map((key) => (
          <li key={key} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className={key === 'collected' ? 'size-2.5 rounded-[2px]' : 'h-0.5 w-3 rounded-full'}
              style={{ background: config[key].color }}
            />
            {config[key].label}
          </li>
        ))}
      </ul>
      <ChartContainer config={config} className="aspect-auto h-56 w-full" data-testid="credit-figures-chart">
        <ComposedChart
          data={series.days}
          margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
          title={label}
          aria-label={label}
        >
          <CartesianGrid vertical={false} />
          <XAxis
            dataKey="date"
            tickLine={false}
            axisLine={false}
            tickMargin={8}
            minTickGap={24}
            tickFormatter={dayLabel}
          />
          <YAxis
            width="auto"
            tickLine={false}
            axisLine={false}
            tickMargin={4}
            allowDecimals={false}
            tickFormatter={(amount: number) => axisMoney.format(amount / 10 ** digits)}
          />
          <ChartTooltip
            content={
              <ChartTooltipContent
                labelFormatter={(date) => i18n.date(`${date}T12:00:00`, { dateStyle: 'medium' })}
                formatter={(amount, key) => (
                  <span className="flex w-full justify-between gap-3">
                    <span className="text-muted-foreground">{config[key as keyof typeof config]?.label}</span>
                    {formatMoney(Number(amount), series.currency, i18n.locale)}
                  </span>
                )}
              />
            }
          />
          <Bar dataKey="collected" fill="var(--color-collected)" radius={[3, 3, 0, 0]} maxBarSize={32} />
          <Line dataKey="open" type="monotone" stroke="var(--color-open)" strokeWidth={2} dot={false} />
          <Line dataKey="overdue" type="monotone" stroke="var(--color-overdue)" strokeWidth={2} dot={false} />
        </ComposedChart>
      </ChartContainer>
    </div>
  )
}
