import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { DownloadIcon } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Pagination } from '~/components/shared/pagination.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs.tsx'
import { orderNumber } from '~/lib/order-number.ts'
import { dailyTotalsQueryOptions, type FoodOrder, ordersCsvUrl, ordersQueryOptions } from './api.ts'
import { KitchenBoard } from './kitchen-board.tsx'
import { OrderDetailDialog } from './order-detail-dialog.tsx'
import {
  DateTime,
  Money,
  OrderTicket,
  OrderType,
  RequestedTime,
  StatusBadge,
  usePrintTicket,
} from './order-parts.tsx'
import { freshSession } from './session-fresh.ts'

/** Only until the restaurant's own today has arrived from the API. */
const browserToday = () => new Date().toLocaleDateString('sv-SE')

/**
 * The owner's order books on the food program page: the live kitchen board, the active orders, the
 * orders of a date (paged), the daily totals and the CSV export by date range.
 */
export function OrderBooksCard({ program }: { program: string }) {
  const { i18n } = useLingui()
  return (
    <Card data-testid="food-orders">
      <CardHeader>
        <CardTitle>
          <Trans>Orders</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>The kitchen board, the order books, daily totals and the export.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="active">
          <TabsList className="h-auto flex-wrap" aria-label={i18n._(msg`Order views`)}>
            <TabsTrigger value="active">
              <Trans>Active</Trans>
            </TabsTrigger>
            <TabsTrigger value="date" data-testid="books-date-tab">
              <Trans>By date</Trans>
            </TabsTrigger>
            <TabsTrigger value="totals" data-testid="books-totals-tab">
              <Trans>Daily totals</Trans>
            </TabsTrigger>
            <TabsTrigger value="board" data-testid="books-board-tab">
              <Trans>Kitchen board</Trans>
            </TabsTrigger>
          </TabsList>
          <TabsContent value="active">
            <OrdersTable program={program} active />
          </TabsContent>
          <TabsContent value="date">
            <OrdersTable program={program} active={false} />
          </TabsContent>
          <TabsContent value="totals">
            <DailyTotals program={program} />
            <CsvExport program={program} />
          </TabsContent>
          <TabsContent value="board">
            <KitchenBoard program={program} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  )
}

/**
 * A restaurant's orders: the active ones, or those of a date (today in the restaurant's zone until
 * another is chosen), paged, each opening its detail. The owner's books and the staff's kitchen
 * page (finished orders, for a guest who comes back) both show it.
 */
export function OrdersTable({ program, active }: { program: string; active: boolean }) {
  // No date asked at first: the API answers today in the restaurant's zone, and which day that is.
  const [date, setDate] = useState<string | undefined>(undefined)
  const [page, setPage] = useState(1)
  const [open, setOpen] = useState<string | null>(null)
  const { ticket, print } = usePrintTicket()
  const orders = useQuery({
    ...ordersQueryOptions(program, { active, date, page }),
    placeholderData: keepPreviousData,
  })
  const dateId = `orders-date-${program}`
  return (
    <div className="space-y-3">
      {!active && (
        <div className="grid w-fit gap-1">
          <Label htmlFor={dateId}>
            <Trans>Date</Trans>
          </Label>
          <Input
            id={dateId}
            type="date"
            value={date ?? orders.data?.date ?? ''}
            onChange={(e) => {
              if (!e.target.value) return
              setDate(e.target.value)
              setPage(1)
            }}
          />
        </div>
      )}
      {orders.isPending ? (
        <RowsSkeleton rows={5} />
      ) : orders.isError ? (
        <LoadError onRetry={() => orders.refetch()} />
      ) : orders.data.results.length === 0 ? (
        <p className="py-4 text-muted-foreground">
          {active ? <Trans>No active orders.</Trans> : <Trans>No orders on this date.</Trans>}
        </p>
      ) : (
        <>
          <ScrollRegion label={active ? msg`Active orders` : msg`Orders of the date`}>
            <table
              className="w-full min-w-[56rem] text-sm"
              data-testid={active ? 'orders-active' : 'orders-by-date'}
            >
              <thead className="bg-muted/50 text-start text-muted-foreground">
                <tr>
                  <th className="px-3 py-2 text-start font-medium">
                    <Trans>Order ID</Trans>
                  </th>
                  <th className="px-3 py-2 text-start font-medium">
                    <Trans>Status</Trans>
                  </th>
                  <th className="px-3 py-2 text-start font-medium">
                    <Trans>Date</Trans>
                  </th>
                  <th className="px-3 py-2 text-start font-medium">
                    <Trans>Type</Trans>
                  </th>
                  <th className="px-3 py-2 text-start font-medium">
                    <Trans>Requested time</Trans>
                  </th>
                  <th className="px-3 py-2 text-start font-medium">
                    <Trans>Name</Trans>
                  </th>
                  <th className="px-3 py-2 text-start font-medium">
                    <Trans>Address</Trans>
                  </th>
                  <th className="px-3 py-2 text-start font-medium">
                    <Trans>Phone</Trans>
                  </th>
                  <th className="px-3 py-2 text-start font-medium">
                    <Trans>Items</Trans>
                  </th>
                  <th className="px-3 py-2 text-end font-medium">
                    <Trans>Total</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.data.results.map((order) => (
                  <OrderRow key={order.uuid} order={order} onOpen={() => setOpen(order.uuid)} />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pagination
            page={page}
            pages={orders.data.pages}
            count={orders.data.count}
            onPageChange={setPage}
            disabled={orders.isFetching}
          />
        </>
      )}
      <OrderDetailDialog program={program} order={open} onClose={() => setOpen(null)} onPrint={print} />
      {ticket && <OrderTicket order={ticket} />}
    </div>
  )
}

function OrderRow({ order, onOpen }: { order: FoodOrder; onOpen: () => void }) {
  const count = order.items.reduce((n, i) => n + i.quantity, 0)
  return (
    <tr className="border-t align-top" data-testid="books-order" data-order-id={order.order_id}>
      <td className="px-3 py-2">
        <Button type="button" variant="link" className="h-auto p-0" onClick={onOpen}>
          {orderNumber(order.order_id)}
        </Button>
      </td>
      <td className="px-3 py-2">
        <StatusBadge order={order} />
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        <DateTime value={order.created} timeZone={order.time_zone} />
      </td>
      <td className="px-3 py-2">
        <OrderType type={order.type} />
      </td>
      <td className="px-3 py-2">
        <RequestedTime order={order} />
      </td>
      <td className="px-3 py-2">{order.name}</td>
      <td className="px-3 py-2">{order.address ?? '—'}</td>
      <td className="px-3 py-2 whitespace-nowrap">{order.phone}</td>
      <td className="px-3 py-2">
        <Plural value={count} one="# item" other="# items" />
      </td>
      <td className="px-3 py-2 text-end tabular-nums">
        <Money amount={order.total} currency={order.currency} />
      </td>
    </tr>
  )
}

function DailyTotals({ program }: { program: string }) {
  const { i18n } = useLingui()
  const [page, setPage] = useState(1)
  const totals = useQuery({ ...dailyTotalsQueryOptions(program, page), placeholderData: keepPreviousData })
  if (totals.isPending) return <RowsSkeleton rows={4} />
  if (totals.isError) return <LoadError onRetry={() => totals.refetch()} />
  if (totals.data.results.length === 0)
    return (
      <p className="py-4 text-muted-foreground">
        <Trans>No paid orders yet.</Trans>
      </p>
    )
  const day = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone: 'UTC' })
  return (
    <div className="space-y-3">
      <ScrollRegion label={msg`Daily totals`}>
        <table className="w-full min-w-[44rem] text-sm" data-testid="daily-totals">
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
                <Trans>VAT</Trans>
              </th>
              <th className="px-3 py-2 text-end font-medium">
                <Trans>Revenue</Trans>
              </th>
              <th className="px-3 py-2 text-end font-medium">
                <Trans>Payouts</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {totals.data.results.map((d) => (
              <tr key={d.order_date} className="border-t" data-testid="daily-total">
                <td className="px-3 py-2 whitespace-nowrap">
                  {day.format(new Date(`${d.order_date}T00:00:00Z`))}
                </td>
                <td className="px-3 py-2 text-end tabular-nums">{d.orders_count}</td>
                {(['products_total', 'fees_total', 'overall', 'vat', 'revenue', 'payouts'] as const).map(
                  (k) => (
                    <td key={k} className="px-3 py-2 text-end tabular-nums">
                      <Money amount={d[k]} currency={d.currency} />
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <Pagination page={page} pages={totals.data.pages} count={totals.data.count} onPageChange={setPage} />
    </div>
  )
}

/**
 * The CSV export of a date range: a plain link to the streamed endpoint (the session cookie
 * authenticates it, so a year of orders is never held in the page's memory). The session is
 * refreshed first when its access token is about to run out, since the link cannot do that.
 */
function CsvExport({ program }: { program: string }) {
  // The range starts from the restaurant's today, which the orders of the date answer (the same
  // query as the dated table's first page, so no request of its own): the browser's day is wrong
  // for an hour or more around midnight when it runs in another zone.
  const dated = useQuery(ordersQueryOptions(program, { active: false, page: 1 }))
  const restaurantToday = dated.data?.date ?? browserToday()
  const [chosenStart, setStart] = useState<string>()
  const [chosenEnd, setEnd] = useState<string>()
  const start = chosenStart ?? `${restaurantToday.slice(0, 8)}01`
  const end = chosenEnd ?? restaurantToday
  const href = ordersCsvUrl(program, start, end)
  const valid = start !== '' && end !== '' && start <= end
  return (
    <section className="mt-6 space-y-2" aria-labelledby={`csv-${program}`}>
      <h3 id={`csv-${program}`} className="font-semibold">
        <Trans>Export orders (CSV)</Trans>
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor={`csv-start-${program}`}>
            <Trans>From</Trans>
          </Label>
          <Input
            id={`csv-start-${program}`}
            type="date"
            value={start}
            onChange={(e) => setStart(e.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`csv-end-${program}`}>
            <Trans>To</Trans>
          </Label>
          <Input id={`csv-end-${program}`} type="date" value={end} onChange={(e) => setEnd(e.target.value)} />
        </div>
        {valid ? (
          <Button asChild variant="outline" size="lg">
            <a
              href={href}
              download
              data-testid="orders-csv"
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

/** A table that may scroll sideways on a phone: a named region the keyboard can reach and scroll. */
function ScrollRegion({ label, children }: { label: MessageDescriptor; children: ReactNode }) {
  const { i18n } = useLingui()
  return (
    <section
      className="overflow-x-auto rounded-lg border focus-visible:ring-[3px] focus-visible:ring-ring/40"
      aria-label={i18n._(label)}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
    >
      {children}
    </section>
  )
}
