import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import { Badge } from '~/components/ui/badge.tsx'
import { formatMoney } from '~/lib/money.ts'
import { orderNumber } from '~/lib/order-number.ts'
import { type FoodOrder, orderTypeMessage, statusMessage } from './api.ts'

/**
 * An order's status as a badge, worded from its code; a food court sub-order whose restaurant
 * rejected its part (`rejected_at`) reads "Rejected · refunded" whatever its code.
 */
export function StatusBadge({
  order,
}: {
  order: Pick<FoodOrder, 'order_status' | 'type'> & { rejected_at?: string | null | undefined }
}) {
  const { i18n } = useLingui()
  const s = order.order_status
  if (order.rejected_at)
    return (
      <Badge variant="destructive" data-testid="order-status" data-status={s} data-rejected="true">
        <Trans>Rejected · refunded</Trans>
      </Badge>
    )
  const variant =
    s === 3
      ? 'warning'
      : s === 5
        ? 'primary'
        : s === 6
          ? 'secondary'
          : s === 4
            ? 'destructive'
            : s >= 7
              ? 'success'
              : 'muted'
  return (
    <Badge variant={variant} data-testid="order-status" data-status={s}>
      {i18n._(statusMessage(s, order.type === 'pickup'))}
    </Badge>
  )
}

export function Money({ amount, currency }: { amount: number; currency: string }) {
  const { i18n } = useLingui()
  return <>{formatMoney(amount, currency, i18n.locale)}</>
}

export function OrderType({ type }: { type: string }) {
  const { i18n } = useLingui()
  return <>{i18n._(orderTypeMessage(type))}</>
}

/** When the customer wants it: as soon as possible, or the time they chose. */
/**
 * An order line's title for the staff: a dish's own, a fee line named by its kind (the API stores
 * its title in English). The guest's pages have their own in the food catalog (food/labels.tsx).
 */
export function OrderLineTitle({
  item,
  pickupFeeHeading = '',
}: {
  item: { kind: string; title: string }
  /** The restaurant's own name for the pickup fee, kept on the order ("Verpakking"). */
  pickupFeeHeading?: string
}) {
  if (item.kind === 'delivery') return <Trans>Delivery</Trans>
  if (item.kind === 'pickup_fee') return pickupFeeHeading.trim() || <Trans>Pickup fee</Trans>
  return <>{item.title}</>
}

/** The slot the guest chose, on the restaurant's clock (an instant in the API). */
export function RequestedTime({
  order,
}: {
  order: Pick<FoodOrder, 'delivery_asap' | 'requested_time' | 'time_zone'>
}) {
  const { i18n } = useLingui()
  if (order.delivery_asap || !order.requested_time) return <Trans>As soon as possible</Trans>
  return (
    <time dateTime={order.requested_time}>
      {i18n.date(order.requested_time, { timeStyle: 'short', timeZone: order.time_zone })}
    </time>
  )
}

/** A moment on the restaurant's clock when its zone is given (the staff may sit elsewhere). */
export function DateTime({ value, timeZone }: { value: string; timeZone?: string | undefined }) {
  const { i18n } = useLingui()
  return (
    <time dateTime={value}>{i18n.date(value, { dateStyle: 'short', timeStyle: 'short', timeZone })}</time>
  )
}

export function OrderItems({ items }: { items: FoodOrder['items'] }) {
  return (
    <ul className="space-y-0.5">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id and never reorder
        <li key={i}>
          <span className="font-semibold tabular-nums">{item.quantity}×</span> {item.title}
          {item.variant ? ` (${item.variant})` : ''}
          {item.extras.length > 0 && (
            <span className="block ps-6 text-muted-foreground text-sm">+ {item.extras.join(', ')}</span>
          )}
        </li>
      ))}
    </ul>
  )
}

/**
 * The printable kitchen ticket (80 mm roll), rendered straight under <body> and shown only when
 * printing; the print styles hide every other child of <body> while it prints.
 */
export function OrderTicket({ order }: { order: FoodOrder }) {
  return createPortal(
    <div className="order-ticket-root hidden bg-white text-black print:block" data-testid="order-ticket">
      <p className="font-bold text-xl">{orderNumber(order.order_id)}</p>
      <p>
        <OrderType type={order.type} /> · <RequestedTime order={order} />
      </p>
      <p>
        <DateTime value={order.created} />
      </p>
      <hr className="my-1 border-black border-dashed" />
      <OrderItems items={order.items} />
      {order.comments && <p className="mt-1 italic">{order.comments}</p>}
      <hr className="my-1 border-black border-dashed" />
      <p>{order.name}</p>
      <p>{order.phone}</p>
      {order.address && <p>{order.address}</p>}
      <p className="mt-1 font-bold">
        <Trans>Total</Trans> <Money amount={order.total} currency={order.currency} />
      </p>
    </div>,
    document.body,
  )
}

/**
 * Prints one order's ticket: `print(order)` renders its ticket, marks <html> so the print styles
 * (web/src/styles/app.css, 80 mm) show only the ticket, opens the print dialog and clears after.
 */
export function usePrintTicket(): { ticket: FoodOrder | null; print: (order: FoodOrder) => void } {
  const [ticket, setTicket] = useState<FoodOrder | null>(null)
  useEffect(() => {
    if (!ticket) return
    const root = document.documentElement
    root.dataset.printTicket = ticket.uuid
    const done = () => {
      delete root.dataset.printTicket
      setTicket(null)
    }
    window.addEventListener('afterprint', done, { once: true })
    window.print()
    return () => window.removeEventListener('afterprint', done)
  }, [ticket])
  return { ticket, print: setTicket }
}
