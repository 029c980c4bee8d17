import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { CheckCircle2Icon, LoaderCircleIcon, XCircleIcon } from 'lucide-react'
import { QrCode } from '~/components/terminal/qr-code.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { orderDetailQueryOptions } from './api.ts'
import type { CounterAnswer } from './counter-api.ts'
import { Money } from './order-parts.tsx'

/**
 * After a counter order is taken: with the QR, the customer scans the payment page with their
 * phone and pays there; this screen follows the order (every 2 s) until it is paid and on the
 * kitchen board, or the payment failed. In cash it is on the board already.
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
  const number = o.order_id
  return (
    <Card className="mx-auto w-full max-w-md" data-testid="counter-placed" data-order-id={number}>
      <CardHeader>
        <CardTitle>
          <Trans>Order #{number}</Trans>
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
          <p className="flex items-center justify-center gap-2 font-medium text-red-800" role="alert">
            <XCircleIcon aria-hidden="true" className="size-6" />
            <Trans>The payment failed. Take the order again, or in cash.</Trans>
          </p>
        ) : placed.payment_url ? (
          <>
            <p>
              <Trans>Let the customer scan this code with their phone and pay.</Trans>
            </p>
            <QrCode
              value={placed.payment_url}
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
