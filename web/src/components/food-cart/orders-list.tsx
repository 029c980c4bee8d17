import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { LoadError } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { formatMoney } from '~/lib/money.ts'
import { orderNumber } from '~/lib/order-number.ts'
import { sessionQueryOptions } from './queries.ts'
import { useFoodSessionId } from './session.ts'
import { guestStatusMessage } from './status.ts'

/** `/orders` (spec section 2): the orders of this device's food session, newest first. */
export function GuestOrdersPage() {
  const session = useFoodSessionId()
  const hydrated = useHydrated()
  return (
    <div className="grid gap-5" data-testid="guest-orders">
      <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
        <Trans>Your orders</Trans>
      </h1>
      {session ? (
        <OrdersOf session={session} />
      ) : hydrated ? (
        <Nothing />
      ) : (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          <Trans>Loading your orders…</Trans>
        </p>
      )}
    </div>
  )
}

function Nothing() {
  return (
    <div
      className="grid gap-3 rounded-2xl border border-dashed px-4 py-10 text-center"
      data-testid="guest-orders-empty"
    >
      <p className="text-sm text-muted-foreground">
        <Trans>No orders on this device yet.</Trans>
      </p>
      <Link to="/food" className="text-sm font-medium text-primary-700 underline-offset-4 hover:underline">
        <Trans>Choose a restaurant</Trans>
      </Link>
    </div>
  )
}

function OrdersOf({ session }: { session: string }) {
  const { i18n } = useLingui()
  const current = useQuery(sessionQueryOptions(session))
  if (current.isPending) {
    return (
      <p className="text-sm text-muted-foreground" aria-live="polite">
        <Trans>Loading your orders…</Trans>
      </p>
    )
  }
  if (current.isError) return <LoadError onRetry={() => void current.refetch()} />
  const orders = current.data.orders
  if (orders.length === 0) return <Nothing />
  return (
    <ul className="grid divide-y overflow-hidden rounded-2xl border bg-background">
      {orders.map((o) => {
        const number = orderNumber(o.order_id)
        return (
          <li key={o.uuid}>
            <Link
              to="/orders/$uuid"
              params={{ uuid: o.uuid }}
              className="flex items-center justify-between gap-3 p-3.5 hover:bg-primary-50/60 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none focus-visible:ring-inset"
              data-testid="guest-order"
            >
              <span className="grid gap-0.5">
                <span className="font-medium">
                  <Trans>Order {number}</Trans>
                </span>
                <span className="text-[13px] text-muted-foreground">
                  {i18n.date(o.created, { dateStyle: 'medium', timeStyle: 'short', timeZone: o.time_zone })} ·{' '}
                  {i18n._(
                    guestStatusMessage(
                      o.order_status,
                      o.status_name === 'readyForPickup' || o.status_name === 'pickedUp',
                    ),
                  )}
                </span>
              </span>
              <span className="shrink-0 font-medium tabular-nums">
                {formatMoney(o.total, o.currency, i18n.locale)}
              </span>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
