import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { FileDownIcon, GiftIcon, LoaderCircleIcon, ReceiptIcon, TicketIcon } from 'lucide-react'
import { Money } from '~/components/finances/amount.tsx'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import type { ServerPages } from '~/components/ui/data-table.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table.tsx'
import { describeApiError } from '~/lib/api-messages.ts'
import { notify } from '~/lib/notify.tsx'
import { useCardsCsv } from './download.ts'
import { cardTypeNames } from './labels.tsx'
import { CardOrdersTable } from './orders-table.tsx'
import { PriceDialog, vatOn } from './price-button.tsx'
import { batchesQueryOptions, type CardOrder, type CardType, cardTypesQueryOptions } from './queries.ts'

/** The currency an admin sets card prices in (the platform's default, spec section 3). */
const priceCurrency = 'EUR'
/** The Dutch high rate, until the API names the rate of a price that is not set yet. */
const defaultVatRate = 21

/**
 * `/cards` on the admin portal: what one card of each type costs (set per type in euros, shown
 * with VAT) and every card order on the platform, newest first, with the issued cards of a paid
 * order as CSV.
 */
export function AdminCardsPage({
  page,
  onPageChange,
}: {
  page: number
  onPageChange: (page: number) => void
}) {
  return (
    <div className="grid grid-cols-1 gap-6">
      <header>
        <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
          <Trans>Cards</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>
            What vouchers and gift cards cost program owners, and every card order on the platform.
          </Trans>
        </p>
      </header>
      <CardPrices />
      <CardOrders page={page} onPageChange={onPageChange} />
    </div>
  )
}

function CardPrices() {
  const { t, i18n } = useLingui()
  const types = useQuery(cardTypesQueryOptions(i18n.locale))
  return (
    <Card data-testid="card-prices">
      <CardHeader>
        <CardTitle>
          <Trans>Card prices</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            A program owner pays this per card on top of the card's face value when ordering cards. New orders
            use the new price.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {types.isPending ? (
          <RowsSkeleton rows={2} />
        ) : types.isError ? (
          <LoadError onRetry={() => types.refetch()}>
            <Trans>The card prices could not be loaded.</Trans>
          </LoadError>
        ) : (
          <Table aria-label={t`Card prices`}>
            <TableHeader>
              <TableRow>
                <TableHead>
                  <Trans>Card type</Trans>
                </TableHead>
                <TableHead className="text-right">
                  <Trans>Price excl. VAT</Trans>
                </TableHead>
                <TableHead className="hidden text-right sm:table-cell">
                  <Trans>VAT</Trans>
                </TableHead>
                <TableHead className="text-right">
                  <Trans>Price incl. VAT</Trans>
                </TableHead>
                <TableHead className="w-28">
                  <span className="sr-only">
                    <Trans>Actions</Trans>
                  </span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {types.data
                .flatMap((type) => priceRows(type))
                .map((row) => (
                  <PriceRow key={`${row.type.id}-${row.currency}`} {...row} />
                ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  )
}

interface PriceRowProps {
  type: CardType
  currency: string
  price: number | undefined
  vat: number | undefined
  vatRate: number
}

/** A type's prices, with a euro row even before its euro price is set. */
function priceRows(type: CardType): PriceRowProps[] {
  const rows: PriceRowProps[] = type.prices.map((p) => ({
    type,
    currency: p.currency,
    price: p.price,
    vat: p.vat,
    vatRate: p.vat_rate,
  }))
  if (!rows.some((r) => r.currency === priceCurrency)) {
    const rate = type.prices[0]?.vat_rate ?? defaultVatRate
    rows.unshift({ type, currency: priceCurrency, price: undefined, vat: undefined, vatRate: rate })
  }
  return rows.sort((a, b) =>
    a.currency === priceCurrency
      ? -1
      : b.currency === priceCurrency
        ? 1
        : a.currency.localeCompare(b.currency),
  )
}

function PriceRow({ type, currency, price, vat, vatRate }: PriceRowProps) {
  const { i18n } = useLingui()
  const Icon = type.code === 'gift' ? GiftIcon : TicketIcon
  const name = cardTypeNames[type.code]
  const vatAmount = vat ?? (price === undefined ? undefined : vatOn(price, vatRate))
  const rate = i18n.number(vatRate, { maximumFractionDigits: 2 })
  return (
    <TableRow data-testid="card-price-row" data-type={type.code} data-currency={currency}>
      <TableCell className="whitespace-normal">
        <span className="flex items-start gap-3">
          <span className="mt-0.5 grid size-8 shrink-0 place-content-center rounded-lg bg-primary-50 text-primary-700">
            <Icon aria-hidden="true" className="size-4" />
          </span>
          <span className="grid gap-0.5">
            <span className="font-medium">{name ? i18n._(name) : type.title}</span>
            {type.description && <span className="text-xs text-muted-foreground">{type.description}</span>}
          </span>
        </span>
      </TableCell>
      <TableCell className="text-right" data-testid="card-price-net">
        {price === undefined ? (
          <span className="text-muted-foreground">
            <Trans>Not set</Trans>
          </span>
        ) : (
          <Money amount={price} currency={currency} />
        )}
      </TableCell>
      <TableCell className="hidden text-right text-muted-foreground sm:table-cell">
        {vatAmount !== undefined && (
          <span className="grid">
            <Money amount={vatAmount} currency={currency} />
            <span className="text-xs">{rate}%</span>
          </span>
        )}
      </TableCell>
      <TableCell className="text-right font-medium" data-testid="card-price-gross">
        {price !== undefined && vatAmount !== undefined && (
          <Money amount={price + vatAmount} currency={currency} />
        )}
      </TableCell>
      <TableCell className="text-right">
        <PriceDialog type={type} currency={currency} price={price} vatRate={vatRate} />
      </TableCell>
    </TableRow>
  )
}

function CardOrders({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const orders = useQuery(batchesQueryOptions(page))
  return (
    <Card data-testid="card-orders">
      <CardHeader>
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div className="grid gap-1.5">
            <CardTitle>
              <Trans>Card orders</Trans>
            </CardTitle>
            <CardDescription>
              <Trans>The cards program owners ordered, newest first. A paid order issues its cards.</Trans>
            </CardDescription>
          </div>
          {orders.data && <OrderCount count={orders.data.count} />}
        </div>
      </CardHeader>
      <CardContent>
        {orders.isPending ? (
          <RowsSkeleton rows={6} />
        ) : orders.isError ? (
          <LoadError onRetry={() => orders.refetch()}>
            <Trans>The card orders could not be loaded.</Trans>
          </LoadError>
        ) : orders.data.results.length === 0 ? (
          <EmptyState icon={<ReceiptIcon aria-hidden="true" className="size-6" />}>
            {page > 1 ? (
              <>
                <Trans>This page is past the last order.</Trans>
                <Button variant="outline" size="sm" onClick={() => onPageChange(1)}>
                  <Trans>First page</Trans>
                </Button>
              </>
            ) : (
              <Trans>
                No cards have been ordered yet. Orders appear here as soon as a program owner places one.
              </Trans>
            )}
          </EmptyState>
        ) : (
          <OrdersTable
            orders={orders.data.results}
            dimmed={orders.isPlaceholderData}
            pages={{
              page,
              pages: orders.data.pages,
              count: orders.data.count,
              onPageChange,
              disabled: orders.isFetching,
            }}
          />
        )}
      </CardContent>
    </Card>
  )
}

function OrderCount({ count }: { count: number }) {
  return (
    <p className="text-sm text-muted-foreground" data-testid="card-orders-count">
      <Plural value={count} one="# order" other="# orders" />
    </p>
  )
}

function OrdersTable({
  orders,
  dimmed,
  pages,
}: {
  orders: CardOrder[]
  dimmed: boolean
  pages: ServerPages
}) {
  const { t } = useLingui()
  return (
    <CardOrdersTable
      id="card-orders"
      orders={orders}
      columns={['order', 'program', 'quantity', 'amount', 'status', 'issuedOf']}
      label={t`Card orders`}
      testId="card-orders-table"
      rowTestId="card-order-row"
      fieldPrefix="card-order"
      dimmed={dimmed}
      pages={pages}
      action={{
        label: msg`Issued cards (CSV)`,
        className: 'w-12',
        cell: (order) => order.status === 'paid' && order.cards_issued > 0 && <CsvButton order={order} />,
      }}
    />
  )
}

/** The issued cards of a paid order as a CSV file, fetched with the admin's session. */
function CsvButton({ order }: { order: CardOrder }) {
  const { t } = useLingui()
  const hydrated = useHydrated()
  const number = order.number
  const { busy, download } = useCardsCsv(order, (error) =>
    notify.error(msg`The cards could not be downloaded.`, { description: describeApiError(error) }),
  )
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-8"
      onClick={download}
      disabled={!hydrated || busy}
      aria-busy={busy}
      title={t`Issued cards of order ${number} (CSV)`}
      aria-label={t`Issued cards of order ${number} (CSV)`}
      data-testid="card-order-csv"
    >
      {busy ? (
        <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
      ) : (
        <FileDownIcon aria-hidden="true" />
      )}
    </Button>
  )
}
