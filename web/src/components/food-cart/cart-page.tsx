import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { InfoIcon, ShoppingBasketIcon, Trash2Icon } from 'lucide-react'
import { useEffect } from 'react'
import { openingLine } from '~/components/food/labels.tsx'
import { LoadError } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { ApiError, api } from '~/lib/api.ts'
import { formatMoney } from '~/lib/money.ts'
import { Stepper } from './add-to-basket.tsx'
import { LocationButton } from './location-dialog.tsx'
import {
  type Basket,
  type BasketLine,
  type BasketRestaurant,
  basketQueryOptions,
  cartKeys,
  putBasketLine,
} from './queries.ts'
import { describeOrderingError, refusalText } from './refusals.ts'
import { storedSessionId, storeSessionId } from './session.ts'

/**
 * `/food/cart/{id}` (spec section 2 "Cart"): the basket of a food session, a block per restaurant
 * (a food court's cart holds several) with its lines and counts (0 removes the line; an empty
 * block goes), the products, delivery cost or pickup fee and total as the server prices them, why
 * it cannot be ordered yet (minimum order, outside the area, closed …) in words, and the way on to
 * that restaurant's checkout.
 */
export function CartPage({ session }: { session: string }) {
  const { i18n } = useLingui()
  const basket = useQuery(basketQueryOptions(session))
  const gone = basket.error instanceof ApiError && basket.error.status === 404
  useEffect(() => {
    // The API no longer knows this device's session: start afresh next time.
    if (gone && storedSessionId() === session) storeSessionId(null)
  }, [gone, session])
  if (basket.isPending) {
    return (
      <p className="text-sm text-muted-foreground" aria-live="polite">
        <Trans>Loading your basket…</Trans>
      </p>
    )
  }
  if (gone) {
    return (
      <CartShell>
        <Empty>{refusalText(i18n, 'invalid_session')}</Empty>
      </CartShell>
    )
  }
  if (basket.isError) return <LoadError onRetry={() => void basket.refetch()} />
  return (
    <CartShell>
      <CartView basket={basket.data} session={session} />
    </CartShell>
  )
}

function CartShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="grid gap-5" data-testid="cart-page">
      <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
        <Trans>Your basket</Trans>
      </h1>
      {children}
    </div>
  )
}

function Empty({ children }: { children: React.ReactNode }) {
  return (
    <div
      className="grid justify-items-center gap-3 rounded-2xl border border-dashed px-4 py-10 text-center"
      data-testid="cart-empty"
    >
      <ShoppingBasketIcon aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="text-sm text-muted-foreground">{children}</p>
      <Link to="/food" className="text-sm font-medium text-primary-700 underline-offset-4 hover:underline">
        <Trans>Choose a restaurant</Trans>
      </Link>
    </div>
  )
}

/** The basket's restaurants; reusable by the food court's cart (several restaurants at once). */
export function CartView({ basket, session }: { basket: Basket; session: string }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">
          <Trans>Your order:</Trans>
        </span>
        <LocationButton restaurant={basket.restaurants[0]?.details.uuid} />
      </div>
      {basket.restaurants.length === 0 ? (
        <Empty>
          <Trans>Your basket is empty.</Trans>
        </Empty>
      ) : (
        basket.restaurants.map((r) => (
          <RestaurantBlock
            key={r.details.uuid}
            part={r}
            session={session}
            pickup={basket.session.pickup_in_restaurant}
          />
        ))
      )}
    </>
  )
}

function RestaurantBlock({
  part,
  session,
  pickup,
}: {
  part: BasketRestaurant
  session: string
  pickup: boolean
}) {
  const { i18n, t } = useLingui()
  const queryClient = useQueryClient()
  const d = part.details
  const o = part.order
  const m = (n: number) => formatMoney(n, d.currency, i18n.locale)
  const clear = useMutation({
    mutationFn: () =>
      api<Basket>(`/food/basket/${encodeURIComponent(session)}`, {
        method: 'POST',
        query: { restaurant_uuid: d.uuid },
      }),
    onSuccess: (next) => queryClient.setQueryData(cartKeys.basket(session), next),
  })
  // Closed outside its hours: when it opens next, on the restaurant's clock, rather than only "closed".
  const closedHours = (o.refusal === 'closed_now' || o.refusal === 'closed_today') && d.next_opening
  const refusal = closedHours
    ? openingLine(i18n, { ...d, closed: true, closed_reason: o.refusal })
    : o.refusal
      ? refusalText(i18n, o.refusal, { amount: d.min_order_amount, currency: d.currency })
      : null
  const short = o.refusal === 'min_order_amount' ? d.min_order_amount - o.products : 0
  return (
    <section
      aria-labelledby={`cart-${d.uuid}`}
      className="grid gap-3 rounded-2xl border bg-background p-4"
      data-testid="cart-restaurant"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={`cart-${d.uuid}`} className="text-lg font-semibold break-words">
          <Link
            to="/food/place/$uuid"
            params={{ uuid: d.uuid }}
            className="underline-offset-4 hover:underline"
          >
            {d.title}
          </Link>
        </h2>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => clear.mutate()}
          disabled={clear.isPending}
          aria-label={t`Remove everything of ${d.title}`}
          data-testid="cart-clear"
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      </div>
      <ul className="grid divide-y">
        {part.products.map((line) => (
          <CartLine key={line.line_id} line={line} currency={d.currency} session={session} />
        ))}
      </ul>
      <dl className="grid gap-1 border-t pt-3 text-sm" data-testid="cart-totals">
        <Row label={<Trans>Products</Trans>} value={m(o.products)} testId="cart-products" />
        {pickup ? (
          <Row
            label={d.pickup_fee_heading.trim() || <Trans>Pickup fee</Trans>}
            value={m(o.pickup_fee)}
            testId="cart-pickup-fee"
          />
        ) : (
          <Row
            label={<Trans>Delivery</Trans>}
            value={o.delivery === null ? '—' : o.delivery === 0 ? t`Free` : m(o.delivery)}
            testId="cart-delivery"
          />
        )}
        <Row label={<Trans>Total</Trans>} value={m(o.total)} strong testId="cart-total" />
      </dl>
      <p className="-mt-2 text-[13px] text-muted-foreground">
        <Trans>Including VAT {m(o.vat)}</Trans>
      </p>
      {d.min_order_amount > 0 && o.refusal !== 'min_order_amount' ? (
        <p className="text-[13px] text-muted-foreground">
          <Trans>Minimum order amount: {m(d.min_order_amount)}</Trans>
        </p>
      ) : null}
      {refusal ? (
        <p
          role="status"
          className="flex gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="cart-refusal"
          data-reason={o.refusal}
        >
          <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {refusal}
            {short > 0 ? ` ${t`Add ${m(short)} more to order.`}` : null}
            {d.closed_message ? ` ${d.closed_message}` : null}
          </span>
        </p>
      ) : null}
      {clear.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {describeOrderingError(i18n, clear.error)}
        </p>
      ) : null}
      {o.can_order ? (
        <Button asChild size="lg" className="w-full" data-testid="cart-checkout">
          <Link to="/food/cart/$id/order" params={{ id: session }} search={{ restaurant: d.uuid }}>
            <Trans>Order · {m(o.total)}</Trans>
          </Link>
        </Button>
      ) : (
        <Button size="lg" className="w-full" disabled data-testid="cart-checkout">
          <Trans>Order · {m(o.total)}</Trans>
        </Button>
      )}
    </section>
  )
}

function Row({
  label,
  value,
  strong,
  testId,
}: {
  label: React.ReactNode
  value: string
  strong?: boolean
  testId: string
}) {
  return (
    <div
      className={strong ? 'flex justify-between gap-3 text-base font-semibold' : 'flex justify-between gap-3'}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  )
}

function CartLine({ line, currency, session }: { line: BasketLine; currency: string; session: string }) {
  const { i18n, t } = useLingui()
  const queryClient = useQueryClient()
  const change = useMutation({
    mutationFn: (quantity: number) =>
      putBasketLine(session, {
        product_id: line.product_id,
        quantity,
        variant_uuid: line.product_variant?.uuid ?? null,
        extra_uuids: line.product_extras.map((e) => e.uuid),
      }),
    onSuccess: (next) => queryClient.setQueryData(cartKeys.basket(session), next),
  })
  const options = [line.product_variant?.title, ...line.product_extras.map((e) => e.title)].filter(Boolean)
  return (
    <li className="grid gap-2 py-3" data-testid="cart-line">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium break-words" data-testid="cart-line-title">
            {line.title}
          </p>
          {options.length > 0 ? (
            <p className="text-[13px] break-words text-muted-foreground" data-testid="cart-line-options">
              {options.join(', ')}
            </p>
          ) : null}
          <p className="text-[13px] text-muted-foreground">
            <Trans>{formatMoney(line.unit_price, currency, i18n.locale)} each</Trans>
          </p>
        </div>
        <p className="shrink-0 font-medium tabular-nums" data-testid="cart-line-price">
          {formatMoney(line.price, currency, i18n.locale)}
        </p>
      </div>
      <div className="flex items-center justify-between gap-3">
        <Stepper
          value={line.quantity}
          min={0}
          onChange={(n) => change.mutate(n)}
          label={t`Number of ${line.title}`}
          testId="cart-line-count"
          busy={change.isPending}
        />
        <Button
          variant="ghost"
          size="sm"
          onClick={() => change.mutate(0)}
          disabled={change.isPending}
          data-testid="cart-line-remove"
        >
          <Trans>Remove</Trans>
        </Button>
      </div>
      {change.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {describeOrderingError(i18n, change.error)}
        </p>
      ) : null}
    </li>
  )
}
