import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import {
  CircleAlertIcon,
  CircleCheckIcon,
  ClockIcon,
  CreditCardIcon,
  FileSearchIcon,
  LandmarkIcon,
  LoaderCircleIcon,
  LockIcon,
  RotateCwIcon,
  WalletIcon,
} from 'lucide-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Money } from '~/components/finances/amount.tsx'
import { describePayment } from '~/components/finances/descriptions.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardHeader } from '~/components/ui/card.tsx'
import { Skeleton } from '~/components/ui/skeleton.tsx'
import { type Answer, ApiError, api } from '~/lib/api.ts'
import { describeApiError, genericErrorMessage, serverErrorMessage } from '~/lib/api-messages.ts'
import { notify } from '~/lib/notify.tsx'
import { useSession } from '~/lib/use-session.ts'
import { cn } from '~/lib/utils.ts'
import { FailureMessage, MethodLabel } from './labels.tsx'
import { methodNames } from './messages.ts'
import { type Checkout, checkoutQueryOptions, isMoneyTaken, paymentKeys } from './queries.ts'

/** 409 `attempt_in_progress`: another start on this payment is still busy (rare). */
const attemptInProgressMessage = msg`This payment is being started in another window. Try again in a moment.`

/** How often and how long the page asks again while the provider's answer is on its way. */
const pollEveryMs = 1500
const pollForMs = 120_000

const methodIcons: Record<string, typeof CreditCardIcon> = {
  card: CreditCardIcon,
  ideal: LandmarkIcon,
  paypal: WalletIcon,
}

/**
 * `/checkout/{uuid}`: the payer's page of a payment (a payment link, a bill, an order). Who is
 * paid, for what and how much; the payer picks a method and goes to the provider's hosted page.
 * Back from there (`?returned=1`) it waits for the provider's answer and shows the outcome.
 */
export function CheckoutPage({ uuid, returned }: { uuid: string; returned: boolean }) {
  const [pollingSince, setPollingSince] = useState(() => Date.now())
  const checkout = useQuery({
    ...checkoutQueryOptions(uuid),
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && Date.now() - pollingSince < pollForMs ? pollEveryMs : false,
  })

  return (
    <div className="mx-auto grid w-full max-w-md gap-4" data-testid="checkout-page">
      {checkout.isPending ? (
        <CheckoutSkeleton />
      ) : checkout.isError ? (
        <CheckoutLoadError error={checkout.error} onRetry={() => checkout.refetch()} />
      ) : (
        <CheckoutView
          checkout={checkout.data}
          returned={returned}
          waitedTooLong={
            checkout.data.status === 'pending' &&
            !checkout.isFetching &&
            Date.now() - pollingSince >= pollForMs
          }
          onCheckAgain={() => {
            setPollingSince(Date.now())
            void checkout.refetch()
          }}
        />
      )}
      <p className="flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
        <LockIcon aria-hidden="true" className="size-3.5" />
        <Trans>Card details are entered on the payment provider’s secure page, never here.</Trans>
      </p>
    </div>
  )
}

function CheckoutView({
  checkout,
  returned,
  waitedTooLong,
  onCheckAgain,
}: {
  checkout: Checkout
  returned: boolean
  waitedTooLong: boolean
  onCheckAgain: () => void
}) {
  return (
    <Card className="gap-5" data-testid="checkout" data-status={checkout.status}>
      <Summary checkout={checkout} />
      <CardContent className="grid gap-4">
        {isMoneyTaken(checkout.status) ? (
          <PaidState checkout={checkout} />
        ) : checkout.status === 'expired' ? (
          <ExpiredState merchant={checkout.merchant} />
        ) : checkout.status === 'pending' && (returned || waitedTooLong) ? (
          <ProcessingState waitedTooLong={waitedTooLong} onCheckAgain={onCheckAgain} />
        ) : (
          <PayForm checkout={checkout} />
        )}
      </CardContent>
    </Card>
  )
}

/**
 * Who is paid (the shop, and the cashpoint at a counter) and how much, first: on a phone they are
 * what the payer checks before anything else. Then what for, the reference and until when.
 */
function Summary({ checkout }: { checkout: Checkout }) {
  const { i18n } = useLingui()
  const { merchant, cashpoint } = checkout
  const description = describePayment(i18n, checkout)
  return (
    <CardHeader className="gap-3">
      <div className="grid gap-0.5">
        <h1 className="text-xl font-semibold tracking-tight break-words" data-testid="checkout-merchant">
          <Trans>Pay {merchant}</Trans>
        </h1>
        {cashpoint && (
          <p className="text-sm text-muted-foreground" data-testid="checkout-cashpoint">
            <Trans>Cashpoint: {cashpoint}</Trans>
          </p>
        )}
      </div>
      <Money
        amount={checkout.amount}
        currency={checkout.currency}
        className="text-4xl font-semibold tracking-tight"
        testId="checkout-amount"
      />
      {description && (
        <p className="text-sm break-words text-muted-foreground" data-testid="checkout-description">
          {description}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 border-t pt-3 text-sm">
        <div className="grid gap-0.5">
          <dt className="text-[13px] text-muted-foreground">
            <Trans>Reference</Trans>
          </dt>
          <dd className="font-mono text-[13px]" data-testid="checkout-reference">
            {checkout.reference}
          </dd>
        </div>
        {!isMoneyTaken(checkout.status) && (
          <div className="grid gap-0.5">
            <dt className="text-[13px] text-muted-foreground">
              {checkout.status === 'expired' ? <Trans>Expired on</Trans> : <Trans>Pay before</Trans>}
            </dt>
            <dd>
              <time dateTime={checkout.expires} data-testid="checkout-expires">
                {i18n.date(checkout.expires, { dateStyle: 'medium', timeStyle: 'short' })}
              </time>
            </dd>
          </div>
        )}
      </dl>
    </CardHeader>
  )
}

/**
 * The method choice and the Pay button; after a failed or cancelled try, why, and "Try again".
 * While a try is still in flight (a hosted page left open, an iDEAL bank step) "Continue paying"
 * goes on with that try's method, so the provider shows the same page again; "Pay another way"
 * offers the methods, and the server cancels the open try before it starts another.
 */
function PayForm({ checkout }: { checkout: Checkout }) {
  const { i18n } = useLingui()
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const firstMethod = checkout.methods[0]?.id ?? 'card'
  const [method, setMethod] = useState(firstMethod)
  const [switching, setSwitching] = useState(false)
  const [leaving, setLeaving] = useState(false)
  // Set on the first submit, before React renders the busy button: a double click (or Enter pressed
  // twice) starts one payment, not two.
  const submitted = useRef(false)
  const retry = checkout.status === 'failed' || checkout.status === 'cancelled'
  const inProgress = checkout.status === 'pending'
  const openMethod = checkout.open_method ?? firstMethod
  const otherMethods = checkout.methods.filter((m) => m.id !== openMethod)
  const choosing = !inProgress || switching
  // One method on offer: nothing to choose, Pay goes straight to the provider's page.
  const single = checkout.methods.length === 1 ? checkout.methods[0] : undefined

  const start = useMutation({
    mutationFn: (chosen: string) =>
      api.post<Answer<'/payment/checkout/{uuid}', 'post'>>(
        `/payment/checkout/${encodeURIComponent(checkout.uuid)}`,
        {
          method: chosen,
        },
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(paymentKeys.checkout(checkout.uuid), answer.checkout)
      if (answer.redirect_url) {
        // On to the provider's hosted page; the button stays busy while the browser leaves.
        setLeaving(true)
        window.location.assign(answer.redirect_url)
        return
      }
      submitted.current = false
    },
    onError: (error) => {
      submitted.current = false
      if (error instanceof ApiError && error.status === 409) {
        // Paid or expired meanwhile (another tab, the link's end): show what it is now. Another
        // start still busy with this payment (rare): say so, the payer tries again in a moment.
        void queryClient.invalidateQueries({ queryKey: paymentKeys.checkout(checkout.uuid) })
        if (error.reason === 'attempt_in_progress') notify.error(attemptInProgressMessage)
        return
      }
      notify.error(describeApiError(error))
    },
  })

  // Back from the provider with the browser's Back button, the page may come from the back-forward
  // cache as it was left: busy. Make it usable again and ask for the payment's state anew.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return
      submitted.current = false
      setLeaving(false)
      void queryClient.invalidateQueries({ queryKey: paymentKeys.checkout(checkout.uuid) })
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [queryClient, checkout.uuid])

  const busy = start.isPending || leaving

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        if (submitted.current) return
        submitted.current = true
        start.mutate(choosing ? method : openMethod)
      }}
      data-testid="checkout-form"
      data-open-method={checkout.open_method ?? undefined}
    >
      {retry && (
        <div
          role="alert"
          className="flex gap-2.5 rounded-lg border border-destructive/30 bg-red-50 px-3.5 py-3 text-sm text-red-800"
          data-testid="checkout-failure"
        >
          <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>
            {checkout.failure_message ? (
              <FailureMessage code={checkout.failure_code} text={checkout.failure_message} />
            ) : checkout.status === 'cancelled' ? (
              <Trans>The payment was cancelled. Nothing was charged.</Trans>
            ) : (
              <Trans>The payment did not go through. Nothing was charged.</Trans>
            )}
          </p>
        </div>
      )}
      {inProgress && !switching && (
        <p className="text-sm text-muted-foreground" data-testid="checkout-in-progress">
          {checkout.open_method ? (
            <InProgressWith method={checkout.open_method} />
          ) : (
            <Trans>A payment was started but not finished. Continue where you left off.</Trans>
          )}
        </p>
      )}
      {choosing && single && <SingleMethod method={single} />}
      {choosing && !single && (
        <fieldset className="grid gap-2" disabled={busy}>
          <legend className="mb-2 text-sm font-medium">
            <Trans>How do you want to pay?</Trans>
          </legend>
          {checkout.methods.map((m) => {
            const Icon = methodIcons[m.id] ?? CreditCardIcon
            const name = methodNames[m.id]
            return (
              <label
                key={m.id}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-lg border px-3.5 py-3 text-sm font-medium transition-colors',
                  'hover:bg-muted has-[:checked]:border-primary-500 has-[:checked]:bg-primary-50/60 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/40',
                )}
                data-testid={`checkout-method-${m.id}`}
              >
                <input
                  type="radio"
                  name="method"
                  value={m.id}
                  checked={method === m.id}
                  onChange={() => setMethod(m.id)}
                  className="size-4 accent-primary-600"
                />
                <Icon aria-hidden="true" className="size-5 text-muted-foreground" />
                {name ? i18n._(name) : m.title}
              </label>
            )
          })}
        </fieldset>
      )}
      {switching && checkout.open_method && method !== checkout.open_method && (
        <p className="text-[13px] text-muted-foreground" data-testid="checkout-switch-note">
          <Trans>The payment you started is cancelled first, so you are charged only once.</Trans>
        </p>
      )}
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!hydrated || busy || checkout.methods.length === 0}
        aria-busy={busy}
        data-testid="checkout-pay"
      >
        {busy ? (
          <>
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
            <Trans>Opening the payment page…</Trans>
          </>
        ) : !choosing ? (
          <Trans>Continue paying</Trans>
        ) : retry ? (
          <>
            <RotateCwIcon aria-hidden="true" />
            <Trans>Try again</Trans>
          </>
        ) : (
          <PayLabel amount={checkout.amount} currency={checkout.currency} />
        )}
      </Button>
      {!choosing && otherMethods.length > 0 && (
        <Button
          type="button"
          variant="outline"
          size="lg"
          className="w-full"
          disabled={!hydrated || busy}
          onClick={() => {
            setMethod(otherMethods[0]?.id ?? firstMethod)
            setSwitching(true)
          }}
          data-testid="checkout-other-method"
        >
          <Trans>Pay another way</Trans>
        </Button>
      )}
    </form>
  )
}

/** The one way this payment can be paid, said instead of a choice of one. */
function SingleMethod({ method }: { method: Checkout['methods'][number] }) {
  const { i18n } = useLingui()
  const Icon = methodIcons[method.id] ?? CreditCardIcon
  const name = methodNames[method.id]
  const methodName = name ? i18n._(name) : method.title
  return (
    <p
      className="flex items-center gap-2 text-sm text-muted-foreground"
      data-testid="checkout-single-method"
      data-method={method.id}
    >
      <Icon aria-hidden="true" className="size-4" />
      <Trans>You pay with {methodName} on the payment provider’s page.</Trans>
    </p>
  )
}

/** "You started paying with iDEAL": the method of the try still in flight, in the reader's words. */
function InProgressWith({ method }: { method: string }) {
  const { i18n } = useLingui()
  const name = methodNames[method]
  const methodName = name ? i18n._(name) : method
  return (
    <Trans>
      You started paying with {methodName} but did not finish. Continue where you left off, or pay another
      way.
    </Trans>
  )
}

function PayLabel({ amount, currency }: { amount: number; currency: string }) {
  return (
    <span>
      <Trans>
        Pay <Money amount={amount} currency={currency} />
      </Trans>
    </span>
  )
}

function StateBlock({
  icon,
  tone,
  title,
  children,
  testId,
}: {
  icon: ReactNode
  tone: 'success' | 'muted' | 'progress'
  title: ReactNode
  children?: ReactNode
  testId: string
}) {
  return (
    <div className="flex flex-col items-center gap-2 py-2 text-center" data-testid={testId} role="status">
      <span
        className={cn(
          'grid size-12 place-content-center rounded-full [&_svg]:size-6',
          tone === 'success' && 'bg-green-50 text-green-700',
          tone === 'muted' && 'bg-muted text-muted-foreground',
          tone === 'progress' && 'bg-primary-50 text-primary-600',
        )}
      >
        {icon}
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </div>
  )
}

function PaidState({ checkout }: { checkout: Checkout }) {
  const { i18n } = useLingui()
  const session = useSession()
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const holder = session?.user.type === 3 && portal === 'cardholder'
  const paidOn = checkout.paid ? i18n.date(checkout.paid, { dateStyle: 'medium', timeStyle: 'short' }) : null
  return (
    <StateBlock
      icon={<CircleCheckIcon aria-hidden="true" />}
      tone="success"
      title={<Trans>Payment received</Trans>}
      testId="checkout-paid"
    >
      <p className="text-sm text-muted-foreground">
        {paidOn ? (
          <Trans>
            Paid on <time dateTime={checkout.paid ?? undefined}>{paidOn}</time>. Thank you!
          </Trans>
        ) : (
          <Trans>This payment has been paid. Thank you!</Trans>
        )}
      </p>
      {(checkout.card_last4 || checkout.status !== 'paid') && (
        <p className="text-sm text-muted-foreground">
          {checkout.card_last4 && (
            <MethodLabel method="card" brand={checkout.card_brand} last4={checkout.card_last4} />
          )}
          {checkout.status === 'refunded' && (
            <>
              {checkout.card_last4 && ' · '}
              <Trans>Refunded</Trans>
            </>
          )}
          {checkout.status === 'partially_refunded' && (
            <>
              {checkout.card_last4 && ' · '}
              <Trans>Partially refunded</Trans>
            </>
          )}
        </p>
      )}
      {holder && (
        <Button variant="outline" asChild className="mt-2">
          <Link to="/transactions/$uuid" params={{ uuid: checkout.uuid }} data-testid="checkout-transaction">
            <Trans>View in your transactions</Trans>
          </Link>
        </Button>
      )}
    </StateBlock>
  )
}

function ExpiredState({ merchant }: { merchant: string }) {
  return (
    <StateBlock
      icon={<ClockIcon aria-hidden="true" />}
      tone="muted"
      title={<Trans>This payment link has expired</Trans>}
      testId="checkout-expired"
    >
      <p className="text-sm text-muted-foreground">
        <Trans>It can no longer be paid. Ask {merchant} for a new payment link.</Trans>
      </p>
    </StateBlock>
  )
}

function ProcessingState({
  waitedTooLong,
  onCheckAgain,
}: {
  waitedTooLong: boolean
  onCheckAgain: () => void
}) {
  if (waitedTooLong) {
    return (
      <StateBlock
        icon={<ClockIcon aria-hidden="true" />}
        tone="muted"
        title={<Trans>Still waiting for the payment provider</Trans>}
        testId="checkout-slow"
      >
        <p className="text-sm text-muted-foreground">
          <Trans>
            Your payment has not been confirmed yet. Do not pay again: check back in a few minutes.
          </Trans>
        </p>
        <Button variant="outline" onClick={onCheckAgain} className="mt-2">
          <RotateCwIcon aria-hidden="true" />
          <Trans>Check again</Trans>
        </Button>
      </StateBlock>
    )
  }
  return (
    <StateBlock
      icon={<LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
      tone="progress"
      title={<Trans>Confirming your payment…</Trans>}
      testId="checkout-processing"
    >
      <p className="text-sm text-muted-foreground">
        <Trans>We are waiting for the payment provider. This usually takes a few seconds.</Trans>
      </p>
    </StateBlock>
  )
}

function CheckoutLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { i18n } = useLingui()
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400)
  if (missing) {
    return (
      <Card data-testid="checkout-not-found">
        <CardContent className="flex flex-col items-center gap-3 py-4 text-center">
          <FileSearchIcon aria-hidden="true" className="size-10 text-muted-foreground" />
          <h1 className="text-lg font-semibold">
            <Trans>Payment not found</Trans>
          </h1>
          <p className="text-sm text-muted-foreground">
            <Trans>There is no payment at this address. Check the link you received.</Trans>
          </p>
        </CardContent>
      </Card>
    )
  }
  // The specification's wording: a server error (try later), else the generic error.
  const message =
    error instanceof ApiError && error.code === 'network'
      ? describeApiError(error)
      : error instanceof ApiError && error.status >= 500
        ? serverErrorMessage
        : genericErrorMessage
  return (
    <Card data-testid="checkout-error">
      <CardContent className="flex flex-col items-center gap-3 py-4 text-center" role="alert">
        <CircleAlertIcon aria-hidden="true" className="size-8 text-destructive" />
        <p className="text-sm">{i18n._(message)}</p>
        <Button variant="outline" onClick={onRetry}>
          <RotateCwIcon aria-hidden="true" />
          <Trans>Try again</Trans>
        </Button>
      </CardContent>
    </Card>
  )
}

function CheckoutSkeleton() {
  return (
    <Card className="gap-5" data-testid="checkout-skeleton">
      <span className="sr-only">
        <Trans>Loading…</Trans>
      </span>
      <CardContent className="grid gap-4">
        <Skeleton className="h-4 w-28" />
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-9 w-32" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-11 w-full" />
      </CardContent>
    </Card>
  )
}
