import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import {
  ArchiveIcon,
  ArrowLeftIcon,
  CircleAlertIcon,
  CircleCheckIcon,
  ClockIcon,
  CreditCardIcon,
  FileDownIcon,
  LoaderCircleIcon,
  PrinterIcon,
  RotateCwIcon,
} from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Money } from '~/components/finances/amount.tsx'
import { FailureMessage } from '~/components/payments/labels.tsx'
import { checkoutQueryOptions, isMoneyTaken } from '~/components/payments/queries.ts'
import { LoadError } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent } from '~/components/ui/card.tsx'
import { Skeleton } from '~/components/ui/skeleton.tsx'
import { isMissing } from '~/lib/queries/load.ts'
import { cn } from '~/lib/utils.ts'
import { Payments, RemindersSent } from './bill-history.tsx'
import { BillNotFound } from './bill-not-found.tsx'
import { billLoadErrorMessage } from './errors.ts'
import { Invoice } from './invoice.tsx'
import { BillStatusBadge, CalendarDate, DueWords } from './labels.tsx'
import {
  type BillDetail,
  type BillPayment,
  billInvoiceHref,
  billQueryOptions,
  billReceiptHref,
  isOpen,
} from './queries.ts'

/** How often and how long the page asks again while a payment's outcome is on its way. */
const pollEveryMs = 1500
const pollForMs = 120_000

/**
 * `/bills/{uuid}` (card-holder portal): one bill. First what matters on a phone: how much is open,
 * when it is due (or that it is overdue) and Pay; back from paying (the payment returns here), how
 * the payment went: being confirmed, paid with its receipt, or not through with a way to try
 * again. Then the invoice (printable), the reminders sent and the payments made.
 */
export function BillPage({ uuid }: { uuid: string }) {
  const { i18n } = useLingui()
  const bill = useQuery(billQueryOptions(uuid))
  if (bill.isPending) return <BillSkeleton />
  if (bill.isError) {
    if (isMissing(bill.error)) return <BillNotFound />
    return <LoadError onRetry={() => bill.refetch()}>{i18n._(billLoadErrorMessage(bill.error))}</LoadError>
  }
  return <BillView bill={bill.data} />
}

function BillView({ bill }: { bill: BillDetail }) {
  const hydrated = useHydrated()
  const { i18n } = useLingui()
  return (
    <div
      className="grid grid-cols-1 gap-6"
      data-testid="bill-page"
      data-uuid={bill.uuid}
      data-status={bill.status}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Button variant="ghost" size="sm" asChild className="w-fit">
          <Link to="/bills" data-testid="bill-back">
            <ArrowLeftIcon aria-hidden="true" />
            <Trans>Bills</Trans>
          </Link>
        </Button>
        <div className="flex flex-wrap gap-1">
          <Button variant="ghost" size="sm" asChild>
            <a href={billInvoiceHref(bill.uuid, i18n.locale)} download data-testid="bill-invoice-pdf">
              <FileDownIcon aria-hidden="true" />
              <Trans>Invoice (PDF)</Trans>
            </a>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => window.print()}
            disabled={!hydrated}
            data-testid="bill-print"
          >
            <PrinterIcon aria-hidden="true" />
            <Trans>Print</Trans>
          </Button>
        </div>
      </div>
      <Summary bill={bill} />
      <Invoice bill={bill} />
      <div className="grid gap-6 lg:grid-cols-2">
        <RemindersSent bill={bill} />
        <Payments bill={bill} />
      </div>
    </div>
  )
}

/** The bill's state in a sentence, with its amount and what the holder can do. */
function Summary({ bill }: { bill: BillDetail }) {
  const number = bill.number
  const sender = bill.program.title
  return (
    <section
      aria-labelledby="screen-title"
      className="grid gap-4 rounded-xl border bg-background p-5 shadow-xs sm:p-6 print:hidden"
      data-testid="bill-summary"
    >
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
            <Trans>Bill {number}</Trans>
          </h1>
          <BillStatusBadge status={bill.status} testId="bill-status" />
        </div>
        <p className="text-sm break-words text-muted-foreground" data-testid="bill-sender">
          <Trans>From {sender}</Trans>
        </p>
      </div>
      {isOpen(bill) ? (
        <OpenSummary bill={bill} />
      ) : bill.status === 'paid' ? (
        <PaidSummary bill={bill} />
      ) : bill.status === 'archived' ? (
        <ArchivedSummary bill={bill} />
      ) : null}
    </section>
  )
}

function OpenSummary({ bill }: { bill: BillDetail }) {
  const overdue = bill.status === 'overdue'
  const amount = bill.open_amount
  const currency = bill.currency
  const penalties = bill.penalties
  return (
    <>
      <div className="grid gap-1">
        <span className="text-[13px] text-muted-foreground">
          <Trans>To pay</Trans>
        </span>
        <Money
          amount={amount}
          currency={currency}
          className="text-4xl font-semibold tracking-tight"
          testId="bill-open-amount"
        />
        {penalties > 0 && (
          <span className="text-[13px] text-muted-foreground" data-testid="bill-penalties-note">
            <Trans>
              Including <Money amount={penalties} currency={currency} /> in late-payment penalties
            </Trans>
          </span>
        )}
      </div>
      <p
        className={cn(
          'flex flex-wrap items-center gap-x-2 gap-y-1 text-sm',
          overdue && 'rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800',
        )}
        data-testid="bill-due"
      >
        {overdue && <CircleAlertIcon aria-hidden="true" className="size-4 shrink-0" />}
        <span>
          <Trans>
            Due date: <CalendarDate date={bill.due_date} style="long" />
          </Trans>
        </span>
        <DueWords bill={bill} className={overdue ? 'text-red-800' : undefined} />
      </p>
      <PaymentOutcome bill={bill} />
      <div>
        <Button size="lg" asChild className="w-full sm:w-auto">
          <Link to="/bills/$uuid/payment" params={{ uuid: bill.uuid }} data-testid="bill-pay">
            <CreditCardIcon aria-hidden="true" />
            <Trans>
              Pay <Money amount={amount} currency={currency} />
            </Trans>
          </Link>
        </Button>
      </div>
    </>
  )
}

function PaidSummary({ bill }: { bill: BillDetail }) {
  const paid = bill.payments.filter((p) => p.status === 'paid')
  const last = paid.at(-1)
  return (
    <Outcome
      tone="success"
      icon={<CircleCheckIcon aria-hidden="true" />}
      title={<Trans>Paid</Trans>}
      testId="bill-paid"
      actions={last && <ReceiptButton payment={last} />}
    >
      {bill.paid_at ? (
        <Trans>
          This bill was paid in full on <PaidOn at={bill.paid_at} timeZone={bill.time_zone} />. Thank you!
        </Trans>
      ) : (
        <Trans>This bill has been paid in full. Thank you!</Trans>
      )}
    </Outcome>
  )
}

/** When the bill was paid, on the bill's clock. */
function PaidOn({ at, timeZone }: { at: string; timeZone: string }) {
  const { i18n } = useLingui()
  return <time dateTime={at}>{i18n.date(at, { dateStyle: 'long', timeStyle: 'short', timeZone })}</time>
}

function ArchivedSummary({ bill }: { bill: BillDetail }) {
  const reason = bill.archived_reason
  return (
    <Outcome
      tone="muted"
      icon={<ArchiveIcon aria-hidden="true" />}
      title={<Trans>Archived</Trans>}
      testId="bill-archived"
    >
      <Trans>The sender archived this bill. It can no longer be paid here.</Trans>
      {reason && (
        <span className="mt-1 block break-words">
          <Trans>Reason: {reason}</Trans>
        </span>
      )}
    </Outcome>
  )
}

function ReceiptButton({ payment }: { payment: BillPayment }) {
  const { i18n } = useLingui()
  return (
    <Button variant="outline" asChild>
      <a
        href={billReceiptHref(payment.uuid, i18n.locale)}
        target="_blank"
        rel="noopener"
        data-testid="bill-receipt"
      >
        <FileDownIcon aria-hidden="true" />
        <Trans>Receipt (PDF)</Trans>
      </a>
    </Button>
  )
}

/**
 * How the latest payment of an open bill is going, once the holder started one (the payment's
 * return URL is this page): the provider's answer on its way, money taken while the bill catches up,
 * or not through (and why; the Pay button below starts a new one). The checkout answers the
 * payment's state; the bill is asked again until it counts the payment.
 */
function PaymentOutcome({ bill }: { bill: BillDetail }) {
  // The latest payment, unless it is paid (a part payment: the bill says what is left). One that
  // ended without money (failed, cancelled) still says why, until the holder pays again.
  const last = bill.payments.at(-1)
  const latest = last?.status === 'paid' ? undefined : last
  const [pollingSince, setPollingSince] = useState(() => Date.now())
  const polling = () => Date.now() - pollingSince < pollForMs
  const checkout = useQuery({
    ...checkoutQueryOptions(latest?.uuid ?? ''),
    enabled: latest !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'pending' && polling() ? pollEveryMs : false),
  })
  const status = latest ? checkout.data?.status : undefined
  const taken = status !== undefined && isMoneyTaken(status)
  // Money taken, the bill not yet paid: its paid event is on its way.
  useQuery({
    ...billQueryOptions(bill.uuid),
    enabled: taken,
    refetchInterval: () => (taken && polling() ? pollEveryMs : false),
  })
  if (!latest || !checkout.data) return null
  const waitedTooLong = !polling() && !checkout.isFetching
  const checkAgain = (
    <Button
      variant="ghost"
      onClick={() => {
        setPollingSince(Date.now())
        void checkout.refetch()
      }}
    >
      <RotateCwIcon aria-hidden="true" />
      <Trans>Check again</Trans>
    </Button>
  )
  const continuePaying = (
    <Button variant="outline" asChild>
      <Link to="/checkout/$uuid" params={{ uuid: latest.uuid }} data-testid="bill-continue-paying">
        <CreditCardIcon aria-hidden="true" />
        <Trans>Continue paying</Trans>
      </Link>
    </Button>
  )

  if (taken) {
    return (
      <Outcome
        tone={waitedTooLong ? 'muted' : 'success'}
        icon={
          waitedTooLong ? (
            <ClockIcon aria-hidden="true" />
          ) : (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          )
        }
        title={<Trans>Payment received</Trans>}
        testId="bill-payment-received"
        actions={waitedTooLong && checkAgain}
      >
        <Trans>Your payment has been received. The bill is updated in a few seconds.</Trans>
      </Outcome>
    )
  }
  if (status === 'pending') {
    return (
      <Outcome
        tone={waitedTooLong ? 'muted' : 'progress'}
        icon={
          waitedTooLong ? (
            <ClockIcon aria-hidden="true" />
          ) : (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          )
        }
        title={
          waitedTooLong ? (
            <Trans>Still waiting for the payment provider</Trans>
          ) : (
            <Trans>Confirming your payment…</Trans>
          )
        }
        testId="bill-payment-pending"
        actions={
          <>
            {continuePaying}
            {waitedTooLong && checkAgain}
          </>
        }
      >
        <Trans>
          A payment of this bill has started. If you left the payment page without paying, continue paying
          there; do not pay twice.
        </Trans>
      </Outcome>
    )
  }
  if (status === 'failed' || status === 'cancelled') {
    const failure = checkout.data.failure_message
    return (
      <Outcome
        tone="failed"
        icon={<CircleAlertIcon aria-hidden="true" />}
        title={<Trans>The payment did not go through</Trans>}
        testId="bill-payment-failed"
      >
        {failure ? (
          <>
            <FailureMessage code={checkout.data.failure_code} text={failure} />{' '}
            <Trans>Nothing was charged.</Trans>
          </>
        ) : status === 'cancelled' ? (
          <Trans>The payment was cancelled. Nothing was charged.</Trans>
        ) : (
          <Trans>Nothing was charged. Try again, with another card or method if you like.</Trans>
        )}
      </Outcome>
    )
  }
  return null
}

function Outcome({
  tone,
  icon,
  title,
  testId,
  actions,
  children,
}: {
  tone: 'success' | 'progress' | 'failed' | 'muted'
  icon: ReactNode
  title: ReactNode
  testId: string
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <div
      role="status"
      className={cn(
        'flex flex-wrap items-start gap-3 rounded-lg border px-4 py-3',
        tone === 'success' && 'border-green-200 bg-green-50/70',
        tone === 'progress' && 'border-primary-200 bg-primary-50/60',
        tone === 'failed' && 'border-red-200 bg-red-50/70',
        tone === 'muted' && 'bg-muted/50',
      )}
      data-testid={testId}
    >
      <span
        className={cn(
          'grid size-9 shrink-0 place-content-center rounded-full [&_svg]:size-5',
          tone === 'success' && 'bg-green-100 text-green-700',
          tone === 'progress' && 'bg-primary-100 text-primary-600',
          tone === 'failed' && 'bg-red-100 text-red-700',
          tone === 'muted' && 'bg-background text-muted-foreground',
        )}
      >
        {icon}
      </span>
      <div className="grid min-w-0 flex-1 basis-56 gap-1">
        <h2 className="font-semibold">{title}</h2>
        <p className="text-sm text-muted-foreground">{children}</p>
        {actions && <div className="mt-1.5 flex flex-wrap gap-2">{actions}</div>}
      </div>
    </div>
  )
}

function BillSkeleton() {
  return (
    <div className="grid gap-6" data-testid="bill-skeleton">
      <span className="sr-only">
        <Trans>Loading…</Trans>
      </span>
      <Skeleton className="h-8 w-24" />
      <Card>
        <CardContent className="grid gap-3">
          <Skeleton className="h-7 w-56" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-10 w-36" />
          <Skeleton className="h-11 w-full sm:w-48" />
        </CardContent>
      </Card>
      <Skeleton className="h-80 w-full rounded-xl" />
    </div>
  )
}
