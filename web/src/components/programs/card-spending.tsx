import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { ReceiptTextIcon } from 'lucide-react'
import { useState } from 'react'
import { programRedemptionsQueryOptions, type Redemption } from '~/components/cards/redemptions.ts'
import { Money } from '~/components/finances/amount.tsx'
import { Pagination } from '~/components/shared/pagination.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table.tsx'
import type { Program } from './queries.ts'

/**
 * A card program's spending (`GET card/redemptions?program=`): every card taken at an acceptor's
 * cashpoint, newest first, with the acceptor and cashpoint, the card's last four characters, the
 * amount, what its last use forfeited, and whether the acceptor undid it.
 */
export function CardSpending({ program }: { program: Program }) {
  const [page, setPage] = useState(1)
  const spending = useQuery(programRedemptionsQueryOptions(program.uuid, page))
  return (
    <Card data-testid="card-spending">
      <CardHeader>
        <CardTitle>
          <Trans>Card spending</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Where this program’s cards were spent: each amount an acceptor took from a card at one of their
            cashpoints.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {spending.isPending ? (
          <RowsSkeleton rows={3} />
        ) : spending.isError ? (
          <LoadError onRetry={() => spending.refetch()} />
        ) : spending.data.count === 0 ? (
          <div
            data-testid="card-spending-empty"
            className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground"
          >
            <ReceiptTextIcon aria-hidden="true" className="size-8" />
            <Trans>No card has been spent yet.</Trans>
          </div>
        ) : (
          <>
            <SpendingTable redemptions={spending.data.results} dimmed={spending.isPlaceholderData} />
            <Pagination
              page={page}
              pages={spending.data.pages}
              count={spending.data.count}
              onPageChange={setPage}
              disabled={spending.isFetching}
            />
          </>
        )}
      </CardContent>
    </Card>
  )
}

function SpendingTable({ redemptions, dimmed }: { redemptions: Redemption[]; dimmed: boolean }) {
  const { i18n, t } = useLingui()
  return (
    <Table aria-label={t`Card spending`} className={dimmed ? 'opacity-60' : undefined}>
      <TableHeader>
        <TableRow>
          <TableHead>
            <Trans>Date</Trans>
          </TableHead>
          <TableHead>
            <Trans>Acceptor</Trans>
          </TableHead>
          <TableHead>
            <Trans>Cashpoint</Trans>
          </TableHead>
          <TableHead>
            <Trans context="a card, by its code">Card</Trans>
          </TableHead>
          <TableHead className="text-right">
            <Trans>Amount</Trans>
          </TableHead>
          <TableHead className="text-right">
            <Trans>Forfeited</Trans>
          </TableHead>
          <TableHead>
            <Trans>Status</Trans>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {redemptions.map((r) => {
          const reversed = r.status === 'reversed'
          return (
            <TableRow key={r.uuid} data-testid="card-spending-row" data-uuid={r.uuid} data-status={r.status}>
              <TableCell>
                <time dateTime={r.created}>
                  {i18n.date(r.created, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
              </TableCell>
              <TableCell data-testid="spending-acceptor">{r.acceptor.name}</TableCell>
              <TableCell data-testid="spending-cashpoint">{r.cashpoint.title}</TableCell>
              <TableCell className="font-mono text-[13px] whitespace-nowrap" data-testid="spending-card">
                <span aria-hidden="true">•••• </span>
                <span className="sr-only">
                  <Trans>Code ending in</Trans>{' '}
                </span>
                {r.card.token_last4}
              </TableCell>
              <TableCell className="text-right">
                <Money
                  amount={r.amount}
                  currency={r.currency}
                  className={reversed ? 'text-muted-foreground line-through' : undefined}
                  testId="spending-amount"
                />
              </TableCell>
              <TableCell className="text-right" data-testid="spending-forfeited">
                {r.forfeited > 0 ? (
                  <Money amount={r.forfeited} currency={r.currency} />
                ) : (
                  <span className="text-muted-foreground">—</span>
                )}
              </TableCell>
              <TableCell>
                {reversed ? (
                  <Badge variant="muted" data-testid="spending-status" data-status={r.status}>
                    <Trans context="card spending">Undone</Trans>
                  </Badge>
                ) : (
                  <Badge variant="success" data-testid="spending-status" data-status={r.status}>
                    <Trans context="card spending">Spent</Trans>
                  </Badge>
                )}
              </TableCell>
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}
