import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { LoaderCircleIcon, XCircleIcon } from 'lucide-react'
import { useEffect } from 'react'
import { storedSessionId, storeSessionId, useFoodSessionId } from '~/components/food-cart/session.ts'
import { guestStatusMessage } from '~/components/food-cart/status.ts'
import { LoadError } from '~/components/shared/states.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
import { ApiError } from '~/lib/api.ts'
import { formatMoney } from '~/lib/money.ts'
import { orderNumber } from '~/lib/order-number.ts'
import { type CourtOrder, courtOutcomeQueryOptions, guestCourtOrderQueryOptions } from './court-queries.ts'
import { orderLineTitle } from './labels.tsx'

/**
 * `/food-court/payment/{session}`: the payment page of a court order sends the guest back here
 * (docs/food-court.md). Paid: on to the order. Pending: asked again every 2 s. Failed: said so,
 * with the way back to the court's basket.
 */
export function CourtPaymentReturnPage({ session }: { session: string }) {
  const navigate = useNavigate()
  const outcome = useQuery({
    ...courtOutcomeQueryOptions(session),
    refetchInterval: (query) => (query.state.data?.outcome === 'pending' ? 2_000 : false),
  })
  useEffect(() => {
    if (!storedSessionId()) storeSessionId(session)
  }, [session])
  const data = outcome.data
  useEffect(() => {
    if (data?.outcome === 'paid')
      void navigate({ to: '/food-court/orders/$uuid', params: { uuid: data.order_uuid }, replace: true })
  }, [data, navigate])
  return (
    <div className="grid gap-5" data-testid="court-payment-return" data-outcome={data?.outcome}>
      <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
        <Trans>Your payment</Trans>
      </h1>
      {outcome.isError ? (
        <LoadError onRetry={() => void outcome.refetch()} />
      ) : data?.outcome !== 'failed' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
          {data?.outcome === 'paid' ? (
            <Trans>Payment received. Opening your order…</Trans>
          ) : (
            <Trans>Checking your payment…</Trans>
          )}
        </p>
      ) : (
        <div
          className="grid gap-3 rounded-2xl border border-destructive/40 bg-destructive/5 p-4"
          data-testid="payment-failed"
        >
          <p className="flex items-center gap-2 font-medium text-destructive">
            <XCircleIcon aria-hidden="true" className="size-5" />
            <Trans>The payment did not go through. Your order is not paid.</Trans>
          </p>
          <Button asChild variant="outline" className="w-fit">
            {/* The API's `next`: the court's basket of this session. */}
            <a href={data.next}>
              <Trans>Back to your basket</Trans>
            </a>
          </Button>
        </div>
      )}
    </div>
  )
}

const isAllRejected = (o: CourtOrder) =>
  o.food_court_suborders.length > 0 && o.food_court_suborders.every((p) => p.rejected)

/** `/food-court/orders/{uuid}`: the guest's court order, one part per restaurant, each with its status. */
export function CourtOrderPage({ uuid }: { uuid: string }) {
  const session = useFoodSessionId()
  if (!session) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="order-no-session">
        <Trans>This order can be followed on the device it was ordered from.</Trans>
      </p>
    )
  }
  return <CourtOrderLoader uuid={uuid} session={session} />
}

function CourtOrderLoader({ uuid, session }: { uuid: string; session: string }) {
  const order = useQuery({
    ...guestCourtOrderQueryOptions(uuid, session),
    refetchInterval: (q) =>
      q.state.data && (q.state.data.order_status >= 7 || isAllRejected(q.state.data)) ? false : 10_000,
  })
  if (order.isPending)
    return (
      <p className="text-sm text-muted-foreground" aria-live="polite">
        <Trans>Loading your order…</Trans>
      </p>
    )
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404)
      return (
        <p className="text-sm text-muted-foreground" data-testid="order-no-session">
          <Trans>This order can be followed on the device it was ordered from.</Trans>
        </p>
      )
    return <LoadError onRetry={() => void order.refetch()} />
  }
  return <CourtOrderView order={order.data} />
}

function CourtOrderView({ order: o }: { order: CourtOrder }) {
  const { i18n } = useLingui()
  const m = (n: number) => formatMoney(n, o.currency, i18n.locale)
  const number = orderNumber(o.order_id)
  const pickup = o.pickup_in_restaurant
  // Every part rejected and refunded: nothing more will happen (the court order keeps status 3).
  const allRejected = isAllRejected(o)
  return (
    <article className="grid gap-5" data-testid="court-order-page" data-status={o.order_status}>
      <header className="grid gap-1">
        <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
          <Trans>Order {number}</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">{o.court_title}</p>
        <p data-testid="order-status" className="font-medium" data-rejected={allRejected}>
          {allRejected ? (
            <Trans>Rejected by the restaurant: your money is refunded</Trans>
          ) : (
            i18n._(guestStatusMessage(o.order_status, pickup))
          )}
        </p>
      </header>
      <ul className="grid gap-3">
        {o.food_court_suborders.map((part) => (
          <li
            key={part.uuid}
            className="grid gap-2 rounded-2xl border p-4"
            data-testid="court-order-part"
            data-restaurant={part.restaurant_uuid}
            data-part={part.part_status}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium">{part.restaurant_title}</span>
              {part.rejected ? (
                <Badge variant="destructive" data-testid="court-order-part-status" data-rejected="true">
                  <Trans>Rejected by the restaurant</Trans>
                </Badge>
              ) : (
                <Badge
                  variant={part.order_status >= 7 ? 'success' : 'secondary'}
                  data-testid="court-order-part-status"
                  data-status={part.order_status}
                >
                  {i18n._(guestStatusMessage(part.order_status, pickup))}
                </Badge>
              )}
            </div>
            {part.rejected && (
              <p className="text-sm text-muted-foreground" data-testid="court-order-part-refund">
                {part.part_status === 'refunded' ? (
                  <Trans>{m(part.total)} refunded to you.</Trans>
                ) : (
                  <Trans>{m(part.total)} is being refunded to you.</Trans>
                )}
                {allRejected ? null : (
                  <>
                    {' '}
                    <Trans>The other restaurants' parts go on.</Trans>
                  </>
                )}
              </p>
            )}
            <ul className="grid gap-1 text-sm">
              {part.items.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: items have no id of their own
                <li key={i} className="flex justify-between gap-3">
                  <span>
                    {item.kind === 'product' ? `${item.quantity} × ` : ''}
                    {orderLineTitle(i18n, item)}
                  </span>
                  <span className="tabular-nums">{m(item.price)}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <p className="flex justify-between gap-3 text-base font-semibold" data-testid="order-total">
        <span>
          <Trans>Total</Trans>
        </span>
        <span className="tabular-nums">{m(o.total)}</span>
      </p>
      {o.refunded > 0 && (
        <p className="flex justify-between gap-3 text-sm" data-testid="order-refunded">
          <span>
            <Trans>Refunded</Trans>
          </span>
          <span className="tabular-nums">{m(o.refunded)}</span>
        </p>
      )}
    </article>
  )
}
