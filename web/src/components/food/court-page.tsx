import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { LoaderCircleIcon, ShoppingBasketIcon, StoreIcon } from 'lucide-react'
import { type FormEvent, useId, useRef, useState } from 'react'
import { LocationButton } from '~/components/food-cart/location-dialog.tsx'
import { describeOrderingError, refusalText } from '~/components/food-cart/refusals.ts'
import { useFoodSessionId } from '~/components/food-cart/session.ts'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Checkbox } from '~/components/ui/checkbox.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'
import { ApiError } from '~/lib/api.ts'
import { formatMoney } from '~/lib/money.ts'
import { type CourtCart, checkoutCourt, courtCartQueryOptions, type GuestCourt } from './court-queries.ts'
import { closedReasons } from './labels.tsx'

/**
 * A food court for its guests (spec food.md section 2; docs/food-court.md "Guests"): the court, its
 * restaurants (active and onboarded only), each with its menu page, and one basket across them with
 * the court's minimum order besides each restaurant's own; the guest checks out once and pays once.
 */
export function CourtPage({ court }: { court: GuestCourt }) {
  const { i18n, t } = useLingui()
  const session = useFoodSessionId()
  const minimum = court.food_court_min_order_amount
  return (
    <article className="grid gap-6" data-testid="court-page" data-court={court.uuid}>
      <header className="grid gap-1.5">
        <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
          {court.title}
        </h1>
        {court.description && <p className="text-[15px] text-muted-foreground">{court.description}</p>}
        {minimum > 0 && (
          <p className="text-sm" data-testid="court-minimum">
            <Trans>
              Minimum order for the food court: {formatMoney(minimum, court.currency, i18n.locale)}
            </Trans>
          </p>
        )}
      </header>

      <section className="grid gap-3" aria-labelledby="court-restaurants">
        <h2 id="court-restaurants" className="text-lg font-semibold">
          <Trans>Restaurants</Trans>
        </h2>
        {court.restaurants.length === 0 ? (
          <EmptyState icon={StoreIcon} title={<Trans>No restaurants yet</Trans>}>
            <Trans>Restaurants appear here as soon as they open for orders.</Trans>
          </EmptyState>
        ) : (
          <ul
            className="grid gap-3 sm:grid-cols-2"
            aria-label={t`Restaurants`}
            data-testid="court-restaurants"
          >
            {court.restaurants.map((r) => (
              <li key={r.uuid}>
                <Link
                  to="/food/place/$uuid"
                  params={{ uuid: r.uuid }}
                  className="grid gap-1 rounded-2xl border p-4 hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
                  data-testid="court-restaurant"
                >
                  <span className="font-medium">{r.title}</span>
                  <span className="text-sm text-muted-foreground">{r.address}</span>
                  {r.closed && r.closed_reason && r.closed_reason in closedReasons ? (
                    <span className="text-sm text-amber-800">
                      {i18n._(closedReasons[r.closed_reason as keyof typeof closedReasons])}
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="grid gap-3" aria-labelledby="court-basket">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="court-basket" className="text-lg font-semibold">
            <Trans>Your basket</Trans>
          </h2>
          <LocationButton />
        </div>
        {session ? <CourtBasket court={court} session={session} /> : <EmptyBasket />}
      </section>
    </article>
  )
}

function EmptyBasket() {
  return (
    <div
      className="grid justify-items-center gap-2 rounded-2xl border border-dashed px-4 py-8 text-center"
      data-testid="court-basket-empty"
    >
      <ShoppingBasketIcon aria-hidden="true" className="size-7 text-muted-foreground" />
      <p className="text-sm text-muted-foreground">
        <Trans>Your basket is empty. Choose dishes from one or more restaurants.</Trans>
      </p>
    </div>
  )
}

function CourtBasket({ court, session }: { court: GuestCourt; session: string }) {
  const cart = useQuery(courtCartQueryOptions(session, court.uuid))
  if (cart.isPending)
    return (
      <p className="text-sm text-muted-foreground" aria-live="polite">
        <Trans>Loading your basket…</Trans>
      </p>
    )
  if (cart.isError) return <LoadError onRetry={() => void cart.refetch()} />
  if (cart.data.restaurants.every((r) => r.products.length === 0)) return <EmptyBasket />
  return <CartView cart={cart.data} court={court} session={session} />
}

function CartView({ cart, court, session }: { cart: CourtCart; court: GuestCourt; session: string }) {
  const { i18n } = useLingui()
  const m = (n: number) => formatMoney(n, cart.currency, i18n.locale)
  const belowCourtMinimum =
    cart.food_court_min_order_amount > 0 && cart.products_total < cart.food_court_min_order_amount
  const missing = cart.food_court_min_order_amount - cart.products_total
  return (
    <div className="grid gap-4" data-testid="court-cart">
      {cart.restaurants
        .filter((r) => r.products.length > 0)
        .map((r) => (
          <section
            key={r.details.uuid}
            className="grid gap-2 rounded-2xl border p-4"
            aria-label={r.details.title}
            data-testid="court-cart-restaurant"
          >
            <h3 className="font-medium">{r.details.title}</h3>
            <ul className="grid gap-1 text-sm">
              {r.products.map((line, i) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: a product may be in twice with other options
                  key={`${line.product_id}-${i}`}
                  className="flex justify-between gap-3"
                >
                  <span className="min-w-0">
                    {line.quantity} × {line.title}
                    {line.product_variant ? ` (${line.product_variant.title})` : ''}
                  </span>
                  <span className="tabular-nums">{m(line.price)}</span>
                </li>
              ))}
            </ul>
            <p className="flex justify-between gap-3 border-t pt-2 text-sm">
              <span>
                <Trans>Subtotal</Trans>
              </span>
              <span className="tabular-nums">{m(r.order.total)}</span>
            </p>
            {!r.order.can_order && r.order.refusal && (
              <p className="text-sm text-amber-800" data-testid="court-cart-restaurant-refusal">
                {r.order.refusal === 'min_order_amount' ? (
                  <Trans>Minimum order amount of this restaurant is {m(r.details.min_order_amount)}</Trans>
                ) : (
                  refusalText(i18n, r.order.refusal)
                )}
              </p>
            )}
          </section>
        ))}
      {cart.lines_elsewhere > 0 && (
        <p className="text-sm text-muted-foreground">
          <Trans>Dishes of restaurants outside this food court are left out.</Trans>
        </p>
      )}
      <p className="flex justify-between gap-3 text-base font-semibold" data-testid="court-cart-total">
        <span>
          <Trans>Total</Trans>
        </span>
        <span className="tabular-nums">{m(cart.total)}</span>
      </p>
      {belowCourtMinimum && (
        <p className="text-sm text-amber-800" role="status" data-testid="court-cart-minimum">
          <Trans>
            Minimum order amount is {m(cart.food_court_min_order_amount)}: add {m(missing)} more.
          </Trans>
        </p>
      )}
      <CheckoutForm court={court} session={session} disabled={!cart.can_order} />
    </div>
  )
}

function CheckoutForm({
  court,
  session,
  disabled,
}: {
  court: GuestCourt
  session: string
  disabled: boolean
}) {
  const { i18n } = useLingui()
  const hydrated = useHydrated()
  const id = useId()
  const key = useRef(crypto.randomUUID())
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [terms, setTerms] = useState(false)
  const [privacy, setPrivacy] = useState(false)
  const [pickup, setPickup] = useState(false)
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const data = new FormData(e.currentTarget)
    if (!terms || !privacy) {
      setProblem(i18n._(msg`You must accept the terms and the privacy statement to order.`))
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      const answer = await checkoutCourt(
        session,
        {
          court_uuid: court.uuid,
          name: String(data.get('name') ?? '').trim(),
          phone: String(data.get('phone') ?? '').trim(),
          email: String(data.get('email') ?? '').trim(),
          accept_terms: terms,
          accept_privacy: privacy,
          payment_method: 'card',
          pickup_in_restaurant: pickup,
          delivery_asap: true,
          language: (['nl', 'en', 'de', 'ru', 'uk'] as const).find((l) => i18n.locale.startsWith(l)) ?? 'nl',
        },
        key.current,
      )
      window.location.assign(answer.payment_url)
    } catch (error) {
      setBusy(false)
      if (
        error instanceof ApiError &&
        error.reason === 'min_order_amount' &&
        typeof error.params.amount === 'number'
      ) {
        const amount = formatMoney(error.params.amount, String(error.params.currency ?? 'EUR'), i18n.locale)
        setProblem(i18n._(msg`Minimum order amount is ${amount}`))
      } else setProblem(describeOrderingError(i18n, error))
      // A refused checkout is a new attempt next time.
      key.current = crypto.randomUUID()
    }
  }
  return (
    <form onSubmit={submit} className="grid gap-4 rounded-2xl border p-4" data-testid="court-checkout">
      <h3 className="font-medium">
        <Trans>Checkout</Trans>
      </h3>
      <fieldset disabled={busy || !hydrated} className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-name`}>
            <Trans>Name</Trans>
          </Label>
          <Input id={`${id}-name`} name="name" autoComplete="name" required data-testid="checkout-name" />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-phone`}>
            <Trans>Phone</Trans>
          </Label>
          <Input
            id={`${id}-phone`}
            name="phone"
            type="tel"
            autoComplete="tel"
            required
            data-testid="checkout-phone"
          />
        </div>
        <div className="grid gap-1 sm:col-span-2">
          <Label htmlFor={`${id}-email`}>
            <Trans>Email</Trans>
          </Label>
          <Input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            data-testid="checkout-email"
          />
        </div>
        {court.can_pickup_in_rest && (
          <div className="flex items-center gap-2 sm:col-span-2">
            <Checkbox
              id={`${id}-pickup`}
              checked={pickup}
              onCheckedChange={(c) => setPickup(c === true)}
              data-testid="checkout-pickup"
            />
            <Label htmlFor={`${id}-pickup`}>
              <Trans>I pick up my order at the food court</Trans>
            </Label>
          </div>
        )}
        <div className="flex items-center gap-2 sm:col-span-2">
          <Checkbox
            id={`${id}-terms`}
            checked={terms}
            onCheckedChange={(c) => setTerms(c === true)}
            data-testid="checkout-terms"
          />
          <Label htmlFor={`${id}-terms`}>
            <Trans>I accept the terms and conditions</Trans>
          </Label>
        </div>
        <div className="flex items-center gap-2 sm:col-span-2">
          <Checkbox
            id={`${id}-privacy`}
            checked={privacy}
            onCheckedChange={(c) => setPrivacy(c === true)}
            data-testid="checkout-privacy"
          />
          <Label htmlFor={`${id}-privacy`}>
            <Trans>I accept the privacy statement</Trans>
          </Label>
        </div>
      </fieldset>
      {problem && (
        <p className="text-sm text-destructive" role="alert" data-testid="checkout-problem">
          {problem}
        </p>
      )}
      <Button
        type="submit"
        disabled={busy || disabled || !hydrated}
        aria-busy={busy}
        data-testid="checkout-pay"
      >
        {busy && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
        <Trans>Order and pay</Trans>
      </Button>
    </form>
  )
}
