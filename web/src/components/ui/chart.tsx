import * as React from 'react'
import * as RechartsPrimitive from 'recharts'
import { cn } from '~/lib/utils.ts'

/**
 * Charts on Recharts, shaped as shadcn/ui's chart: a `ChartConfig` names each series (label and
 * colour), `ChartContainer` makes the chart responsive and turns the config into CSS variables
 * (`var(--color-<key>)`) scoped to this chart, `ChartTooltip` with `ChartTooltipContent` shows the
 * hovered or keyboard-focused point in the app's own look. Recharts is large: import this file only
 * from a component that is itself loaded lazily, so pages without a chart never download it.
 */
export type ChartConfig = Record<string, { label?: React.ReactNode; color?: string }>

const ChartContext = React.createContext<{ config: ChartConfig } | null>(null)

function useChart() {
  const context = React.useContext(ChartContext)
  if (!context) throw new Error('useChart must be used within a <ChartContainer />')
  return context
}

export function ChartContainer({
  id,
  className,
  children,
  config,
  ...props
}: React.ComponentProps<'div'> & {
  config: ChartConfig
  children: React.ComponentProps<typeof RechartsPrimitive.ResponsiveContainer>['children']
}) {
  const uniqueId = React.useId()
  const chartId = `chart-${id ?? uniqueId.replace(/[^a-zA-Z0-9-]/g, '')}`
  return (
    <ChartContext.Provider value={{ config }}>
      <div
        data-slot="chart"
        data-chart={chartId}
        className={cn(
          'flex default:aspect-video justify-center text-xs',
          '[&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground',
          "[&_.recharts-cartesian-grid_line[stroke='#ccc']]:stroke-border",
          '[&_.recharts-curve.recharts-tooltip-cursor]:stroke-border',
          "[&_.recharts-rectangle.recharts-tooltip-cursor]:fill-muted [&_.recharts-reference-line_[stroke='#ccc']]:stroke-border",
          '[&_.recharts-layer]:outline-hidden [&_.recharts-sector]:outline-hidden [&_.recharts-surface]:outline-hidden',
          '[&_.recharts-surface]:focus-visible:ring-[3px] [&_.recharts-surface]:focus-visible:ring-ring/40 [&_.recharts-surface]:rounded-md',
          className,
        )}
        {...props}
      >
        <ChartStyle id={chartId} config={config} />
        <RechartsPrimitive.ResponsiveContainer>{children}</RechartsPrimitive.ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  )
}

/** The config's colours as CSS variables on this chart only, so series read `var(--color-<key>)`. */
function ChartStyle({ id, config }: { id: string; config: ChartConfig }) {
  const colours = Object.entries(config).filter(([, item]) => item.color)
  if (colours.length === 0) return null
  const rules = colours.map(([key, item]) => `  --color-${key}: ${item.color};`).join('\n')
  // biome-ignore lint/security/noDangerouslySetInnerHtml: keys and colours come from the code's own config
  return <style dangerouslySetInnerHTML={{ __html: `[data-chart=${id}] {\n${rules}\n}` }} />
}

export const ChartTooltip = RechartsPrimitive.Tooltip

type TooltipItem = {
  name?: string | number
  value?: unknown
  dataKey?: string | number | ((obj: unknown) => unknown)
  color?: string
  payload?: Record<string, unknown>
}

/**
 * The tooltip's box: the point's label (the category, a day say) and one line per series with its
 * colour, name and value. `formatter` words a value (money, counts); `labelFormatter` the label.
 */
export function ChartTooltipContent({
  active,
  payload,
  label,
  className,
  hideLabel = false,
  labelFormatter,
  formatter,
}: {
  active?: boolean
  payload?: readonly TooltipItem[]
  label?: string | number
  className?: string
  hideLabel?: boolean
  labelFormatter?: (label: string | number | undefined, payload: readonly TooltipItem[]) => React.ReactNode
  formatter?: (value: unknown, key: string, item: TooltipItem) => React.ReactNode
}) {
  const { config } = useChart()
  if (!active || !payload?.length) return null
  return (
    <div
      // As Recharts' own tooltip: read out as the arrow keys move it along a focused chart.
      role="status"
      aria-live="polite"
      className={cn(
        'grid min-w-32 items-start gap-1.5 rounded-lg border bg-background px-2.5 py-1.5 text-xs shadow-lg shadow-slate-900/10',
        className,
      )}
    >
      {!hideLabel && (
        <div className="font-medium text-foreground">
          {labelFormatter ? labelFormatter(label, payload) : label}
        </div>
      )}
      <div className="grid gap-1">
        {payload.map((item) => {
          const key = String(item.dataKey ?? item.name ?? 'value')
          const series = config[key]
          return (
            <div key={key} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="size-2.5 shrink-0 rounded-[2px]"
                style={{ backgroundColor: item.color ?? `var(--color-${key})` }}
              />
              <span className="text-muted-foreground">{series?.label ?? item.name}</span>
              <span className="ml-auto pl-3 font-medium text-foreground tabular-nums">
                {formatter ? formatter(item.value, key, item) : String(item.value)}
              </span>
            </div>
          )
        })}
      </div>
    </div>
  )
}
