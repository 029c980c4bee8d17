import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { DownloadIcon } from 'lucide-react'
import { useState } from 'react'
import { DateTime, Money, StatusBadge } from '~/components/food-orders/order-parts.tsx'
import { freshSession } from '~/components/food-orders/session-fresh.ts'
import { Pagination } from '~/components/shared/pagination.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs.tsx'
import { apiUrl } from '~/lib/api.ts'
import { orderNumber } from '~/lib/order-number.ts'
import {
  type CourtOrder,
  courtDailyTotalsQueryOptions,
  courtOrdersCsvPath,
  courtOrdersQueryOptions,
  type SubOrder,
} from './api.ts'
import { useCourtToday } from './court-today.ts'
import { courtErrorMessage } from './errors.ts'
import { partNames } from './labels.tsx'

/**
 * The court owner's orders (spec food.md sections 3 and 7): the active ones and those of a date,
 * each with its sub-orders (one per restaurant, each on its own kitchen board, with its fee, its
 * payout and where that stands), the daily totals with the food court fee column, and the CSV
 * (one row per sub-order).
 */
export function CourtOrdersCard({ court, currency }: { court: string; currency: string }) {
  const { i18n } = useLingui()
  return (
    <Card data-testid="court-orders">
      <CardHeader>
        <CardTitle>
          <Trans>Orders</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Orders of the food court with each restaurant's part, daily totals and the export.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="active">
          <TabsList className="h-auto flex-wrap" aria-label={i18n._(msg`Order views`)}>
            <TabsTrigger value="active" data-testid="court-orders-active-tab">
              <Trans>Active</Trans>
            </TabsTrigger>
            <TabsTrigger value="date" data-testid="court-orders-date-tab">
              <Trans>By date</Trans>
            </TabsTrigger>
            <TabsTrigger value="totals" data-testid="court-orders-totals-tab">
              <Trans>Daily totals</Trans>
            </TabsTrigger>
          </TabsList>
          <TabsContent value="active">
            <CourtOrders court={court} active />
          </TabsContent>
          <TabsContent value="date">
            <CourtOrders court={court} active={false} />
          </TabsContent>
          <TabsContent value="totals">
            <DailyTotals court={court} currency={currency} />
            <CsvExport court={court} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  )
}

function CourtOrders({ court, active }: { court: string; active: boolean }) {
  const { i18n } = useLingui()
  const today = useCourtToday(court)
  const [chosenDate, setDate] = useState<string>()
  const date = chosenDate ?? today
  const [page, setPage] = useState(1)
  const orders = useQuery({
    ...courtOrdersQueryOptions(court, { active, date, page }),
    refetchInterval: active ? 15_000 : false,
  })
  return (
    <div className="grid gap-3">
      {!active && (
        <div className="grid w-fit gap-1">
          <Label htmlFor={`court-orders-date-${court}`}>
            <Trans>Date</Trans>
          </Label>
          <Input
            id={`court-orders-date-${court}`}
            type="date"
            value={date}
            onChange={(e) => {
              setDate(e.target.value)
              setPage(1)
            }}
          />
        </div>
      )}
      {orders.isPending ? (
        <RowsSkeleton rows={3} />
      ) : orders.isError ? (
        <LoadError onRetry={() => orders.refetch()}>{i18n._(courtErrorMessage(orders.error))}</LoadError>
      ) : orders.data.results.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {active ? <Trans>No active orders.</Trans> : <Trans>No orders on this date.</Trans>}
        </p>
      ) : (
        <>
          <ul className="grid gap-3" data-testid="court-order-list">
            {orders.data.results.map((order) => (
              <CourtOrderItem key={order.uuid} order={order} />
            ))}
          </ul>
          <Pagination
            page={page}
            pages={orders.data.pages}
            count={orders.data.count}
            onPageChange={setPage}
          />
        </>
      )}
    </div>
  )
}

function CourtOrderItem({ order }: { order: CourtOrder }) {
  const number = orderNumber(order.order_id)
  return (
    <li className="grid gap-3 rounded-lg border p-3" data-testid="court-order" data-uuid={order.uuid}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <span className="font-medium">
            <Trans>Order {number}</Trans>
          </span>
          <span className="text-xs text-muted-foreground">
            <DateTime value={order.created} /> · {order.name}
          </span>
        </div>
        <StatusBadge
          order={{
            order_status: order.order_status,
            type: order.pickup_in_restaurant ? 'pickup' : 'delivery',
          }}
        />
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-[13px] text-muted-foreground">
            <Trans>Total</Trans>
          </dt>
          <dd className="tabular-nums">
            <Money amount={order.total} currency={order.currency} />
          </dd>
        </div>
        <div>
          <dt className="text-[13px] text-muted-foreground">
            <Trans>Food court fee</Trans>
          </dt>
          <dd className="tabular-nums" data-testid="court-order-fee">
            <Money amount={order.food_court_fee} currency={order.currency} />
          </dd>
        </div>
        <div>
          <dt className="text-[13px] text-muted-foreground">
            <Trans>Refunded</Trans>
          </dt>
          <dd className="tabular-nums">
            <Money amount={order.refunded} currency={order.currency} />
          </dd>
        </div>
      </dl>
      <ul className="grid divide-y rounded-md bg-muted/40 px-3" aria-label={order.court_title}>
        {order.food_court_suborders.map((part) => (
          <SubOrderItem
            key={part.uuid}
            part={part}
            currency={order.currency}
            pickup={order.pickup_in_restaurant}
          />
        ))}
      </ul>
    </li>
  )
}

function SubOrderItem({ part, currency, pickup }: { part: SubOrder; currency: string; pickup: boolean }) {
  const { i18n } = useLingui()
  return (
    <li
      className="grid gap-1 py-2 text-sm"
      data-testid="court-suborder"
      data-restaurant={part.restaurant_title}
      data-part={part.part_status}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{part.restaurant_title}</span>
        <StatusBadge
          order={{
            order_status: part.order_status,
            type: pickup ? 'pickup' : 'delivery',
            rejected_at: part.rejected ? (part.refunded_at ?? part.part_status) : null,
          }}
        />
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground">
        <span>
          <Trans>Part</Trans>: <Money amount={part.total} currency={currency} />
        </span>
        <span>
          <Trans>Fee</Trans>: <Money amount={part.food_court_fee} currency={currency} />
        </span>
        <span>
          <Trans>Payout</Trans>: <Money amount={part.payout_amount} currency={currency} />
        </span>
        <Badge
          variant={part.part_status === 'paid_out' ? 'success' : 'muted'}
          data-testid="court-suborder-part"
        >
          {i18n._(partNames[part.part_status] ?? partNames.created)}
        </Badge>
      </div>
    </li>
  )
}

function DailyTotals({ court, currency }: { court: string; currency: string }) {
  const { i18n } = useLingui()
  const [page, setPage] = useState(1)
  const totals = useQuery(courtDailyTotalsQueryOptions(court, page))
  if (totals.isPending) return <RowsSkeleton rows={3} />
  if (totals.isError) return <LoadError onRetry={() => totals.refetch()} />
  if (totals.data.results.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No paid orders yet.</Trans>
      </p>
    )
  const day = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone: 'UTC' })
  const columns = [
    'products_total',
    'fees_total',
    'overall',
    'refunds',
    'revenue',
    'payouts',
    'food_court_fee',
  ] as const
  return (
    <div className="space-y-3">
      <section
        className="overflow-x-auto rounded-lg border focus-visible:ring-[3px] focus-visible:ring-ring/40"
        aria-label={i18n._(msg`Daily totals`)}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
      >
        <table className="w-full min-w-[48rem] text-sm" data-testid="court-daily-totals">
          <thead className="bg-muted/50 text-muted-foreground">
            <tr>
              <th className="px-3 py-2 text-start font-medium">
                <Trans>Date</Trans>
              </th>
              <th className="px-3 py-2 text-end font-medium">
                <Trans>Orders</Trans>
              </th>
              <th className="px-3 py-2 text-end font-medium">
                <Trans>Products</Trans>
              </th>
              <th className="px-3 py-2 text-end font-medium">
                <Trans>Fees</Trans>
              </th>
              <th className="px-3 py-2 text-end font-medium">
                <Trans>Overall</Trans>
              </th>
              <th className="px-3 py-2 text-end font-medium">
                <Trans>Refunds</Trans>
              </th>
              <th className="px-3 py-2 text-end font-medium">
                <Trans>Revenue</Trans>
              </th>
              <th className="px-3 py-2 text-end font-medium">
                <Trans>Payouts</Trans>
              </th>
              <th className="px-3 py-2 text-end font-medium">
                <Trans>Food court fee</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {totals.data.results.map((d) => (
              <tr key={d.order_date} className="border-t" data-testid="court-daily-total">
                <td className="px-3 py-2 whitespace-nowrap">
                  {day.format(new Date(`${d.order_date}T00:00:00Z`))}
                </td>
                <td className="px-3 py-2 text-end tabular-nums">{d.orders_count}</td>
                {columns.map((k) => (
                  <td key={k} className="px-3 py-2 text-end tabular-nums" data-column={k}>
                    <Money amount={d[k]} currency={currency} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <Pagination page={page} pages={totals.data.pages} count={totals.data.count} onPageChange={setPage} />
    </div>
  )
}

function CsvExport({ court }: { court: string }) {
  const today = useCourtToday(court)
  const [chosenStart, setStart] = useState<string>()
  const [chosenEnd, setEnd] = useState<string>()
  const start = chosenStart ?? `${today.slice(0, 8)}01`
  const end = chosenEnd ?? today
  const href = apiUrl(courtOrdersCsvPath(court), { start_date: start, end_date: end })
  const valid = start !== '' && end !== '' && start <= end
  return (
    <section className="mt-6 space-y-2" aria-labelledby={`court-csv-${court}`}>
      <h3 id={`court-csv-${court}`} className="font-semibold">
        <Trans>Export orders (CSV)</Trans>
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor={`court-csv-start-${court}`}>
            <Trans>From</Trans>
          </Label>
          <Input
            id={`court-csv-start-${court}`}
            type="date"
            value={start}
            onChange={(e) => setStart(e.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`court-csv-end-${court}`}>
            <Trans>To</Trans>
          </Label>
          <Input
            id={`court-csv-end-${court}`}
            type="date"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
          />
        </div>
        {valid ? (
          <Button asChild variant="outline" size="lg">
            <a
              href={href}
              download
              data-testid="court-orders-csv"
              onClick={(e) => {
                e.preventDefault()
                void freshSession().finally(() => {
                  window.location.assign(href)
                })
              }}
            >
              <DownloadIcon aria-hidden="true" />
              <Trans>Download CSV</Trans>
            </a>
          </Button>
        ) : (
          <p className="text-destructive text-sm" role="alert">
            <Trans>The start date must be on or before the end date.</Trans>
          </p>
        )}
      </div>
    </section>
  )
}
