import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { BanknoteIcon, CheckCircle2Icon, LoaderCircleIcon, QrCodeIcon, XCircleIcon } from 'lucide-react'
import { useState } from 'react'
import { QrCode } from '~/components/terminal/qr-code.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { ApiError } from '~/lib/api.ts'
import { describeApiError } from '~/lib/api-messages.ts'
import { notify } from '~/lib/notify.tsx'
import { orderNumber } from '~/lib/order-number.ts'
import { orderDetailQueryOptions } from './api.ts'
import { type CounterAnswer, counterCashInstead, counterPaymentAgain } from './counter-api.ts'
import { Money } from './order-parts.tsx'

/** The refusals of a new QR or cash instead, worded here: only this screen meets them. */
const againRefusals: Record<string, MessageDescriptor> = {
  order_payment_in_progress: msg`The customer is paying right now. Wait for the outcome, then try again.`,
  order_not_payable: msg`This order is paid already.`,
  not_counter_order: msg`Only an order taken at the counter can be paid here.`,
}

const describeAgainError = (error: unknown) =>
  (error instanceof ApiError && error.reason ? againRefusals[error.reason] : undefined) ??
  describeApiError(error)

/**
 * After a counter order is taken: with the QR, the customer scans the payment page with their
 * phone and pays there; this screen follows the order (every 2 s) until it is paid and on the
 * kitchen board, or the payment failed. In cash it is on the board already. A failed or expired
 * payment is not the end of the order: "New QR" makes a new payment for it (shown as a new code),
 * "Take cash instead" closes the payment and marks the order paid in cash.
 */
export function CounterPaymentPanel({
  program,
  placed,
  onNext,
}: {
  program: string
  placed: CounterAnswer
  onNext: () => void
}) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const [paymentUrl, setPaymentUrl] = useState(placed.payment_url)
  const detailKey = orderDetailQueryOptions(program, placed.result.uuid).queryKey
  const settle = (answer: CounterAnswer) => {
    queryClient.setQueryData(detailKey, answer.result)
    setPaymentUrl(answer.payment_url)
  }
  const newQr = useMutation({
    mutationFn: () => counterPaymentAgain(program, placed.result.uuid),
    onSuccess: settle,
    onError: (error) => notify.error(describeAgainError(error)),
  })
  const cash = useMutation({
    mutationFn: () => counterCashInstead(program, placed.result.uuid),
    onSuccess: (answer) => {
      settle(answer)
      notify.success(msg`Paid in cash. The order is on the kitchen board.`)
    },
    onError: (error) => notify.error(describeAgainError(error)),
  })
  const busy = newQr.isPending || cash.isPending
  const order = useQuery({
    ...orderDetailQueryOptions(program, placed.result.uuid),
    initialData: placed.result,
    refetchInterval: (q) => {
      const s = q.state.data?.order_status ?? 0
      return s === 1 || s === 2 ? 2000 : false
    },
  })
  const o = order.data
  const paid = o.order_status >= 3 && o.order_status !== 4
  const failed = o.order_status === 4
  const number = orderNumber(o.order_id)
  return (
    <Card className="mx-auto w-full max-w-md" data-testid="counter-placed" data-order-id={o.order_id}>
      <CardHeader>
        <CardTitle>
          <Trans>Order {number}</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-center">
        <p className="font-semibold text-2xl tabular-nums">
          <Money amount={o.total} currency={o.currency} />
        </p>
        {paid ? (
          <p
            className="flex items-center justify-center gap-2 font-medium text-green-800"
            role="status"
            data-testid="counter-paid"
          >
            <CheckCircle2Icon aria-hidden="true" className="size-6" />
            <Trans>Paid. The order is on the kitchen board.</Trans>
          </p>
        ) : failed ? (
          <div className="space-y-3" data-testid="counter-failed">
            <p className="flex items-center justify-center gap-2 font-medium text-red-800" role="alert">
              <XCircleIcon aria-hidden="true" className="size-6" />
              <Trans>The payment did not go through. Show a new code, or take cash.</Trans>
            </p>
            <PaymentActions busy={busy} onNewQr={() => newQr.mutate()} onCash={() => cash.mutate()} />
          </div>
        ) : paymentUrl ? (
          <>
            <p>
              <Trans>Let the customer scan this code with their phone and pay.</Trans>
            </p>
            <QrCode
              value={paymentUrl}
              label={i18n._(msg`QR code to pay order ${number}`)}
              className="mx-auto w-full max-w-64 rounded-md border p-2"
            />
            <p className="flex items-center justify-center gap-2 text-muted-foreground" role="status">
              <LoaderCircleIcon
                aria-hidden="true"
                className="size-4 animate-spin motion-reduce:animate-none"
              />
              <Trans>Waiting for the payment…</Trans>
            </p>
            <PaymentActions busy={busy} onCash={() => cash.mutate()} />
          </>
        ) : null}
        <Button
          type="button"
          size="lg"
          className="w-full"
          variant={paid ? 'primary' : 'outline'}
          onClick={onNext}
          data-testid="counter-next"
        >
          {paid ? <Trans>Take the next order</Trans> : <Trans>Start a new order</Trans>}
        </Button>
      </CardContent>
    </Card>
  )
}

/**
 * The ways on for an order not paid yet: "New QR code" (offered after a failed payment, when
 * `onNewQr` is given) and "Take cash instead" (always).
 */
function PaymentActions({
  busy,
  onNewQr,
  onCash,
}: {
  busy: boolean
  onNewQr?: () => void
  onCash: () => void
}) {
  return (
    <div className={onNewQr ? 'grid gap-2 sm:grid-cols-2' : 'grid gap-2'}>
      {onNewQr && (
        <Button type="button" size="lg" disabled={busy} onClick={onNewQr} data-testid="counter-new-qr">
          <QrCodeIcon aria-hidden="true" />
          <Trans>New QR code</Trans>
        </Button>
      )}
      <Button
        type="button"
        size="lg"
        variant="outline"
        disabled={busy}
        onClick={onCash}
        data-testid="counter-cash-instead"
      >
        <BanknoteIcon aria-hidden="true" />
        <Trans>Take cash instead</Trans>
      </Button>
    </div>
  )
}
