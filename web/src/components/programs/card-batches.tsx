import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { DownloadIcon, LoaderCircleIcon, PackageIcon } from 'lucide-react'
import { useState } from 'react'
import { useCardsCsv } from '~/components/cards/download.ts'
import { CardOrdersTable } from '~/components/cards/orders-table.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button, type ButtonProps } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import type { ServerPages } from '~/components/ui/data-table.tsx'
import { notify } from '~/lib/notify.tsx'
import { cardErrorMessage } from './card-errors.ts'
import { type CardOrder, cardBatchesQueryOptions } from './card-queries.ts'
import { OrderCardsButton } from './card-section.tsx'
import type { Program } from './queries.ts'

/** Downloads the issued cards of a paid order as CSV, worded for the program owner. */
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
  const { busy, download } = useCardsCsv(order, (error) => notify.error(cardErrorMessage(error)))
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
  const batches = useQuery(cardBatchesQueryOptions(program.uuid, page))
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
            {canOrder && <OrderCardsButton program={program} size="sm" />}
          </div>
        ) : (
          <BatchesTable
            orders={batches.data.results}
            dimmed={batches.isPlaceholderData}
            pages={{
              page,
              pages: batches.data.pages,
              count: batches.data.count,
              onPageChange: setPage,
              disabled: batches.isFetching,
            }}
          />
        )}
      </CardContent>
    </Card>
  )
}

function BatchesTable({
  orders,
  dimmed,
  pages,
}: {
  orders: CardOrder[]
  dimmed: boolean
  pages: ServerPages
}) {
  const { t } = useLingui()
  return (
    <CardOrdersTable
      id="card-batches"
      orders={orders}
      columns={['number', 'date', 'quantity', 'amount', 'status', 'issued']}
      label={t`Card batches`}
      rowTestId="card-batch"
      fieldPrefix="batch"
      dimmed={dimmed}
      pages={pages}
      action={{
        label: msg`Cards`,
        cell: (order) => order.status === 'paid' && <DownloadCardsButton order={order} variant="ghost" />,
      }}
    />
  )
}
