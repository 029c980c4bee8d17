import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import {
  ArrowLeftIcon,
  CircleCheckIcon,
  ClockIcon,
  CreditCardIcon,
  LayersIcon,
  LoaderCircleIcon,
  RotateCwIcon,
  XCircleIcon,
} from 'lucide-react'
import { type ReactNode, useRef, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { z } from 'zod'
import { OrderStatusBadge } from '~/components/cards/labels.tsx'
import { Money } from '~/components/finances/amount.tsx'
import { LoadError } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  useZodForm,
} from '~/components/ui/form.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Skeleton } from '~/components/ui/skeleton.tsx'
import { notify } from '~/lib/notify.tsx'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { cn } from '~/lib/utils.ts'
import { DownloadCardsButton } from './card-batches.tsx'
import { cardErrorMessage } from './card-errors.ts'
import { formatRate, UseModeText, ValidityText } from './card-labels.tsx'
import {
  type CardOrder,
  cardKeys,
  cardTypePricesQueryOptions,
  cardTypes,
  latestOrderQueryOptions,
  orderBreakdown,
  orderCards,
  orderQuantity,
  type Card as ProgramCard,
  parseQuantity,
  priceOf,
  programCardQueryOptions,
  type TypePrice,
  vatFraction,
} from './card-queries.ts'
import { SavedCardPreview } from './card-summary.tsx'
import { isForbidden, isNotFound } from './errors.ts'
import { type Program, programQueryOptions, programStatuses, programTypes } from './queries.ts'

/** How often and how long the page asks again while a payment or the issuing is on its way. */
const pollEveryMs = 1500
const pollForMs = 120_000

/**
 * A paid order of the last hour: the payer is most likely back from paying it (the payment returns
 * here), so the page opens with its cards.
 */
const isRecentlyPaid = (order: CardOrder) =>
  order.status === 'paid' && !!order.paid_at && Date.now() - Date.parse(order.paid_at) < 60 * 60_000

/** An order whose payment has started or has been paid, but whose cards are not issued yet. */
const isSettling = (order: CardOrder) =>
  order.status === 'open' && (order.payment?.status === 'pending' || order.payment?.status === 'paid')

/**
 * `/programs/{uuid}/order` (spec section 2, "card order"): the owner orders cards of an active card
 * program. A quantity (1–10,000) with the price worked out as it is typed (face value, price per
 * card, VAT on the price, total); "Order and pay" makes the order (`POST payment/order`, with an
 * Idempotency-Key) and opens its checkout. Back from paying (the payment's return URL is this
 * page), or whenever an order is still open, the newest order's state shows: being confirmed, paid
 * with its cards to download, waiting to be paid, or ended and to be ordered again.
 */
export function CardOrderPage({ uuid, returnedOrder }: { uuid: string; returnedOrder: string | undefined }) {
  const program = useQuery(programQueryOptions(uuid))
  if (program.isPending) return <OrderSkeleton />
  if (program.isError) {
    if (isNotFound(program.error) || isForbidden(program.error))
      return (
        <Blocked title={<Trans>Program not found</Trans>}>
          <Trans>There is no program at this address, or it is not yours. It may have been deleted.</Trans>
        </Blocked>
      )
    return <LoadError onRetry={() => program.refetch()} />
  }
  const p = program.data
  if (p.type.id !== programTypes.card)
    return (
      <Blocked title={<Trans>Cards cannot be ordered here</Trans>} program={p}>
        <Trans>Only card programs have cards to order.</Trans>
      </Blocked>
    )
  if (p.status.id !== programStatuses.active)
    return (
      <Blocked title={<Trans>Cards cannot be ordered yet</Trans>} program={p}>
        <Trans>Only an active program takes card orders. Finish and activate the program first.</Trans>
      </Blocked>
    )
  return <OrderScreen program={p} returnedOrder={returnedOrder} />
}

function BackToProgram({ program }: { program: string }) {
  return (
    <Button variant="ghost" size="sm" asChild className="w-fit">
      <Link to="/programs/$uuid" params={{ uuid: program }} data-testid="order-back">
        <ArrowLeftIcon aria-hidden="true" />
        <Trans>Back to the program</Trans>
      </Link>
    </Button>
  )
}

function Blocked({ title, program, children }: { title: ReactNode; program?: Program; children: ReactNode }) {
  return (
    <Card className="mx-auto w-full max-w-lg" data-testid="order-unavailable">
      <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
        <LayersIcon aria-hidden="true" className="size-10 text-muted-foreground" />
        <h1 id="screen-title" data-testid="screen-title" className="text-xl font-semibold">
          {title}
        </h1>
        <p className="text-sm text-muted-foreground">{children}</p>
        <Button variant="outline" asChild>
          {program ? (
            <Link to="/programs/$uuid" params={{ uuid: program.uuid }}>
              <Trans>Back to the program</Trans>
            </Link>
          ) : (
            <Link to="/programs">
              <Trans>All programs</Trans>
            </Link>
          )}
        </Button>
      </CardContent>
    </Card>
  )
}

function OrderScreen({ program, returnedOrder }: { program: Program; returnedOrder: string | undefined }) {
  const { i18n } = useLingui()
  const card = useQuery(programCardQueryOptions(program.uuid))
  const prices = useQuery(cardTypePricesQueryOptions(program.currency))
  const [pollingSince, setPollingSince] = useState(() => Date.now())
  const latest = useQuery({
    ...latestOrderQueryOptions(program.uuid),
    staleTime: 0,
    refetchInterval: (query) => {
      const order = query.state.data
      if (!order || Date.now() - pollingSince > pollForMs) return false
      // Back from paying, or a payment under way: until the order is settled either way.
      const waiting = isSettling(order) || (order.uuid === returnedOrder && order.status === 'open')
      return waiting ? pollEveryMs : false
    },
  })
  const order = latest.data ?? null
  const showOrder =
    order !== null && (order.status === 'open' || order.uuid === returnedOrder || isRecentlyPaid(order))

  return (
    <div className="grid grid-cols-1 gap-6" data-testid="card-order-page" data-program={program.uuid}>
      <BackToProgram program={program.uuid} />
      <header className="grid gap-1">
        <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
          <Trans>Order cards</Trans>
        </h1>
        <p className="text-sm text-muted-foreground" data-testid="order-program">
          {program.title}
        </p>
      </header>

      {latest.isError && (
        <LoadError onRetry={() => latest.refetch()}>{i18n._(cardErrorMessage(latest.error))}</LoadError>
      )}
      {showOrder && order && (
        <OrderState
          order={order}
          program={program}
          waitedTooLong={
            (isSettling(order) || order.uuid === returnedOrder) &&
            order.status === 'open' &&
            !latest.isFetching &&
            Date.now() - pollingSince > pollForMs
          }
          onCheckAgain={() => {
            setPollingSince(Date.now())
            void latest.refetch()
          }}
        />
      )}

      {card.isPending || prices.isPending || latest.isPending ? (
        <OrderSkeleton />
      ) : card.isError || prices.isError ? (
        <LoadError
          onRetry={() => {
            void card.refetch()
            void prices.refetch()
          }}
        />
      ) : !card.data?.complete ? (
        <p className="text-sm text-muted-foreground" data-testid="order-no-card">
          <Trans>The program's card is not set up.</Trans>
        </p>
      ) : (
        <OrderForm
          program={program}
          card={card.data}
          price={priceOf(prices.data.results, card.data.type.id, program.currency)}
          openOrder={order?.status === 'open' ? order : null}
          onOrdered={() => setPollingSince(Date.now())}
        />
      )}
    </div>
  )
}

/** The newest order as it stands: paid and issued, waiting to be paid, or ended. */
function OrderState({
  order,
  program,
  waitedTooLong,
  onCheckAgain,
}: {
  order: CardOrder
  program: Program
  waitedTooLong: boolean
  onCheckAgain: () => void
}) {
  const { i18n } = useLingui()
  const quantity = order.quantity
  const issued = order.cards_issued
  const created = i18n.date(order.created, { dateStyle: 'medium', timeStyle: 'short' })
  const number = String(order.number)

  let tone: 'success' | 'progress' | 'waiting' | 'muted'
  let icon: ReactNode
  let title: ReactNode
  let body: ReactNode
  let actions: ReactNode = null

  if (order.status === 'paid') {
    tone = 'success'
    icon = <CircleCheckIcon aria-hidden="true" />
    title = <Plural value={issued} one="# card issued" other="# cards issued" />
    body = (
      <Trans>
        Order {number} is paid. Download the cards' tokens to print or send them; card holders activate a card
        with its token.
      </Trans>
    )
    actions = (
      <>
        <DownloadCardsButton order={order} variant="primary" size="md" testId="order-download" />
        <Button variant="outline" asChild>
          <Link to="/programs/$uuid" params={{ uuid: program.uuid }} data-testid="order-to-program">
            <Trans>Back to the program</Trans>
          </Link>
        </Button>
      </>
    )
  } else if (order.status === 'open' && isSettling(order)) {
    tone = waitedTooLong ? 'muted' : 'progress'
    icon = waitedTooLong ? (
      <ClockIcon aria-hidden="true" />
    ) : (
      <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
    )
    title =
      order.payment?.status === 'paid' ? (
        <Trans>Payment received, issuing your cards…</Trans>
      ) : waitedTooLong ? (
        <Trans>Still waiting for the payment provider</Trans>
      ) : (
        <Trans>Confirming your payment…</Trans>
      )
    body =
      order.payment?.status === 'paid' ? (
        <Trans>This takes a few seconds.</Trans>
      ) : (
        <Trans>
          A payment of order {number} has started. If you left the payment page without paying, continue
          paying there; do not pay twice.
        </Trans>
      )
    actions = (
      <>
        {order.payment?.status !== 'paid' && <ContinuePaying order={order} variant="outline" />}
        {waitedTooLong && (
          <Button variant="ghost" onClick={onCheckAgain}>
            <RotateCwIcon aria-hidden="true" />
            <Trans>Check again</Trans>
          </Button>
        )}
      </>
    )
  } else if (order.status === 'open') {
    tone = 'waiting'
    icon = <CreditCardIcon aria-hidden="true" />
    title = <Trans>Order {number} awaits payment</Trans>
    body = <Trans>Ordered on {created}. Its cards are issued as soon as it is paid.</Trans>
    actions = <ContinuePaying order={order} />
  } else {
    tone = 'muted'
    icon = <XCircleIcon aria-hidden="true" />
    title =
      order.status === 'expired' ? (
        <Trans>Order {number} has expired</Trans>
      ) : (
        <Trans>Order {number} was cancelled</Trans>
      )
    body = <Trans>It was not paid and no cards were issued. Order again below.</Trans>
  }

  return (
    <section
      aria-live="polite"
      className={cn(
        'flex flex-wrap items-start gap-4 rounded-xl border px-5 py-4',
        tone === 'success' && 'border-green-200 bg-green-50/70',
        tone === 'progress' && 'border-primary-200 bg-primary-50/60',
        tone === 'waiting' && 'border-amber-200 bg-amber-50/70',
        tone === 'muted' && 'bg-muted/50',
      )}
      data-testid="order-state"
      data-status={order.status}
      data-uuid={order.uuid}
    >
      <span
        className={cn(
          'grid size-11 shrink-0 place-content-center rounded-full [&_svg]:size-6',
          tone === 'success' && 'bg-green-100 text-green-700',
          tone === 'progress' && 'bg-primary-100 text-primary-600',
          tone === 'waiting' && 'bg-amber-100 text-amber-700',
          tone === 'muted' && 'bg-background text-muted-foreground',
        )}
      >
        {icon}
      </span>
      <div className="grid min-w-0 flex-1 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold" data-testid="order-state-title">
            {title}
          </h2>
          <OrderStatusBadge status={order.status} testId="order-status" />
        </div>
        <p className="text-sm text-muted-foreground">{body}</p>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-[13px]">
          <div className="flex items-baseline gap-1.5">
            <dt className="text-muted-foreground">
              <Trans context="card order">Number</Trans>
            </dt>
            <dd className="font-mono" data-testid="order-number">
              {number}
            </dd>
          </div>
          <div className="flex items-baseline gap-1.5">
            <dt className="text-muted-foreground">
              <Trans>Cards</Trans>
            </dt>
            <dd data-testid="order-quantity">{i18n.number(quantity)}</dd>
          </div>
          <div className="flex items-baseline gap-1.5">
            <dt className="text-muted-foreground">
              <Trans>Amount</Trans>
            </dt>
            <dd>
              <Money amount={order.amount} currency={order.currency} testId="order-amount" />
            </dd>
          </div>
        </dl>
        {actions && <div className="mt-2 flex flex-wrap gap-2">{actions}</div>}
      </div>
    </section>
  )
}

function ContinuePaying({
  order,
  variant = 'primary',
}: {
  order: CardOrder
  variant?: 'primary' | 'outline'
}) {
  return (
    <Button variant={variant} asChild>
      <Link to="/checkout/$uuid" params={{ uuid: order.uuid }} data-testid="order-continue-paying">
        <CreditCardIcon aria-hidden="true" />
        <Trans>Continue paying</Trans>
      </Link>
    </Button>
  )
}

/** A whole number of cards within the order limits (the API's `quantity`). */
const quantitySchema = z.object({
  quantity: z
    .string()
    .refine((text) => parseQuantity(text) !== null, {
      error: msg`Enter a number of cards from 1 to 10,000.`.id,
    })
    .transform((text) => parseQuantity(text) ?? 0),
})

function OrderForm({
  program,
  card,
  price,
  openOrder,
  onOrdered,
}: {
  program: Program
  card: ProgramCard
  price: TypePrice | undefined
  openOrder: CardOrder | null
  onOrdered: () => void
}) {
  const { i18n, t } = useLingui()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  // Checked once the field is left, then as it is typed.
  const form = useZodForm(quantitySchema, { defaultValues: { quantity: '1' } })
  const showFieldErrors = useFieldErrors(form)
  const submitting = form.formState.isSubmitting
  // One key per quantity: a double click or a retry after a lost answer makes one order; another
  // quantity is another order.
  const keys = useRef(new Map<number, string>())
  const quantity = parseQuantity(useWatch({ control: form.control, name: 'quantity' }) ?? '')
  const unitValue = card.values[0]?.value ?? 0
  const currency = program.currency
  const flexible = card.type.id === cardTypes.gift && unitValue === 0
  const breakdown = quantity !== null && price ? orderBreakdown(quantity, unitValue, price) : null
  const rate = price ? formatRate(vatFraction(price.vat_rate), i18n.locale) : ''
  const count = breakdown ? i18n.number(breakdown.quantity) : '—'
  const openNumber = openOrder ? String(openOrder.number) : ''

  const submit = form.handleSubmit(async ({ quantity }) => {
    if (!price) return
    const idempotencyKey = keys.current.get(quantity) ?? crypto.randomUUID()
    keys.current.set(quantity, idempotencyKey)
    try {
      const order = await orderCards(program.uuid, quantity, idempotencyKey)
      queryClient.setQueryData(cardKeys.order(program.uuid), order)
      void queryClient.invalidateQueries({ queryKey: cardKeys.batches(program.uuid) })
      onOrdered()
      await navigate({ to: '/checkout/$uuid', params: { uuid: order.uuid } })
    } catch (err) {
      if (showFieldErrors(err).shown) return
      void queryClient.invalidateQueries({ queryKey: cardKeys.order(program.uuid) })
      notify.error(cardErrorMessage(err))
    }
  })

  return (
    <Card data-testid="order-form-card">
      <CardHeader>
        <CardTitle>
          <Trans>New order</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            The order is paid to the platform. Its cards are issued with their own tokens as soon as it is
            paid.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(16rem,22rem)]">
          <Form {...form}>
            <form onSubmit={submit} noValidate className="grid content-start gap-5" data-testid="order-form">
              <FormField
                control={form.control}
                name="quantity"
                render={({ field }) => (
                  <FormItem className="max-w-xs">
                    <FormLabel>
                      <Trans>Number of cards</Trans>
                    </FormLabel>
                    <FormControl>
                      <Input
                        type="number"
                        inputMode="numeric"
                        min={orderQuantity.min}
                        max={orderQuantity.max}
                        step={1}
                        {...field}
                        disabled={submitting}
                        data-testid="order-quantity-input"
                      />
                    </FormControl>
                    <FormDescription>
                      <Trans>From 1 to 10,000 cards per order.</Trans>
                    </FormDescription>
                    <FormMessage data-testid="order-quantity-error" />
                  </FormItem>
                )}
              />

              {price ? (
                <table
                  className="w-full max-w-md text-sm"
                  data-testid="order-breakdown"
                  aria-label={t`Price`}
                >
                  <tbody className="[&_td]:py-1.5 [&_th]:py-1.5 [&_th]:text-left [&_th]:font-normal">
                    <tr>
                      <th scope="row">
                        {flexible ? (
                          <Trans>Face value (flexible, loaded later)</Trans>
                        ) : (
                          <Trans>
                            Face value: {count} × <Money amount={unitValue} currency={currency} />
                          </Trans>
                        )}
                      </th>
                      <td className="text-right">
                        <Amount amount={breakdown?.value} currency={currency} testId="order-value-total" />
                      </td>
                    </tr>
                    <tr>
                      <th scope="row">
                        <Trans>
                          Price of the cards: {count} × <Money amount={price.price} currency={currency} />
                        </Trans>
                      </th>
                      <td className="text-right">
                        <Amount amount={breakdown?.price} currency={currency} testId="order-price-total" />
                      </td>
                    </tr>
                    <tr>
                      <th scope="row">
                        <Trans>VAT {rate} on the price of the cards</Trans>
                      </th>
                      <td className="text-right">
                        <Amount amount={breakdown?.vat} currency={currency} testId="order-vat-total" />
                      </td>
                    </tr>
                    <tr className="border-t text-base font-semibold">
                      <th scope="row" className="!font-semibold">
                        <Trans>Total</Trans>
                      </th>
                      <td className="text-right">
                        <Amount amount={breakdown?.total} currency={currency} testId="order-total" />
                      </td>
                    </tr>
                  </tbody>
                </table>
              ) : (
                <p
                  role="alert"
                  className="rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-[13px] text-amber-900"
                  data-testid="order-no-price"
                >
                  <Trans>
                    No price per card is set in {currency} yet, so cards cannot be ordered. Ask the platform's
                    administrator.
                  </Trans>
                </p>
              )}
              <p className="text-[13px] text-muted-foreground">
                <Trans>
                  The face value carries no VAT now: VAT is due when a card is spent. VAT is charged on the
                  price of the cards.
                </Trans>
              </p>

              {openOrder && (
                <p
                  className="rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-[13px] text-amber-900"
                  data-testid="order-replaces"
                >
                  <Trans>
                    A new order replaces your open order {openNumber}, which then can no longer be paid.
                  </Trans>
                </p>
              )}

              <div>
                <Button
                  type="submit"
                  size="lg"
                  disabled={submitting || !hydrated || !price}
                  aria-busy={submitting}
                  data-testid="order-submit"
                >
                  {submitting ? (
                    <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
                  ) : (
                    <CreditCardIcon aria-hidden="true" />
                  )}
                  <Trans>Order and pay</Trans>
                </Button>
              </div>
            </form>
          </Form>

          <aside className="grid content-start gap-3">
            <SavedCardPreview program={program} card={card} className="mx-auto" />
            <dl className="grid gap-1 text-[13px]">
              <div className="flex justify-between gap-3">
                <dt className="text-muted-foreground">
                  <Trans>Use</Trans>
                </dt>
                <dd>
                  <UseModeText useNumber={card.values[0]?.use_number ?? null} />
                </dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-muted-foreground">
                  <Trans>Validity</Trans>
                </dt>
                <dd className="text-right">
                  <ValidityText validity={card.validity} programEnd={card.expiry_date} />
                </dd>
              </div>
            </dl>
          </aside>
        </div>
      </CardContent>
    </Card>
  )
}

function Amount({
  amount,
  currency,
  testId,
}: {
  amount: number | undefined
  currency: string
  testId: string
}) {
  if (amount === undefined)
    return (
      <span className="text-muted-foreground" data-testid={testId}>
        —
      </span>
    )
  return <Money amount={amount} currency={currency} testId={testId} />
}

function OrderSkeleton() {
  return (
    <Card data-testid="order-skeleton">
      <span className="sr-only">
        <Trans>Loading…</Trans>
      </span>
      <CardContent className="grid gap-3">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-10 w-40" />
        <Skeleton className="h-28 w-full max-w-md" />
      </CardContent>
    </Card>
  )
}
