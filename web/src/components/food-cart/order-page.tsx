import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CheckIcon, DownloadIcon, ReceiptTextIcon } from 'lucide-react'
import { orderLineTitle, pickupFeeName } from '~/components/food/labels.tsx'
import { LoadError } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { type Answer, ApiError, api, apiUrl } from '~/lib/api.ts'
import { formatMoney } from '~/lib/money.ts'
import { orderNumber } from '~/lib/order-number.ts'
import { cn } from '~/lib/utils.ts'
import { type FoodOrderDetail, guestOrderQueryOptions } from './queries.ts'
import { describeOrderingError } from './refusals.ts'
import { useFoodSessionId } from './session.ts'
import { guestStatusMessage, progressSteps } from './status.ts'
import { useOrderStatus } from './use-order-status.ts'

/**
 * `/orders/{uuid}` (spec section 2): the guest's order, readable only with the session it was
 * ordered in (kept on this device): its status, live while the kitchen moves it, the dishes with
 * their VAT, the totals, how and when it comes; "Pay again" while it is unpaid; the receipt (PDF)
 * once it is paid.
 */
export function OrderPage({ uuid }: { uuid: string }) {
  const session = useFoodSessionId()
  const hydrated = useHydrated()
  if (!session) {
    return hydrated ? (
      <NoSession />
    ) : (
      <p className="text-sm text-muted-foreground" aria-live="polite">
        <Trans>Loading your order…</Trans>
      </p>
    )
  }
  return <OrderLoader uuid={uuid} session={session} />
}

function NoSession() {
  return (
    <div
      className="grid gap-3 rounded-2xl border border-dashed px-4 py-10 text-center"
      data-testid="order-no-session"
    >
      <p className="text-sm text-muted-foreground">
        <Trans>This order can be followed on the device it was ordered from.</Trans>
      </p>
      <Link to="/food" className="text-sm font-medium text-primary-700 underline-offset-4 hover:underline">
        <Trans>Choose a restaurant</Trans>
      </Link>
    </div>
  )
}

function OrderLoader({ uuid, session }: { uuid: string; session: string }) {
  const order = useQuery(guestOrderQueryOptions(uuid, session))
  const { live } = useOrderStatus(uuid, session, order.data?.order_status)
  if (order.isPending) {
    return (
      <p className="text-sm text-muted-foreground" aria-live="polite">
        <Trans>Loading your order…</Trans>
      </p>
    )
  }
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) return <NoSession />
    return <LoadError onRetry={() => void order.refetch()} />
  }
  return <OrderView order={order.data} session={session} live={live} />
}

/** The languages a receipt is printed in (the API's `language`); others get the order's own. */
const receiptLanguages = ['nl', 'en', 'de', 'ru', 'uk']

function OrderView({ order: o, session, live }: { order: FoodOrderDetail; session: string; live: boolean }) {
  const { i18n } = useLingui()
  const pickup = o.pickup_in_restaurant
  // A counter order paid by QR has no name, e-mail or phone: no line of bare separators.
  const contact = [o.name, o.email, o.phone].filter(Boolean).join(' · ')
  const m = (n: number) => formatMoney(n, o.currency, i18n.locale)
  const orderId = o.order_id
  const number = orderNumber(orderId)
  const payAgain = useMutation({
    mutationFn: () =>
      api<Answer<'/food/orders/{uuid}/payment', 'post'>>(
        `/food/orders/${encodeURIComponent(o.uuid)}/payment`,
        {
          method: 'POST',
          query: { session_id: session },
        },
      ),
    onSuccess: (answer) => window.location.assign(answer.payment_url),
  })
  const unpaid = o.order_status === 1 || o.order_status === 2 || o.order_status === 4
  const reached = (step: number) =>
    o.order_status !== 4 && o.order_status >= step && !(step === 3 && o.order_status < 3)
  return (
    <article className="grid gap-5" data-testid="order-page" data-status={o.order_status}>
      <header className="grid gap-2">
        <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
          <Trans>Order {number}</Trans>
        </h1>
        <p className="flex flex-wrap items-center gap-2">
          <span
            role="status"
            aria-live="polite"
            className="rounded-full bg-primary-700 px-3 py-1 text-sm font-semibold text-white"
            data-testid="order-status"
            data-status={o.order_status}
          >
            {i18n._(guestStatusMessage(o.order_status, pickup))}
          </span>
          {live ? (
            <span className="text-[13px] text-muted-foreground" data-testid="order-live">
              <Trans>Updates live</Trans>
            </span>
          ) : null}
        </p>
      </header>

      {o.order_status !== 4 && o.order_status >= 3 ? (
        <ol
          className="grid grid-cols-4 gap-1 text-center text-[12px]"
          aria-label={i18n._(guestStatusMessage(o.order_status, pickup))}
        >
          {progressSteps.map((step) => (
            <li key={step} className="grid justify-items-center gap-1">
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-7 items-center justify-center rounded-full border',
                  reached(step)
                    ? 'border-primary-700 bg-primary-700 text-white'
                    : 'bg-background text-muted-foreground',
                )}
              >
                {reached(step) ? <CheckIcon className="size-4" /> : null}
              </span>
              <span className={reached(step) ? 'font-medium' : 'text-muted-foreground'}>
                {i18n._(guestStatusMessage(step, pickup))}
              </span>
            </li>
          ))}
        </ol>
      ) : null}

      {unpaid ? (
        <div
          className="grid gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
          data-testid="order-unpaid"
        >
          <p>
            <Trans>This order has not been paid yet. The restaurant starts once it is paid.</Trans>
          </p>
          <Button
            className="w-fit"
            onClick={() => payAgain.mutate()}
            disabled={payAgain.isPending}
            data-testid="order-pay-again"
          >
            <Trans>Pay again</Trans>
          </Button>
          {payAgain.isError ? <p role="alert">{describeOrderingError(i18n, payAgain.error)}</p> : null}
        </div>
      ) : null}

      <section
        className="grid gap-3 rounded-2xl border bg-background p-4"
        aria-labelledby="order-items-title"
      >
        <h2 id="order-items-title" className="flex items-center gap-2 font-semibold">
          <ReceiptTextIcon aria-hidden="true" className="size-4" />
          <Trans>Your order</Trans>
        </h2>
        <ul className="grid divide-y text-sm">
          {o.items_detail.map((item) => (
            <li
              key={`${item.kind}-${item.title}-${item.variant?.uuid ?? ''}-${item.extras.map((e) => e.uuid).join(',')}`}
              className="flex justify-between gap-3 py-2"
              data-testid="order-item"
            >
              <span className="min-w-0 break-words">
                {item.kind === 'product' ? `${item.quantity} × ` : ''}
                {orderLineTitle(i18n, item, o.pickup_fee_heading)}
                {item.variant ? `, ${item.variant.title}` : ''}
                {item.extras.length > 0 ? `, ${item.extras.map((e) => e.title).join(', ')}` : ''}
                {item.vat_percentage !== null ? (
                  <span className="block text-[12px] text-muted-foreground">
                    <Trans>
                      VAT {item.vat_percentage}%: {m(item.vat)}
                    </Trans>
                  </span>
                ) : null}
              </span>
              <span className="shrink-0 tabular-nums">{m(item.total)}</span>
            </li>
          ))}
        </ul>
        <dl className="grid gap-1 border-t pt-3 text-sm">
          <div className="flex justify-between gap-3">
            <dt>
              <Trans>Products</Trans>
            </dt>
            <dd className="tabular-nums">{m(o.products_total)}</dd>
          </div>
          {pickup ? (
            o.pickup_fee > 0 ? (
              <div className="flex justify-between gap-3">
                <dt>{pickupFeeName(i18n, o.pickup_fee_heading)}</dt>
                <dd className="tabular-nums">{m(o.pickup_fee)}</dd>
              </div>
            ) : null
          ) : (
            <div className="flex justify-between gap-3">
              <dt>
                <Trans>Delivery</Trans>
              </dt>
              <dd className="tabular-nums">{m(o.delivery_cost)}</dd>
            </div>
          )}
          <div className="flex justify-between gap-3 text-base font-semibold">
            <dt>
              <Trans>Total</Trans>
            </dt>
            <dd className="tabular-nums" data-testid="order-total">
              {m(o.total)}
            </dd>
          </div>
          <div className="flex justify-between gap-3 text-[13px] text-muted-foreground">
            <dt>
              <Trans>Of which VAT</Trans>
            </dt>
            <dd className="tabular-nums" data-testid="order-vat">
              {m(o.vat)}
            </dd>
          </div>
        </dl>
      </section>

      {unpaid ? null : (
        <Button asChild variant="outline" className="w-fit">
          <a
            href={apiUrl(`/food/orders/${encodeURIComponent(o.uuid)}/receipt`, {
              session_id: session,
              language: receiptLanguages.includes(i18n.locale) ? i18n.locale : undefined,
            })}
            download={`receipt-${orderId}.pdf`}
            data-testid="order-receipt"
          >
            <DownloadIcon aria-hidden="true" />
            <Trans>Download receipt</Trans>
          </a>
        </Button>
      )}

      <section className="grid gap-1 text-sm" aria-labelledby="order-how-title">
        <h2 id="order-how-title" className="font-semibold">
          {pickup ? <Trans>Pickup</Trans> : <Trans>Delivery</Trans>}
        </h2>
        {o.address ? <p className="break-words">{o.address}</p> : null}
        <p>
          {o.delivery_asap || !o.requested_time ? (
            <Trans>As soon as possible</Trans>
          ) : (
            <Trans>At {i18n.date(o.requested_time, { timeStyle: 'short', timeZone: o.time_zone })}</Trans>
          )}
        </p>
        {contact ? (
          <p className="text-muted-foreground" data-testid="order-contact">
            {contact}
          </p>
        ) : null}
        <p className="text-muted-foreground">
          <Trans>
            Ordered on{' '}
            {i18n.date(o.created, { dateStyle: 'medium', timeStyle: 'short', timeZone: o.time_zone })}
          </Trans>
        </p>
      </section>
      <Link
        to="/orders"
        className="w-fit text-sm font-medium text-primary-700 underline-offset-4 hover:underline"
      >
        <Trans>All your orders</Trans>
      </Link>
    </article>
  )
}
