import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { ChevronRightIcon, WalletIcon } from 'lucide-react'
import { Fragment, useState } from 'react'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError, LoadFailure, RowsSkeleton } from '~/components/shared/states.tsx'
import { Card, CardContent } from '~/components/ui/card.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table.tsx'
import { cn } from '~/lib/utils.ts'
import { Balance, Money } from './amount.tsx'
import { AtDateBar } from './at-date-bar.tsx'
import { FinancesHeader } from './finances-header.tsx'
import { AccountLabel, SubAccountLabel } from './labels.tsx'
import { accountDescriptions } from './names.ts'
import { type Amounts, type LedgerAccounts, ledgerAccountsQueryOptions } from './queries.ts'

type Account = LedgerAccounts['results'][number]

/** The debit, credit and balance cells of one currency's amounts. */
function AmountCells({ amounts }: { amounts: Amounts }) {
  return (
    <>
      <TableCell className="text-muted-foreground">{amounts.currency}</TableCell>
      <TableCell className="text-right">
        <Money amount={amounts.debit} currency={amounts.currency} />
      </TableCell>
      <TableCell className="text-right">
        <Money amount={amounts.credit} currency={amounts.currency} />
      </TableCell>
      <TableCell className="text-right font-medium">
        <Balance balance={amounts.balance} currency={amounts.currency} />
      </TableCell>
    </>
  )
}

/** The Account balances view: every account of the chart per currency at a date, sub-accounts on request. */
export function BalancesPage({
  at,
  onAtChange,
}: {
  at?: string | undefined
  onAtChange: (at?: string) => void
}) {
  const { t } = useLingui()
  // The sub-accounts come with the same answer: the ledger sums per sub-account either way.
  const accounts = useQuery(ledgerAccountsQueryOptions(at, true))
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set())
  const toggle = (number: number) =>
    setExpanded((open) => {
      const next = new Set(open)
      if (!next.delete(number)) next.add(number)
      return next
    })
  const booked = accounts.data?.results.some((a) => a.balances.length > 0) ?? false

  return (
    <div className="grid grid-cols-1 gap-6">
      <FinancesHeader />
      <Card className="gap-4">
        <CardContent className="grid gap-4">
          <AtDateBar
            id="balances-at"
            label={t`Balances on`}
            at={at}
            answeredAt={accounts.data?.at}
            onAtChange={onAtChange}
          />
          {accounts.isPending ? (
            <RowsSkeleton rows={8} />
          ) : accounts.isError ? (
            <LoadError onRetry={() => accounts.refetch()}>
              <LoadFailure error={accounts.error} />
            </LoadError>
          ) : !booked ? (
            <EmptyState icon={<WalletIcon aria-hidden="true" className="size-6" />}>
              <Trans>Nothing had been booked by this date.</Trans>
            </EmptyState>
          ) : (
            <Table aria-label={t`Account balances`} data-testid="balances-table">
              <TableHeader>
                <TableRow>
                  <TableHead>
                    <Trans>Account</Trans>
                  </TableHead>
                  <TableHead>
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
              <TableBody className={accounts.isPlaceholderData ? 'opacity-60' : undefined}>
                {accounts.data.results.map((account) => (
                  <AccountRows
                    key={account.number}
                    account={account}
                    open={expanded.has(account.number)}
                    onToggle={() => toggle(account.number)}
                  />
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </div>
  )
}

function AccountRows({ account, open, onToggle }: { account: Account; open: boolean; onToggle: () => void }) {
  const { t, i18n } = useLingui()
  const description = accountDescriptions[account.number as keyof typeof accountDescriptions]
  const subAccounts = account.sub_accounts ?? []
  // The general sub-account alone adds nothing to the account's own row.
  const canExpand = subAccounts.some((sub) => sub.kind !== 'general')
  const number = account.number
  const label = (
    <div className="flex items-start gap-1.5">
      {canExpand ? (
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={open}
          aria-label={open ? t`Hide the sub-accounts of ${number}` : t`Show the sub-accounts of ${number}`}
          className="-ml-1 grid size-6 shrink-0 place-content-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
          data-testid={`balances-expand-${number}`}
        >
          <ChevronRightIcon
            aria-hidden="true"
            className={cn('size-4 transition-transform', open && 'rotate-90')}
          />
        </button>
      ) : (
        <span className="-ml-1 size-6 shrink-0" />
      )}
      <div className="grid gap-0.5 whitespace-normal">
        <AccountLabel number={number} />
        {description && <span className="text-xs text-muted-foreground">{i18n._(description)}</span>}
      </div>
    </div>
  )

  return (
    <>
      {account.balances.length === 0 ? (
        <TableRow data-testid={`balances-account-${number}`}>
          <TableCell>{label}</TableCell>
          <TableCell colSpan={4} className="text-right text-muted-foreground">
            <Trans>No entries</Trans>
          </TableCell>
        </TableRow>
      ) : (
        account.balances.map((amounts, i) => (
          <TableRow
            key={amounts.currency}
            data-testid={`balances-account-${number}`}
            className={cn(i > 0 && 'border-t-0')}
          >
            <TableCell>{i === 0 ? label : null}</TableCell>
            <AmountCells amounts={amounts} />
          </TableRow>
        ))
      )}
      {open &&
        subAccounts.map((sub) => (
          <Fragment key={sub.uuid}>
            {sub.balances.map((amounts, i) => (
              <TableRow
                key={amounts.currency}
                className="bg-muted/30 text-[13px]"
                data-testid={`balances-sub-account-${number}`}
              >
                <TableCell className="pl-10">
                  {i === 0 ? <SubAccountLabel subAccount={sub} /> : null}
                </TableCell>
                <AmountCells amounts={amounts} />
              </TableRow>
            ))}
          </Fragment>
        ))}
    </>
  )
}
