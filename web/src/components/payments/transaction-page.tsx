import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import { ArrowLeftIcon, FileDownIcon, FileSearchIcon, InfoIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Money } from '~/components/finances/amount.tsx'
import { describePayment } from '~/components/finances/descriptions.tsx'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { Skeleton } from '~/components/ui/skeleton.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table.tsx'
import { ApiError } from '~/lib/api.ts'
import { useSession } from '~/lib/use-session.ts'
import { CopyLink } from './copy-link.tsx'
import { FailureMessage, MethodLabel, MovementBadge, StatusBadge } from './labels.tsx'
import { attemptStatusNames, statusNames } from './messages.ts'
import {
  isMoneyTaken,
  isPayable,
  type PaymentDetail,
  paymentQueryOptions,
  receiptHref,
  type Transaction,
  transactionQueryOptions,
} from './queries.ts'
import { RefundButton } from './refund-dialog.tsx'

const notFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400)

/**
 * `/transactions/{uuid}`: one transaction (a payment, or a refund of one) with the whole payment:
 * its attempts (method, card brand and last four, why one failed) and refunds, the receipt, and
 * for the program owner or an admin the Refund action. A payment nobody started paying is not a
 * transaction yet; its requester still finds it here by the payment's uuid.
 */
export function TransactionPage({ uuid }: { uuid: string }) {
  const transaction = useQuery(transactionQueryOptions(uuid))
  const paymentId =
    transaction.data?.payment_uuid ?? (transaction.isError && notFound(transaction.error) ? uuid : undefined)
  const payment = useQuery({
    ...paymentQueryOptions(paymentId ?? uuid),
    enabled: paymentId !== undefined,
  })

  if (transaction.isPending || (paymentId !== undefined && payment.isPending)) return <DetailSkeleton />
  if (transaction.isError && !notFound(transaction.error)) {
    return <LoadFailed onRetry={() => transaction.refetch()} />
  }
  if (payment.isError) {
    return notFound(payment.error) ? <NotFound /> : <LoadFailed onRetry={() => payment.refetch()} />
  }
  if (!payment.data) return <NotFound />
  return <DetailView payment={payment.data} transaction={transaction.data ?? null} />
}

function Back() {
  return (
    <Button variant="ghost" size="sm" asChild className="w-fit">
      <Link to="/transactions" data-testid="transaction-back">
        <ArrowLeftIcon aria-hidden="true" />
        <Trans>Transactions</Trans>
      </Link>
    </Button>
  )
}

function Detail({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-0.5" data-testid={testId}>
      <dt className="text-[13px] text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  )
}

function DetailView({ payment, transaction }: { payment: PaymentDetail; transaction: Transaction | null }) {
  const { i18n } = useLingui()
  const session = useSession()
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const type = session?.user.type
  const isRefund = transaction?.kind === 'refund'
  // A second capture of the payment (the payer charged twice), which the platform gives back.
  const isDuplicate = transaction?.kind === 'duplicate_capture'
  const reference = payment.reference
  const canRefund =
    (type === 1 || type === 4) && (payment.status === 'paid' || payment.status === 'partially_refunded')
  const showsPayLink = portal !== 'cardholder' && isPayable(payment.status)
  // A duplicate charge has no receipt of its own: the payment's receipt stands, and its refund has one.
  const receipt = isDuplicate ? null : transaction?.order.receipt_url
  const chargedTwice = payment.attempts.some((a) => a.duplicate)
  const duplicatesRefunded = payment.refunds
    .filter((r) => r.kind === 'duplicate' && r.status === 'succeeded')
    .reduce((sum, r) => sum + r.amount, 0)
  const date = (iso: string) => i18n.date(iso, { dateStyle: 'medium', timeStyle: 'short' })
  // The shop the payer paid (and the cashpoint at a counter), as fixed with the payment.
  const whom = transaction?.merchant
    ? [transaction.merchant, transaction.cashpoint].filter(Boolean).join(' · ')
    : null

  return (
    <div className="grid grid-cols-1 gap-6" data-testid="transaction-page">
      <Back />
      <Card>
        <CardHeader className="gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight" data-testid="transaction-title">
              {isDuplicate ? (
                <Trans>Duplicate charge of {reference}</Trans>
              ) : isRefund ? (
                <Trans>Refund of {reference}</Trans>
              ) : (
                <Trans>Payment {reference}</Trans>
              )}
            </h1>
            <StatusBadge
              status={transaction?.transaction_status ?? payment.status}
              testId="transaction-detail-status"
            />
            {transaction && (transaction.duplicate || isDuplicate) && (
              <MovementBadge
                kind={transaction.kind}
                duplicate={transaction.duplicate}
                testId="transaction-detail-kind"
              />
            )}
          </div>
          {whom && (
            <p className="font-medium break-words" data-testid="transaction-merchant">
              {isRefund ? <Trans>Refunded by {whom}</Trans> : <Trans>Paid to {whom}</Trans>}
            </p>
          )}
          {describePayment(i18n, payment) && (
            <p className="text-muted-foreground" data-testid="transaction-description">
              {describePayment(i18n, payment)}
            </p>
          )}
          <Money
            amount={
              transaction && isRefund
                ? -transaction.amount
                : transaction && isDuplicate
                  ? transaction.amount
                  : payment.amount
            }
            currency={payment.currency}
            className="text-3xl font-semibold tracking-tight"
            testId="transaction-detail-amount"
          />
          {(isDuplicate || transaction?.duplicate || chargedTwice) && (
            <p
              className="flex gap-2.5 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900"
              data-testid="transaction-duplicate-note"
            >
              <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                {isDuplicate ? (
                  <Trans>
                    This payment was charged a second time: another attempt was paid after the payment had
                    already been paid (a bank approving an earlier payment late, say). The platform gives this
                    charge back by itself.
                  </Trans>
                ) : transaction?.duplicate ? (
                  <Trans>
                    This refund gives back a duplicate charge of the payment. The platform made it by itself,
                    so the payer pays only once.
                  </Trans>
                ) : (
                  <Trans>
                    This payment was charged more than once. The platform gives the duplicate charge back by
                    itself: see the attempts and refunds below.
                  </Trans>
                )}
              </span>
            </p>
          )}
          {(receipt || canRefund) && (
            <div className="flex flex-wrap gap-2 pt-1">
              {receipt && (
                <Button variant="outline" asChild>
                  <a
                    href={receiptHref(receipt, i18n.locale)}
                    target="_blank"
                    rel="noopener"
                    data-testid="transaction-detail-receipt"
                  >
                    <FileDownIcon aria-hidden="true" />
                    <Trans>Receipt (PDF)</Trans>
                  </a>
                </Button>
              )}
              {canRefund && <RefundButton payment={payment} />}
            </div>
          )}
        </CardHeader>
        <CardContent className="grid gap-6">
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Detail label={<Trans>Reference</Trans>}>
              <span className="font-mono text-[13px]">{payment.reference}</span>
            </Detail>
            <Detail label={<Trans>Payment status</Trans>} testId="payment-status">
              {i18n._(statusNames[payment.status])}
            </Detail>
            <Detail label={<Trans>Amount</Trans>}>
              <Money amount={payment.amount} currency={payment.currency} />
            </Detail>
            {payment.captured_amount > payment.amount && (
              <Detail label={<Trans>Charged in total</Trans>} testId="payment-captured">
                <Money amount={payment.captured_amount} currency={payment.currency} />
              </Detail>
            )}
            {duplicatesRefunded > 0 && (
              <Detail label={<Trans>Duplicate charges refunded</Trans>} testId="payment-duplicates-refunded">
                <Money amount={duplicatesRefunded} currency={payment.currency} />
              </Detail>
            )}
            {payment.refunded_amount > 0 && (
              <Detail label={<Trans>Refunded</Trans>} testId="payment-refunded">
                <Money amount={payment.refunded_amount} currency={payment.currency} />
              </Detail>
            )}
            {type !== 3 && payment.fee_amount > 0 && (
              <Detail label={<Trans>Provider fees</Trans>}>
                <Money amount={payment.fee_amount} currency={payment.currency} />
              </Detail>
            )}
            <Detail label={<Trans>Method</Trans>} testId="payment-method">
              <MethodLabel method={payment.method} brand={payment.card_brand} last4={payment.card_last4} />
            </Detail>
            <Detail label={<Trans>Requested</Trans>}>
              <time dateTime={payment.created}>{date(payment.created)}</time>
            </Detail>
            {payment.paid ? (
              <Detail label={<Trans>Paid</Trans>}>
                <time dateTime={payment.paid}>{date(payment.paid)}</time>
              </Detail>
            ) : (
              !isMoneyTaken(payment.status) && (
                <Detail label={<Trans>Pay before</Trans>}>
                  <time dateTime={payment.expires}>{date(payment.expires)}</time>
                </Detail>
              )
            )}
          </dl>
          {payment.failure_message && !isMoneyTaken(payment.status) && (
            <p
              className="rounded-lg bg-red-50 px-3.5 py-2.5 text-sm text-red-800"
              data-testid="payment-failure"
            >
              <FailureMessage code={payment.failure_code} text={payment.failure_message} />
            </p>
          )}
          {showsPayLink && (
            <div className="grid gap-2 border-t pt-4">
              <p className="text-sm font-medium">
                <Trans>Payment link</Trans>
              </p>
              <CopyLink url={payment.pay_url} />
            </div>
          )}
        </CardContent>
      </Card>

      <Card className="gap-4">
        <CardHeader>
          <CardTitle>
            <Trans>Attempts</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {payment.attempts.length === 0 ? (
            <EmptyState>
              <Trans>Nobody has started paying yet.</Trans>
            </EmptyState>
          ) : (
            <Table data-testid="payment-attempts">
              <TableHeader>
                <TableRow>
                  <TableHead className="w-12">
                    <Trans>No.</Trans>
                  </TableHead>
                  <TableHead>
                    <Trans>Date</Trans>
                  </TableHead>
                  <TableHead>
                    <Trans>Method</Trans>
                  </TableHead>
                  <TableHead>
                    <Trans>Status</Trans>
                  </TableHead>
                  <TableHead>
                    <Trans>Message</Trans>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {[...payment.attempts]
                  .sort((a, b) => b.number - a.number)
                  .map((attempt) => {
                    const status = attemptStatusNames[attempt.status]
                    return (
                      <TableRow
                        key={attempt.uuid}
                        data-testid="payment-attempt"
                        data-duplicate={attempt.duplicate ? 'true' : undefined}
                      >
                        <TableCell className="tabular-nums">{attempt.number}</TableCell>
                        <TableCell className="whitespace-nowrap text-muted-foreground">
                          <time dateTime={attempt.created}>{date(attempt.created)}</time>
                        </TableCell>
                        <TableCell>
                          <MethodLabel
                            method={attempt.method}
                            brand={attempt.card_brand}
                            last4={attempt.card_last4}
                          />
                        </TableCell>
                        <TableCell>
                          <span className="flex flex-wrap items-center gap-1.5">
                            {status ? i18n._(status) : attempt.status}
                            {attempt.duplicate && (
                              <MovementBadge
                                kind="duplicate_capture"
                                duplicate
                                testId="payment-attempt-duplicate"
                              />
                            )}
                          </span>
                        </TableCell>
                        <TableCell className="max-w-80 whitespace-normal text-muted-foreground">
                          {attempt.failure_message ? (
                            <FailureMessage code={attempt.failure_code} text={attempt.failure_message} />
                          ) : attempt.duplicate ? (
                            <Trans>Paid after another attempt had paid; the platform refunds it.</Trans>
                          ) : (
                            '—'
                          )}
                        </TableCell>
                      </TableRow>
                    )
                  })}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>

      <Card className="gap-4">
        <CardHeader>
          <CardTitle>
            <Trans>Refunds</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {payment.refunds.length === 0 ? (
            <EmptyState>
              <Trans>Nothing has been refunded.</Trans>
            </EmptyState>
          ) : (
            <Table data-testid="payment-refunds">
              <TableHeader>
                <TableRow>
                  <TableHead>
                    <Trans>Date</Trans>
                  </TableHead>
                  <TableHead>
                    <Trans>Status</Trans>
                  </TableHead>
                  <TableHead>
                    <Trans>Reason</Trans>
                  </TableHead>
                  <TableHead className="text-right">
                    <Trans>Amount</Trans>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {payment.refunds.map((refund) => {
                  const status = attemptStatusNames[refund.status]
                  return (
                    <TableRow
                      key={refund.uuid}
                      data-testid="payment-refund"
                      data-kind={refund.kind}
                      data-duplicate={refund.kind === 'duplicate' ? 'true' : undefined}
                    >
                      <TableCell className="whitespace-nowrap text-muted-foreground">
                        <Link
                          to="/transactions/$uuid"
                          params={{ uuid: refund.uuid }}
                          className="hover:underline"
                        >
                          <time dateTime={refund.created}>{date(refund.created)}</time>
                        </Link>
                      </TableCell>
                      <TableCell>{status ? i18n._(status) : refund.status}</TableCell>
                      <TableCell className="max-w-80 whitespace-normal text-muted-foreground">
                        {refund.kind === 'duplicate' ? (
                          // The platform's own refund: its reason is the API's wording, so ours instead.
                          <MovementBadge kind="refund" duplicate testId="payment-refund-duplicate" />
                        ) : (
                          (refund.reason ?? '—')
                        )}
                      </TableCell>
                      <TableCell className="text-right">
                        <Money amount={refund.amount} currency={refund.currency} />
                      </TableCell>
                    </TableRow>
                  )
                })}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </div>
  )
}

function DetailSkeleton() {
  return (
    <div className="grid gap-6" data-testid="transaction-skeleton">
      <span className="sr-only">
        <Trans>Loading…</Trans>
      </span>
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-56 w-full rounded-xl" />
      <Skeleton className="h-40 w-full rounded-xl" />
    </div>
  )
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="grid gap-6">
      <Back />
      <LoadError onRetry={onRetry}>
        <Trans>The transaction could not be loaded.</Trans>
      </LoadError>
    </div>
  )
}

function NotFound() {
  return (
    <div className="grid gap-6">
      <Back />
      <Card data-testid="transaction-not-found" className="mx-auto w-full max-w-lg">
        <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
          <FileSearchIcon aria-hidden="true" className="size-10 text-muted-foreground" />
          <h1 className="text-lg font-semibold">
            <Trans>Transaction not found</Trans>
          </h1>
          <p className="text-sm text-muted-foreground">
            <Trans>There is no transaction of yours at this address. The link may be wrong.</Trans>
          </p>
        </CardContent>
      </Card>
    </div>
  )
}
