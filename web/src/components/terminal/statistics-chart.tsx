import { Plural, useLingui } from '@lingui/react/macro'
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts'
import {
  type ChartConfig,
  ChartContainer,
  ChartTooltip,
  ChartTooltipContent,
} from '~/components/ui/chart.tsx'
import { formatMoney, minorUnitDigits } from '~/lib/money.ts'
import type { Statistics } from './queries.ts'

type Series = Statistics['results'][number]

/**
 * The amount paid per day as a bar chart (Recharts through `ui/chart.tsx`), with the day on the
 * x-axis, the amount on the y-axis and a tooltip per bar (day, amount, count) for the pointer and,
 * with the arrow keys once the chart has focus, for the keyboard. The statistics panel loads this
 * file lazily, so only pages that show a chart download Recharts; the same figures are in the
 * panel's table for screen readers.
 */
export default function StatisticsChart({
  series,
  label,
  description,
}: {
  series: Series
  label: string
  /** What the chart shows in words, for the chart's description. */
  description: string
}) {
  const { t, i18n } = useLingui()
  const config = {
    amount: { label: t`Amount`, color: 'var(--color-primary-500)' },
  } satisfies ChartConfig
  const dayLabel = (date: string) => i18n.date(`${date}T12:00:00`, { day: 'numeric', month: 'short' })
  const digits = minorUnitDigits(series.currency)
  const axisMoney = new Intl.NumberFormat(i18n.locale, {
    style: 'currency',
    currency: series.currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  })
  const counts = new Map(series.days.map((d) => [d.date, d.count]))
  return (
    <ChartContainer config={config} className="aspect-auto h-56 w-full" data-testid="statistics-chart">
      <BarChart
        data={series.days}
        margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
        title={label}
        desc={description}
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
          cursor={{ fill: 'var(--color-muted)' }}
          content={
            <ChartTooltipContent
              labelFormatter={(date) => i18n.date(`${date}T12:00:00`, { dateStyle: 'medium' })}
              formatter={(amount, _key, item) => {
                const count = counts.get(String(item.payload?.date)) ?? 0
                return (
                  <span className="flex flex-col items-end">
                    {formatMoney(Number(amount), series.currency, i18n.locale)}
                    <span className="font-normal text-muted-foreground">
                      <Plural value={count} one="# payment" other="# payments" />
                    </span>
                  </span>
                )
              }}
            />
          }
        />
        <Bar dataKey="amount" fill="var(--color-amount)" radius={[3, 3, 0, 0]} maxBarSize={48} />
      </BarChart>
    </ChartContainer>
  )
}
