import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import {
  ArrowLeftIcon,
  CircleCheckIcon,
  CircleXIcon,
  ClockIcon,
  LoaderCircleIcon,
  PlusIcon,
  QrCodeIcon,
  RefreshCwIcon,
  XIcon,
} from 'lucide-react'
import { useEffect, useState } from 'react'
import { Money } from '~/components/finances/amount.tsx'
import { CopyLink } from '~/components/payments/copy-link.tsx'
import { MethodLabel } from '~/components/payments/labels.tsx'
import { PaymentRequestForm, type PaymentRequestInput } from '~/components/payments/payment-request-form.tsx'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { type Answer, ApiError, api } from '~/lib/api.ts'
import { describeApiError } from '~/lib/api-messages.ts'
import { formatMoney } from '~/lib/money.ts'
import { notify } from '~/lib/notify.tsx'
import { cn } from '~/lib/utils.ts'
import { requestRefusals } from './messages.ts'
import { OpenRequests } from './open-requests.tsx'
import { useTerminalPlaces } from './places.ts'
import { QrCode } from './qr-code.tsx'
import {
  recentRequestsQueryOptions,
  type TerminalRequest,
  type TerminalStatus,
  terminalKeys,
} from './queries.ts'
import { TerminalStatusBadge } from './status-badge.tsx'
import { useLiveRequest } from './use-live-request.ts'

/** The QR on screen: the request and the link its code holds (only known when it was made). */
interface ShownQr {
  uuid: string
  pay_url: string
  expires: string
}

/**
 * `/terminal/{cashpoint}`: the phone as payment terminal. The acceptor (or the program's owner)
 * types an amount (and, if they like, what it is for); a QR code appears for the payer to scan;
 * the screen follows the payment live (opened, paid, failed) and offers a new QR when the code ran
 * out. Requests still open at the cashpoint (after a reload, on another phone) are listed with
 * Show QR code and Cancel, so none is left waiting with nothing to do about it.
 */
export function TerminalPage({ cashpoint }: { cashpoint: string }) {
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const places = useTerminalPlaces(portal)
  const place = places.data?.find((p) => p.cashpoints.some((c) => c.uuid === cashpoint))
  const title = place?.cashpoints.find((c) => c.uuid === cashpoint)?.title
  const [current, setCurrent] = useState<string | null>(null)
  const [qr, setQr] = useState<ShownQr | null>(null)

  const show = (request: TerminalRequest) => {
    setCurrent(request.uuid)
    setQr(request.pay_url ? { uuid: request.uuid, pay_url: request.pay_url, expires: request.expires } : null)
  }
  const reset = () => {
    setCurrent(null)
    setQr(null)
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6" data-testid="terminal-page">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <Button variant="link" asChild className="h-auto w-fit px-0 text-muted-foreground">
            <Link to="/terminal">
              <ArrowLeftIcon aria-hidden="true" />
              <Trans>All cashpoints</Trans>
            </Link>
          </Button>
          <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
            <Trans>Terminal</Trans>
          </h1>
          {place && (
            <p className="text-sm text-muted-foreground" data-testid="terminal-place">
              {title} · {place.program.title}
            </p>
          )}
        </div>
      </header>

      {places.isError ? (
        <LoadError onRetry={() => places.refetch()} />
      ) : places.isPending ? (
        <RowsSkeleton rows={3} />
      ) : !place ? (
        <EmptyState icon={<QrCodeIcon aria-hidden="true" className="size-6" />}>
          <Trans>This cashpoint is closed or not yours. Choose another one.</Trans>
        </EmptyState>
      ) : current ? (
        <CurrentRequest
          uuid={current}
          qr={qr?.uuid === current ? qr : null}
          onQr={(request) => show(request)}
          onDone={reset}
        />
      ) : (
        <>
          <OpenRequests cashpoint={cashpoint} onShow={show} />
          <AmountForm cashpoint={cashpoint} currency={place.program.currency} onCreated={show} />
        </>
      )}

      {place && <RecentRequests cashpoint={cashpoint} />}
    </div>
  )
}

function AmountForm({
  cashpoint,
  currency,
  onCreated,
}: {
  cashpoint: string
  currency: string
  onCreated: (request: TerminalRequest) => void
}) {
  const queryClient = useQueryClient()
  const send = async ({ amount, description }: PaymentRequestInput, key: string) => {
    const { result } = await api.post<Answer<'/manager/terminal-requests', 'post', 201>>(
      '/manager/terminal-requests',
      { cashpoint, amount, description },
      { headers: { 'idempotency-key': key } },
    )
    queryClient.setQueryData(terminalKeys.request(result.uuid), result)
    void queryClient.invalidateQueries({ queryKey: terminalKeys.requests(cashpoint) })
    onCreated(result)
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>New payment</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <PaymentRequestForm
          currency={currency}
          send={send}
          testIdPrefix="terminal"
          amountLabel={<Trans>Amount ({currency})</Trans>}
          descriptionOptional
          large
          submitIcon={<QrCodeIcon aria-hidden="true" />}
          submitLabel={<Trans>Show QR code</Trans>}
        />
      </CardContent>
    </Card>
  )
}

/** Seconds until `iso`, ticking every second (never below zero). */
function useSecondsLeft(iso: string | undefined): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!iso) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [iso])
  return iso ? Math.max(0, Math.floor((Date.parse(iso) - now) / 1000)) : 0
}

function CurrentRequest({
  uuid,
  qr,
  onQr,
  onDone,
}: {
  uuid: string
  qr: ShownQr | null
  onQr: (request: TerminalRequest) => void
  onDone: () => void
}) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const live = useLiveRequest(uuid)
  const request = live.data
  const secondsLeft = useSecondsLeft(qr?.expires)
  const linkExpired = qr !== null && secondsLeft === 0

  const renew = useMutation({
    mutationFn: () =>
      api.post<Answer<'/manager/terminal-requests/{uuid}/token', 'post'>>(
        `/manager/terminal-requests/${uuid}/token`,
      ),
    onSuccess: ({ result }) => {
      queryClient.setQueryData(terminalKeys.request(uuid), result)
      onQr(result)
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: terminalKeys.request(uuid) })
      if (!(error instanceof ApiError && error.status === 409)) notify.error(describeApiError(error))
    },
  })
  const cancel = useMutation({
    mutationFn: () =>
      api.post<Answer<'/manager/terminal-requests/{uuid}/cancel', 'post'>>(
        `/manager/terminal-requests/${uuid}/cancel`,
      ),
    onSuccess: ({ result }) => {
      queryClient.setQueryData(terminalKeys.request(uuid), result)
      void queryClient.invalidateQueries({ queryKey: terminalKeys.all })
      onDone()
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: terminalKeys.request(uuid) })
      notify.error(
        (error instanceof ApiError && error.reason && requestRefusals[error.reason]) ||
          describeApiError(error),
      )
    },
  })

  // Reopened after a reload (no QR in memory) while nobody paid yet: make a new QR at once.
  const needsQr = request?.status === 'open' && qr === null
  const { mutate: renewNow, isPending: renewing, isError: renewFailed } = renew
  useEffect(() => {
    if (needsQr && !renewing && !renewFailed) renewNow()
  }, [needsQr, renewing, renewFailed, renewNow])

  if (live.isError) {
    if (live.error instanceof ApiError && live.error.status === 404) {
      onDone()
      return null
    }
    return <LoadError onRetry={() => live.refetch()} />
  }
  if (!request) return <RowsSkeleton rows={4} />
  const status: TerminalStatus = request.status === 'open' && linkExpired ? 'expired' : request.status
  const shownAmount = formatMoney(request.amount, request.currency, i18n.locale)

  return (
    <Card data-testid="terminal-request" data-status={status} data-uuid={request.uuid}>
      <CardContent className="grid gap-5 py-2 sm:grid-cols-[auto_1fr] sm:items-center">
        <div className="grid justify-items-center gap-2">
          {status === 'open' && qr ? (
            <QrCode
              value={qr.pay_url}
              label={t`QR code to pay ${shownAmount}`}
              className="size-64 rounded-lg border p-1 sm:size-72"
            />
          ) : (
            <StatusIcon status={status} />
          )}
        </div>
        <div className="grid gap-3">
          <Money
            amount={request.amount}
            currency={request.currency}
            className="text-4xl font-semibold tracking-tight"
            testId="terminal-shown-amount"
          />
          {request.description && (
            <p className="text-sm break-words text-muted-foreground">{request.description}</p>
          )}
          <StatusLine request={request} status={status} secondsLeft={secondsLeft} hasQr={qr !== null} />
          {status === 'open' && qr && (
            <details className="text-sm">
              <summary className="cursor-pointer text-muted-foreground">
                <Trans>Share the link instead</Trans>
              </summary>
              <div className="mt-2">
                <CopyLink url={qr.pay_url} />
              </div>
            </details>
          )}
          <div className="flex flex-wrap gap-2">
            {status === 'open' && (
              <Button
                variant="outline"
                onClick={() => cancel.mutate()}
                disabled={cancel.isPending}
                data-testid="terminal-cancel"
              >
                <XIcon aria-hidden="true" />
                <Trans>Cancel</Trans>
              </Button>
            )}
            {status === 'expired' && request.status === 'open' && (
              <Button onClick={() => renew.mutate()} disabled={renew.isPending} data-testid="terminal-renew">
                <RefreshCwIcon aria-hidden="true" />
                <Trans>New QR code</Trans>
              </Button>
            )}
            {(['paid', 'failed', 'expired', 'cancelled'] as TerminalStatus[]).includes(status) && (
              <Button
                variant={status === 'paid' ? 'primary' : 'outline'}
                onClick={onDone}
                data-testid="terminal-new"
              >
                <PlusIcon aria-hidden="true" />
                <Trans>New payment</Trans>
              </Button>
            )}
          </div>
        </div>
      </CardContent>
    </Card>
  )
}

function StatusIcon({ status }: { status: TerminalStatus }) {
  const base = 'grid size-40 place-content-center rounded-full [&_svg]:size-16'
  if (status === 'paid')
    return (
      <span className={cn(base, 'bg-green-50 text-green-700')}>
        <CircleCheckIcon aria-hidden="true" />
      </span>
    )
  if (status === 'claimed')
    return (
      <span className={cn(base, 'bg-primary-50 text-primary-600')}>
        <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
      </span>
    )
  if (status === 'expired')
    return (
      <span className={cn(base, 'bg-muted text-muted-foreground')}>
        <ClockIcon aria-hidden="true" />
      </span>
    )
  return (
    <span className={cn(base, 'bg-red-50 text-red-700')}>
      <CircleXIcon aria-hidden="true" />
    </span>
  )
}

function StatusLine({
  request,
  status,
  secondsLeft,
  hasQr,
}: {
  request: TerminalRequest
  status: TerminalStatus
  secondsLeft: number
  hasQr: boolean
}) {
  const minutes = Math.floor(secondsLeft / 60)
  const seconds = String(secondsLeft % 60).padStart(2, '0')
  const time = `${minutes}:${seconds}`
  return (
    <div role="status" aria-live="polite" className="grid gap-1" data-testid="terminal-status">
      {status === 'open' &&
        (hasQr ? (
          <p className="text-sm">
            <Trans>
              Let the payer scan the code. It works once, for <span className="tabular-nums">{time}</span>{' '}
              more.
            </Trans>
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">
            <Trans>Making a new QR code…</Trans>
          </p>
        ))}
      {status === 'claimed' && (
        <p className="text-sm font-medium">
          <Trans>The payer opened the payment and is paying…</Trans>
        </p>
      )}
      {status === 'paid' && (
        <p className="text-lg font-semibold text-green-700" data-testid="terminal-paid">
          <Trans>Paid</Trans>
          {request.payment.card_last4 && (
            <span className="ml-2 text-sm font-normal text-muted-foreground">
              <MethodLabel
                method="card"
                brand={request.payment.card_brand}
                last4={request.payment.card_last4}
              />
            </span>
          )}
        </p>
      )}
      {status === 'failed' && (
        <p className="text-sm font-medium text-red-700">
          {request.failure_message ?? <Trans>The payment did not go through. Nothing was charged.</Trans>}
        </p>
      )}
      {status === 'expired' && (
        <p className="text-sm text-muted-foreground">
          <Trans>The QR code has expired. Nothing was charged.</Trans>
        </p>
      )}
      {status === 'cancelled' && (
        <p className="text-sm text-muted-foreground">
          <Trans>Cancelled. Nothing was charged.</Trans>
        </p>
      )}
      {request.payment.reference && (
        <p className="font-mono text-xs text-muted-foreground">{request.payment.reference}</p>
      )}
    </div>
  )
}

function RecentRequests({ cashpoint }: { cashpoint: string }) {
  const { i18n } = useLingui()
  const recent = useQuery(recentRequestsQueryOptions(cashpoint))
  return (
    <section aria-labelledby="recent-title" className="grid gap-3">
      <h2 id="recent-title" className="text-lg font-semibold">
        <Trans>Latest payments at this cashpoint</Trans>
      </h2>
      {recent.isError ? (
        <LoadError onRetry={() => recent.refetch()} />
      ) : recent.isPending ? (
        <RowsSkeleton rows={3} />
      ) : recent.data.results.length === 0 ? (
        <EmptyState>
          <Trans>No payments here yet.</Trans>
        </EmptyState>
      ) : (
        <ul className="divide-y rounded-lg border" data-testid="terminal-recent">
          {recent.data.results.map((r) => (
            <li key={r.uuid} className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm">
              <div className="min-w-0">
                <p className="truncate">{r.description}</p>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={r.created}>
                    {i18n.date(r.created, { dateStyle: 'short', timeStyle: 'short' })}
                  </time>
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-3">
                <Money amount={r.amount} currency={r.currency} />
                <TerminalStatusBadge status={r.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
