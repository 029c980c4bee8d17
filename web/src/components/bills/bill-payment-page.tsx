import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import {
  ArchiveIcon,
  ArrowLeftIcon,
  CircleAlertIcon,
  CircleCheckIcon,
  FileDownIcon,
  LoaderCircleIcon,
  LockIcon,
  RotateCwIcon,
} from 'lucide-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Money } from '~/components/finances/amount.tsx'
import { LoadError } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardHeader } from '~/components/ui/card.tsx'
import { Skeleton } from '~/components/ui/skeleton.tsx'
import { isMissing } from '~/lib/queries/load.ts'
import { cn } from '~/lib/utils.ts'
import { BillNotFound } from './bill-not-found.tsx'
import { billChanged, billLoadErrorMessage, billPaymentErrorMessage, isFinalRefusal } from './errors.ts'
import { BillStatusBadge } from './labels.tsx'
import {
  type BillDetail,
  billKeys,
  billQueryOptions,
  billReceiptHref,
  isOpen,
  startBillPayment,
} from './queries.ts'

/**
 * `/bills/{uuid}/payment` (card-holder portal; the reminder e-mail's pay link and the bill's Pay
 * button): starts paying what is open of the bill now (`POST payment/bills/{uuid}/payment`) and
 * goes on to that payment's checkout, where the holder picks card or iDEAL; the provider returns
 * them to the bill, which shows how it went. A bill that is paid already says so with its
 * receipt; an archived one that it cannot be paid; a refusal in the holder's words, with "Try
 * again" only where trying again can help.
 */
export function BillPaymentPage({ uuid }: { uuid: string }) {
  const { i18n } = useLingui()
  const bill = useQuery(billQueryOptions(uuid))
  if (bill.isPending) return <PaymentSkeleton />
  if (bill.isError) {
    if (isMissing(bill.error)) return <BillNotFound />
    return <LoadError onRetry={() => bill.refetch()}>{i18n._(billLoadErrorMessage(bill.error))}</LoadError>
  }
  const b = bill.data
  const number = b.number
  return (
    <div
      className="mx-auto grid w-full max-w-md gap-4"
      data-testid="bill-payment-page"
      data-status={b.status}
    >
      <Card className="gap-5">
        <CardHeader className="gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <h1 id="screen-title" data-testid="screen-title" className="text-xl font-semibold tracking-tight">
              <Trans>Pay bill {number}</Trans>
            </h1>
            <BillStatusBadge status={b.status} />
          </div>
          <p className="text-sm break-words text-muted-foreground">{b.program.title}</p>
          {isOpen(b) && (
            <Money
              amount={b.open_amount}
              currency={b.currency}
              className="text-4xl font-semibold tracking-tight"
              testId="bill-payment-amount"
            />
          )}
        </CardHeader>
        <CardContent className="grid gap-4">
          {isOpen(b) ? (
            <StartPayment bill={b} />
          ) : b.status === 'paid' ? (
            <Paid bill={b} />
          ) : (
            <State
              icon={<ArchiveIcon aria-hidden="true" />}
              tone="muted"
              title={<Trans>This bill cannot be paid</Trans>}
              testId="bill-payment-archived"
            >
              <Trans>The sender archived this bill. There is nothing to pay here.</Trans>
            </State>
          )}
          <Button variant="ghost" asChild className="w-full">
            <Link to="/bills/$uuid" params={{ uuid: b.uuid }} data-testid="bill-payment-back">
              <ArrowLeftIcon aria-hidden="true" />
              <Trans>Back to the bill</Trans>
            </Link>
          </Button>
        </CardContent>
      </Card>
      <p className="flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
        <LockIcon aria-hidden="true" className="size-3.5" />
        <Trans>Card details are entered on the payment provider’s secure page, never here.</Trans>
      </p>
    </div>
  )
}

/**
 * Starts the payment as soon as the page runs, once per visit (one Idempotency-Key for the visit,
 * so a double start answers the same payment), and leaves for its checkout in place of this page:
 * Back from the checkout returns to the bill's page, not here.
 */
function StartPayment({ bill }: { bill: BillDetail }) {
  const { i18n } = useLingui()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const key = useRef<string | null>(null)
  const started = useRef(false)
  const [problem, setProblem] = useState<unknown>(null)
  const [busy, setBusy] = useState(true)

  const start = async () => {
    setProblem(null)
    setBusy(true)
    key.current ??= crypto.randomUUID()
    try {
      const payment = await startBillPayment(bill.uuid, key.current)
      void queryClient.invalidateQueries({ queryKey: billKeys.bill(bill.uuid) })
      await navigate({ to: '/checkout/$uuid', params: { uuid: payment.payment_uuid }, replace: true })
    } catch (error) {
      setBusy(false)
      setProblem(error)
      // Paid or archived meanwhile: the page shows what the bill is now.
      if (billChanged(error)) void queryClient.invalidateQueries({ queryKey: billKeys.bill(bill.uuid) })
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: starts once per visit, on mount
  useEffect(() => {
    if (started.current) return
    started.current = true
    void start()
  }, [])

  if (problem !== null) {
    const final = isFinalRefusal(problem)
    return (
      <State
        icon={<CircleAlertIcon aria-hidden="true" />}
        tone="failed"
        title={<Trans>The payment could not be started</Trans>}
        testId="bill-payment-problem"
        role="alert"
      >
        <span className="block">{i18n._(billPaymentErrorMessage(problem))}</span>
        {!final && (
          <Button
            variant="outline"
            onClick={() => void start()}
            className="mt-3"
            data-testid="bill-payment-retry"
          >
            <RotateCwIcon aria-hidden="true" />
            <Trans>Try again</Trans>
          </Button>
        )}
      </State>
    )
  }
  return (
    <State
      icon={<LoaderCircleIcon aria-hidden="true" className={cn(busy && 'animate-spin')} />}
      tone="progress"
      title={<Trans>Opening the payment page…</Trans>}
      testId="bill-payment-starting"
    >
      <Trans>You choose how to pay (card or iDEAL) on the next page.</Trans>
    </State>
  )
}

function Paid({ bill }: { bill: BillDetail }) {
  const { i18n } = useLingui()
  const last = bill.payments.filter((p) => p.status === 'paid').at(-1)
  return (
    <State
      icon={<CircleCheckIcon aria-hidden="true" />}
      tone="success"
      title={<Trans>This bill is paid</Trans>}
      testId="bill-payment-paid"
    >
      <Trans>There is nothing left to pay. Thank you!</Trans>
      {last && (
        <Button variant="outline" asChild className="mt-3">
          <a
            href={billReceiptHref(last.uuid, i18n.locale)}
            target="_blank"
            rel="noopener"
            data-testid="bill-payment-receipt"
          >
            <FileDownIcon aria-hidden="true" />
            <Trans>Receipt (PDF)</Trans>
          </a>
        </Button>
      )}
    </State>
  )
}

function State({
  icon,
  tone,
  title,
  testId,
  role = 'status',
  children,
}: {
  icon: ReactNode
  tone: 'success' | 'progress' | 'failed' | 'muted'
  title: ReactNode
  testId: string
  role?: 'status' | 'alert'
  children: ReactNode
}) {
  return (
    <div className="flex flex-col items-center gap-2 py-2 text-center" data-testid={testId} role={role}>
      <span
        className={cn(
          'grid size-12 place-content-center rounded-full [&_svg]:size-6',
          tone === 'success' && 'bg-green-50 text-green-700',
          tone === 'progress' && 'bg-primary-50 text-primary-600',
          tone === 'failed' && 'bg-red-50 text-red-700',
          tone === 'muted' && 'bg-muted text-muted-foreground',
        )}
      >
        {icon}
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="text-sm text-muted-foreground">{children}</div>
    </div>
  )
}

function PaymentSkeleton() {
  return (
    <Card className="mx-auto w-full max-w-md gap-5" data-testid="bill-payment-skeleton">
      <span className="sr-only">
        <Trans>Loading…</Trans>
      </span>
      <CardContent className="grid gap-4">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-10 w-36" />
        <Skeleton className="h-24 w-full" />
      </CardContent>
    </Card>
  )
}
