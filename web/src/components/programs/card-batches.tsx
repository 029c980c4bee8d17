import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { DownloadIcon, LoaderCircleIcon, PackageIcon, ShoppingCartIcon } from 'lucide-react'
import { useState } from 'react'
import { Money } from '~/components/finances/amount.tsx'
import { useHydrated } from '~/components/payments/use-hydrated.ts'
import { LoadError, RowsSkeleton } from '~/components/profile/states.tsx'
import { Button, type ButtonProps } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table.tsx'
import { Pagination } from '~/components/users/pagination.tsx'
import { notify } from '~/lib/notify.tsx'
import { cardErrorMessage } from './card-errors.ts'
import { OrderStatusBadge } from './card-labels.tsx'
import { batchCardsCsv, type CardOrder, cardBatchesQueryOptions } from './card-queries.ts'
import { noRetryOn4xx } from './errors.ts'
import type { Program } from './queries.ts'

/** Saves a Blob the API answered as a file the browser downloads. */
function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * Downloads the issued cards of a paid order (`GET card/batches/{uuid}/cards.csv`) through the
 * app's API client, so the session cookie and its refresh apply as for every call.
 */
export function DownloadCardsButton({
  order,
  variant = 'outline',
  size = 'sm',
  testId = 'batch-download',
}: {
  order: Pick<CardOrder, 'uuid' | 'number' | 'status'>
  variant?: ButtonProps['variant']
  size?: ButtonProps['size']
  testId?: string
}) {
  const hydrated = useHydrated()
  const [busy, setBusy] = useState(false)
  const download = async () => {
    setBusy(true)
    try {
      const { blob, filename } = await batchCardsCsv(order.uuid)
      saveBlob(blob, filename ?? `cards-${order.number}.csv`)
    } catch (error) {
      notify.error(cardErrorMessage(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button
      variant={variant}
      size={size}
      onClick={download}
      disabled={busy || !hydrated || order.status !== 'paid'}
      aria-busy={busy}
      data-testid={testId}
    >
      {busy ? (
        <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
      ) : (
        <DownloadIcon aria-hidden="true" />
      )}
      <Trans>Download cards (CSV)</Trans>
    </Button>
  )
}

/**
 * A card program's batches (`GET card/batches?program=`): every order, newest first, with its
 * number, date, quantity, amount, status and the cards it issued; a paid batch's cards download as
 * CSV (token, value, currency, uses, expiry) for printing or mailing.
 */
export function CardBatches({ program, canOrder }: { program: Program; canOrder: boolean }) {
  const [page, setPage] = useState(1)
  const batches = useQuery({ ...cardBatchesQueryOptions(program.uuid, page), retry: noRetryOn4xx })
  return (
    <Card data-testid="card-batches">
      <CardHeader>
        <CardTitle>
          <Trans>Card batches</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Every card order of this program. A paid order issues its cards at once.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {batches.isPending ? (
          <RowsSkeleton rows={3} />
        ) : batches.isError ? (
          <LoadError onRetry={() => batches.refetch()} />
        ) : batches.data.count === 0 ? (
          <div
            data-testid="card-batches-empty"
            className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground"
          >
            <PackageIcon aria-hidden="true" className="size-8" />
            <Trans>No cards ordered yet.</Trans>
            {canOrder && (
              <Button size="sm" asChild>
                <Link to="/programs/$uuid/order" params={{ uuid: program.uuid }}>
                  <ShoppingCartIcon aria-hidden="true" />
                  <Trans>Order cards</Trans>
                </Link>
              </Button>
            )}
          </div>
        ) : (
          <>
            <BatchesTable orders={batches.data.results} dimmed={batches.isPlaceholderData} />
            <Pagination
              page={page}
              pages={batches.data.pages}
              count={batches.data.count}
              onPageChange={setPage}
              disabled={batches.isFetching}
            />
          </>
        )}
      </CardContent>
    </Card>
  )
}

function BatchesTable({ orders, dimmed }: { orders: CardOrder[]; dimmed: boolean }) {
  const { i18n, t } = useLingui()
  return (
    <Table aria-label={t`Card batches`} className={dimmed ? 'opacity-60' : undefined}>
      <TableHeader>
        <TableRow>
          <TableHead>
            <Trans context="card order">Number</Trans>
          </TableHead>
          <TableHead>
            <Trans>Date</Trans>
          </TableHead>
          <TableHead className="text-right">
            <Trans>Quantity</Trans>
          </TableHead>
          <TableHead className="text-right">
            <Trans>Amount</Trans>
          </TableHead>
          <TableHead>
            <Trans>Status</Trans>
          </TableHead>
          <TableHead className="text-right">
            <Trans>Cards issued</Trans>
          </TableHead>
          <TableHead>
            <span className="sr-only">
              <Trans>Cards</Trans>
            </span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {orders.map((order) => (
          <TableRow
            key={order.uuid}
            data-testid="card-batch"
            data-uuid={order.uuid}
            data-status={order.status}
          >
            <TableCell className="font-mono text-[13px]" data-testid="batch-number">
              {order.number}
            </TableCell>
            <TableCell>
              <time dateTime={order.created}>
                {i18n.date(order.created, { dateStyle: 'medium', timeStyle: 'short' })}
              </time>
            </TableCell>
            <TableCell className="text-right tabular-nums" data-testid="batch-quantity">
              {i18n.number(order.quantity)}
            </TableCell>
            <TableCell className="text-right">
              <Money amount={order.amount} currency={order.currency} testId="batch-amount" />
            </TableCell>
            <TableCell>
              <OrderStatusBadge status={order.status} testId="batch-status" />
            </TableCell>
            <TableCell className="text-right tabular-nums" data-testid="batch-issued">
              {i18n.number(order.cards_issued)}
            </TableCell>
            <TableCell className="text-right">
              {order.status === 'paid' && <DownloadCardsButton order={order} variant="ghost" />}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
