import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { DownloadIcon, PrinterIcon } from 'lucide-react'
import { RestaurantPartSection } from '~/components/food-court/restaurant-part.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog.tsx'
import { orderNumber } from '~/lib/order-number.ts'
import {
  actorMessage,
  type FoodOrderDetail,
  orderDetailQueryOptions,
  orderReceiptUrl,
  statusMessage,
} from './api.ts'
import { DateTime, Money, OrderLineTitle, OrderType, RequestedTime, StatusBadge } from './order-parts.tsx'
import { freshSession } from './session-fresh.ts'
import { StatusButtons } from './status-buttons.tsx'

/**
 * One order in a dialog, for the kitchen and the owner's books: customer, items with VAT, the
 * status history and the payment, with the status buttons and the ticket; for a food court's
 * sub-order also its part of the court order (restaurant-part.tsx).
 */
export function OrderDetailDialog({
  program,
  order,
  onClose,
  onPrint,
}: {
  program: string
  order: string | null
  onClose: () => void
  onPrint: (order: FoodOrderDetail) => void
}) {
  return (
    <Dialog open={order !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl" data-testid="order-detail">
        {order && <OrderDetailBody program={program} order={order} onPrint={onPrint} />}
      </DialogContent>
    </Dialog>
  )
}

function OrderDetailBody({
  program,
  order,
  onPrint,
}: {
  program: string
  order: string
  onPrint: (order: FoodOrderDetail) => void
}) {
  const { i18n } = useLingui()
  const detail = useQuery(orderDetailQueryOptions(program, order))
  if (detail.isPending)
    return (
      <>
        <DialogTitle>
          <Trans>Order</Trans>
        </DialogTitle>
        <RowsSkeleton rows={5} />
      </>
    )
  if (detail.isError)
    return (
      <>
        <DialogTitle>
          <Trans>Order</Trans>
        </DialogTitle>
        <LoadError onRetry={() => detail.refetch()} />
      </>
    )
  const o = detail.data
  const pickup = o.type === 'pickup'
  const number = orderNumber(o.order_id)
  return (
    <>
      <DialogHeader>
        <DialogTitle>
          <Trans>Order {number}</Trans>
        </DialogTitle>
        <DialogDescription className="flex flex-wrap items-center gap-2">
          <StatusBadge order={o} /> {o.eat_in ? <Trans>Eat in</Trans> : <OrderType type={o.type} />} ·{' '}
          <RequestedTime order={o} />
        </DialogDescription>
      </DialogHeader>
      <StatusButtons program={program} order={o} />
      {/* A food court's sub-order: its part, the money and "Reject my part" (food-court). */}
      <RestaurantPartSection program={program} order={o.uuid} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">
          <Trans>Name</Trans>
        </dt>
        <dd>{o.name}</dd>
        {/* A counter order may have no phone or e-mail. */}
        {o.phone && (
          <>
            <dt className="text-muted-foreground">
              <Trans>Phone</Trans>
            </dt>
            <dd>
              <a className="underline" href={`tel:${o.phone}`}>
                {o.phone}
              </a>
            </dd>
          </>
        )}
        {o.email && (
          <>
            <dt className="text-muted-foreground">
              <Trans>E-mail</Trans>
            </dt>
            <dd className="break-all">{o.email}</dd>
          </>
        )}
        {o.address && (
          <>
            <dt className="text-muted-foreground">
              <Trans>Address</Trans>
            </dt>
            <dd>{o.address}</dd>
          </>
        )}
        {o.comments && (
          <>
            <dt className="text-muted-foreground">
              <Trans>Comments</Trans>
            </dt>
            <dd>{o.comments}</dd>
          </>
        )}
        <dt className="text-muted-foreground">
          <Trans>Placed</Trans>
        </dt>
        <dd>
          <DateTime value={o.created} timeZone={o.time_zone} />
        </dd>
      </dl>
      <section aria-labelledby="order-items-title">
        <h3 id="order-items-title" className="mb-1 font-semibold">
          <Trans>Items</Trans>
        </h3>
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-labelledby="order-items-title">
            <thead className="text-muted-foreground">
              <tr>
                <th className="py-1 text-start font-normal">
                  <Trans>Item</Trans>
                </th>
                <th className="py-1 text-end font-normal">
                  <Trans>VAT</Trans>
                </th>
                <th className="py-1 text-end font-normal">
                  <Trans>Amount</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {o.items_detail.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id and never reorder
                <tr key={i} className="border-t">
                  <td className="py-1">
                    {item.kind === 'product' ? `${item.quantity}× ` : ''}
                    <OrderLineTitle item={item} pickupFeeHeading={o.pickup_fee_heading} />
                    {item.variant ? ` (${item.variant.title})` : ''}
                    {item.extras.length > 0 && (
                      <span className="block text-muted-foreground">
                        + {item.extras.map((e) => e.title).join(', ')}
                      </span>
                    )}
                  </td>
                  <td className="py-1 text-end tabular-nums">
                    <Money amount={item.vat} currency={o.currency} />
                  </td>
                  <td className="py-1 text-end tabular-nums">
                    <Money amount={item.total} currency={o.currency} />
                  </td>
                </tr>
              ))}
              <tr className="border-t font-semibold">
                <td className="py-1">
                  <Trans>Total</Trans>
                </td>
                <td className="py-1 text-end tabular-nums">
                  <Money amount={o.vat} currency={o.currency} />
                </td>
                <td className="py-1 text-end tabular-nums">
                  <Money amount={o.total} currency={o.currency} />
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="order-history-title">
        <h3 id="order-history-title" className="mb-1 font-semibold">
          <Trans>History</Trans>
        </h3>
        <ol className="space-y-1 text-sm" data-testid="order-history">
          {o.history.map((h) => (
            <li key={`${h.created}-${h.to_status}`} className="flex flex-wrap gap-x-2">
              <DateTime value={h.created} timeZone={o.time_zone} />
              <span className="font-medium">{i18n._(statusMessage(h.to_status, pickup))}</span>
              <span className="text-muted-foreground">{i18n._(actorMessage(h.actor))}</span>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="order-transactions-title">
        <h3 id="order-transactions-title" className="mb-1 font-semibold">
          <Trans>Transactions</Trans>
        </h3>
        {o.transactions.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            <Trans>No transactions yet.</Trans>
          </p>
        ) : (
          <ul className="space-y-1 text-sm" data-testid="order-transactions">
            {o.transactions.map((tx) => (
              <li key={tx.uuid} className="flex flex-wrap justify-between gap-x-3">
                <span className="break-all">{tx.reference}</span>
                <span>
                  {tx.paid_at ? (
                    <DateTime value={tx.paid_at} timeZone={o.time_zone} />
                  ) : (
                    <DateTime value={tx.created} timeZone={o.time_zone} />
                  )}
                </span>
                <span className="tabular-nums">
                  <Money amount={tx.amount} currency={tx.currency} />
                  {tx.refunded_amount > 0 && (
                    <>
                      {' '}
                      (<Trans>refunded</Trans> <Money amount={tx.refunded_amount} currency={tx.currency} />)
                    </>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => onPrint(o)}>
          <PrinterIcon aria-hidden="true" />
          <Trans>Print ticket</Trans>
        </Button>
        <ReceiptLink program={program} order={o} />
      </div>
    </>
  )
}

/** The order's receipt as a PDF, in the reader's language (a plain download: the cookie signs it). */
function ReceiptLink({ program, order }: { program: string; order: FoodOrderDetail }) {
  const { i18n } = useLingui()
  const href = orderReceiptUrl(program, order.uuid, i18n.locale)
  return (
    <Button asChild variant="outline">
      <a
        href={href}
        download={`receipt-${order.order_id}.pdf`}
        data-testid="order-receipt"
        onClick={(e) => {
          e.preventDefault()
          void freshSession().finally(() => {
            window.location.assign(href)
          })
        }}
      >
        <DownloadIcon aria-hidden="true" />
        <Trans>Download receipt</Trans>
      </a>
    </Button>
  )
}
