import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { CircleAlertIcon, CircleCheckIcon, ScaleIcon } from 'lucide-react'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError, LoadFailure, RowsSkeleton } from '~/components/shared/states.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Card, CardContent } from '~/components/ui/card.tsx'
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table.tsx'
import { Balance, Money } from './amount.tsx'
import { AtDateBar } from './at-date-bar.tsx'
import { FinancesHeader } from './finances-header.tsx'
import { AccountLabel } from './labels.tsx'
import { trialBalanceQueryOptions } from './queries.ts'

/**
 * The Trial balance view: every account's debits and credits per currency up to a date, and their
 * totals, which are equal in every currency when the ledger balances.
 */
export function TrialBalancePage({
  at,
  onAtChange,
}: {
  at?: string | undefined
  onAtChange: (at?: string) => void
}) {
  const { t } = useLingui()
  const tb = useQuery(trialBalanceQueryOptions(at))

  return (
    <div className="grid grid-cols-1 gap-6">
      <FinancesHeader />
      <Card className="gap-4">
        <CardContent className="grid gap-4">
          <AtDateBar
            id="trial-balance-at"
            label={t`Trial balance on`}
            at={at}
            answeredAt={tb.data?.at}
            onAtChange={onAtChange}
          />
          {tb.isPending ? (
            <RowsSkeleton rows={8} />
          ) : tb.isError ? (
            <LoadError onRetry={() => tb.refetch()}>
              <LoadFailure error={tb.error} />
            </LoadError>
          ) : tb.data.rows.length === 0 ? (
            <EmptyState icon={<ScaleIcon aria-hidden="true" className="size-6" />}>
              <Trans>Nothing had been booked by this date.</Trans>
            </EmptyState>
          ) : (
            <>
              <div className="flex flex-wrap gap-2" data-testid="trial-balance-status">
                {tb.data.totals.map((total) => (
                  <CurrencyStatus key={total.currency} currency={total.currency} balanced={total.balanced} />
                ))}
              </div>
              <Table aria-label={t`Trial balance`} data-testid="trial-balance-table">
                <TableHeader>
                  <TableRow>
                    <TableHead>
                      <Trans>Account</Trans>
                    </TableHead>
                    {/* On a phone the amounts carry their currency: room for the first of them. */}
                    <TableHead className="hidden sm:table-cell">
                      <Trans>Currency</Trans>
                    </TableHead>
                    <TableHead className="text-right">
                      <Trans>Debit</Trans>
                    </TableHead>
                    <TableHead className="text-right">
                      <Trans>Credit</Trans>
                    </TableHead>
                    <TableHead className="text-right">
                      <Trans>Balance</Trans>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody className={tb.isPlaceholderData ? 'opacity-60' : undefined}>
                  {tb.data.rows.map((row) => (
                    <TableRow key={`${row.account}-${row.currency}`} data-testid="trial-balance-row">
                      <TableCell>
                        <AccountLabel number={row.account} />
                      </TableCell>
                      <TableCell className="hidden text-muted-foreground sm:table-cell">
                        {row.currency}
                      </TableCell>
                      <TableCell className="text-right">
                        <Money amount={row.debit} currency={row.currency} />
                      </TableCell>
                      <TableCell className="text-right">
                        <Money amount={row.credit} currency={row.currency} />
                      </TableCell>
                      <TableCell className="text-right">
                        <Balance balance={row.balance} currency={row.currency} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
                <TableFooter>
                  {tb.data.totals.map((total) => (
                    <TableRow key={total.currency} data-testid="trial-balance-total">
                      <TableCell>
                        <Trans>Total</Trans>
                      </TableCell>
                      <TableCell className="hidden sm:table-cell">{total.currency}</TableCell>
                      <TableCell className="text-right" data-testid="trial-balance-total-debit">
                        <Money amount={total.debit} currency={total.currency} />
                      </TableCell>
                      <TableCell className="text-right" data-testid="trial-balance-total-credit">
                        <Money amount={total.credit} currency={total.currency} />
                      </TableCell>
                      <TableCell className="text-right">
                        <Balance balance={total.debit - total.credit} currency={total.currency} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableFooter>
              </Table>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  )
}

function CurrencyStatus({ currency, balanced }: { currency: string; balanced: boolean }) {
  return balanced ? (
    <Badge variant="success">
      <CircleCheckIcon aria-hidden="true" />
      <Trans>{currency} balances</Trans>
    </Badge>
  ) : (
    <Badge variant="destructive">
      <CircleAlertIcon aria-hidden="true" />
      <Trans>{currency} is out of balance</Trans>
    </Badge>
  )
}
