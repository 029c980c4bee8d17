import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { LoaderCircleIcon, XCircleIcon } from 'lucide-react'
import { useEffect } from 'react'
import { LoadError } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { type Answer, api } from '~/lib/api.ts'
import { outcomeQueryOptions } from './queries.ts'
import { describeOrderingError } from './refusals.ts'
import { storedSessionId, storeSessionId } from './session.ts'

/**
 * `/orders/payment/{sessionid}` (spec section 2): the payment page sends the guest back here.
 * Paid: on to the order's page. Pending (the provider's news not in yet): asked again every 2 s.
 * Failed or expired: said so, with "Pay again" (the same order, a new payment) and the way back.
 */
export function PaymentReturnPage({ session }: { session: string }) {
  const { i18n } = useLingui()
  const navigate = useNavigate()
  const outcome = useQuery({
    ...outcomeQueryOptions(session),
    refetchInterval: (query) => (query.state.data?.outcome === 'pending' ? 2_000 : false),
  })
  useEffect(() => {
    // The guest's own session (the payment came back to it): keep it on this device.
    if (!storedSessionId()) storeSessionId(session)
  }, [session])
  const data = outcome.data
  useEffect(() => {
    if (data?.outcome === 'paid')
      void navigate({ to: '/orders/$uuid', params: { uuid: data.order_uuid }, replace: true })
  }, [data, navigate])
  const payAgain = useMutation({
    mutationFn: (order: string) =>
      api<Answer<'/food/orders/{uuid}/payment', 'post'>>(
        `/food/orders/${encodeURIComponent(order)}/payment`,
        {
          method: 'POST',
          query: { session_id: session },
        },
      ),
    onSuccess: (answer) => window.location.assign(answer.payment_url),
  })
  return (
    <div className="grid gap-5" data-testid="payment-return" data-outcome={data?.outcome}>
      <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
        <Trans>Your payment</Trans>
      </h1>
      {outcome.isError ? (
        <LoadError onRetry={() => void outcome.refetch()} />
      ) : data?.outcome !== 'failed' ? (
        <p
          role="status"
          className="flex items-center gap-2 text-sm text-muted-foreground"
          data-testid="payment-pending"
        >
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
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => payAgain.mutate(data.order_uuid)}
              disabled={payAgain.isPending}
              data-testid="payment-pay-again"
            >
              <Trans>Pay again</Trans>
            </Button>
            <Button asChild variant="outline">
              <Link to="/food/cart/$id" params={{ id: session }}>
                <Trans>Back to your basket</Trans>
              </Link>
            </Button>
          </div>
          {payAgain.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {describeOrderingError(i18n, payAgain.error)}
            </p>
          ) : null}
        </div>
      )}
    </div>
  )
}
