import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { EyeIcon, LoaderCircleIcon, QrCodeIcon, XIcon } from 'lucide-react'
import { Money } from '~/components/finances/amount.tsx'
import { ConfirmButton } from '~/components/shared/confirm-button.tsx'
import { LoadError } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { type Answer, ApiError, api } from '~/lib/api.ts'
import { describeApiError } from '~/lib/api-messages.ts'
import { formatMoney } from '~/lib/money.ts'
import { notify } from '~/lib/notify.tsx'
import { requestRefusals } from './messages.ts'
import { openRequestsQueryOptions, type TerminalRequest, terminalKeys } from './queries.ts'
import { TerminalStatusBadge } from './status-badge.tsx'

/** The cashier's words for a refused show or cancel: the request's own reasons first. */
const refusalOf = (error: unknown) =>
  (error instanceof ApiError && error.reason && requestRefusals[error.reason]) || describeApiError(error)

/**
 * The cashpoint's payments still in progress (after a reload, or asked on another phone): a QR code
 * that is still valid gets Show QR code (a new code replaces the old one, and the screen follows the
 * payment live) and Cancel (after a confirmation; nothing is charged); one a payer is paying can be
 * followed. Nothing shows when there is none.
 */
export function OpenRequests({
  cashpoint,
  onShow,
}: {
  cashpoint: string
  onShow: (request: TerminalRequest) => void
}) {
  const open = useQuery(openRequestsQueryOptions(cashpoint))
  if (open.isError) return <LoadError onRetry={() => open.refetch()} />
  if (!open.data || open.data.length === 0) return null
  return (
    <section
      aria-labelledby="open-requests-title"
      className="grid gap-3"
      data-testid="terminal-open-requests"
    >
      <div className="grid gap-0.5">
        <h2 id="open-requests-title" className="text-lg font-semibold">
          <Trans>Open payments at this cashpoint</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>Show the QR code again for the payer, or cancel a payment nobody will pay.</Trans>
        </p>
      </div>
      <ul className="divide-y rounded-lg border">
        {open.data.map((request) => (
          <OpenRequest key={request.uuid} cashpoint={cashpoint} request={request} onShow={onShow} />
        ))}
      </ul>
    </section>
  )
}

function OpenRequest({
  cashpoint,
  request,
  onShow,
}: {
  cashpoint: string
  request: TerminalRequest
  onShow: (request: TerminalRequest) => void
}) {
  const { i18n } = useLingui()
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: terminalKeys.requests(cashpoint) })
  const uuid = request.uuid

  const show = useMutation({
    mutationFn: () =>
      api.post<Answer<'/manager/terminal-requests/{uuid}/token', 'post'>>(
        `/manager/terminal-requests/${uuid}/token`,
      ),
    onSuccess: ({ result }) => {
      queryClient.setQueryData(terminalKeys.request(uuid), result)
      onShow(result)
    },
    onError: (error) => {
      void refresh()
      notify.error(refusalOf(error))
    },
  })
  const cancel = async () => {
    try {
      const { result } = await api.post<Answer<'/manager/terminal-requests/{uuid}/cancel', 'post'>>(
        `/manager/terminal-requests/${uuid}/cancel`,
      )
      queryClient.setQueryData(terminalKeys.request(uuid), result)
      notify.success(msg`Payment cancelled. Nothing was charged.`)
    } catch (error) {
      notify.error(refusalOf(error))
    } finally {
      await refresh()
    }
  }

  const amount = formatMoney(request.amount, request.currency, i18n.locale)
  const askedAt = i18n.date(request.created, { timeStyle: 'short' })
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
      data-testid="terminal-open-request"
      data-uuid={uuid}
      data-status={request.status}
    >
      <div className="grid min-w-0 gap-0.5">
        <div className="flex flex-wrap items-center gap-2">
          <Money amount={request.amount} currency={request.currency} className="text-lg font-semibold" />
          <TerminalStatusBadge status={request.status} />
        </div>
        {request.description && <p className="truncate text-sm">{request.description}</p>}
        <p className="text-xs text-muted-foreground">
          <Trans>
            Asked at <time dateTime={request.created}>{askedAt}</time>
          </Trans>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {request.status === 'open' ? (
          <>
            <Button
              size="sm"
              onClick={() => show.mutate()}
              disabled={!hydrated || show.isPending}
              aria-busy={show.isPending}
              data-testid="terminal-open-show"
            >
              {show.isPending ? (
                <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
              ) : (
                <QrCodeIcon aria-hidden="true" />
              )}
              <Trans>Show QR code</Trans>
            </Button>
            <ConfirmButton
              size="sm"
              title={<Trans>Cancel the payment of {amount}?</Trans>}
              description={
                <Trans>
                  Its QR code stops working at once. Nothing has been charged, and nothing will be.
                </Trans>
              }
              confirmLabel={<Trans>Cancel payment</Trans>}
              onConfirm={cancel}
              destructive
              testId="terminal-open-cancel"
            >
              <XIcon aria-hidden="true" />
              <Trans>Cancel</Trans>
            </ConfirmButton>
          </>
        ) : (
          <Button
            size="sm"
            variant="outline"
            onClick={() => onShow(request)}
            disabled={!hydrated}
            data-testid="terminal-open-follow"
          >
            <EyeIcon aria-hidden="true" />
            <Trans>Follow the payment</Trans>
          </Button>
        )}
      </div>
    </li>
  )
}
