import { Trans, useLingui } from '@lingui/react/macro'
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table.tsx'
import { Money } from './amount.tsx'
import { AccountLabel, SubAccountLabel } from './labels.tsx'
import type { EntryLine } from './queries.ts'

/** Debits and credits of an entry's lines per currency: equal in every currency of a sound entry. */
export function lineTotals(lines: readonly EntryLine[]) {
  const totals = new Map<string, { debit: number; credit: number }>()
  for (const line of lines) {
    const total = totals.get(line.currency) ?? { debit: 0, credit: 0 }
    total.debit += line.debit
    total.credit += line.credit
    totals.set(line.currency, total)
  }
  return [...totals].map(([currency, t]) => ({ currency, ...t, balanced: t.debit === t.credit }))
}

/**
 * A ledger entry's lines (account, sub-account, debit, credit) with their totals per currency:
 * the finances entry page and the owner's entry dialog on a program's page. The entry page shows
 * the currency in a column of its own and marks its amounts for tests (`{testIdPrefix}-line-debit`,
 * `-line-credit`, `-total`, `-total-debit`, `-total-credit`); the dialog, narrower, names the
 * currency with the total. The table is `{testIdPrefix}-lines`, a row `{testIdPrefix}-line`.
 */
export function EntryLinesTable({
  lines,
  testIdPrefix,
  currencyColumn = false,
}: {
  lines: readonly EntryLine[]
  testIdPrefix: string
  currencyColumn?: boolean
}) {
  const { t } = useLingui()
  const totals = lineTotals(lines)
  const marked = (suffix: string) => (currencyColumn ? `${testIdPrefix}-${suffix}` : undefined)
  // On a phone a line is its account with its amount, the sub-account beneath; the amounts carry
  // their currency, and say which side they are on.
  const debit = t`Debit`
  const credit = t`Credit`
  return (
    <Table aria-label={t`Lines`} data-testid={`${testIdPrefix}-lines`} stack>
      <TableHeader>
        <TableRow>
          <TableHead phone="title">
            <Trans>Account</Trans>
          </TableHead>
          <TableHead>
            <Trans>Sub-account</Trans>
          </TableHead>
          {currencyColumn && (
            <TableHead>
              <Trans>Currency</Trans>
            </TableHead>
          )}
          <TableHead className="text-right">
            <Trans>Debit</Trans>
          </TableHead>
          <TableHead className="text-right">
            <Trans>Credit</Trans>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {lines.map((line) => (
          <TableRow key={line.line_no} data-testid={`${testIdPrefix}-line`}>
            <TableCell phone="title">
              <AccountLabel number={line.account} />
            </TableCell>
            <TableCell>
              <SubAccountLabel subAccount={line.sub_account} />
            </TableCell>
            {currencyColumn && (
              <TableCell className="text-muted-foreground" phone="hidden">
                {line.currency}
              </TableCell>
            )}
            <TableCell
              className="text-right"
              data-testid={marked('line-debit')}
              phone="amount"
              phoneLabel={debit}
            >
              {line.debit > 0 && <Money amount={line.debit} currency={line.currency} />}
            </TableCell>
            <TableCell
              className="text-right"
              data-testid={marked('line-credit')}
              phone="amount"
              phoneLabel={credit}
            >
              {line.credit > 0 && <Money amount={line.credit} currency={line.currency} />}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        {totals.map((total) => (
          <TableRow key={total.currency} data-testid={marked('total')}>
            {currencyColumn ? (
              <>
                <TableCell colSpan={2} phone="title">
                  <Trans>Total</Trans>
                </TableCell>
                <TableCell phone="hidden">{total.currency}</TableCell>
              </>
            ) : (
              <TableCell colSpan={2} phone="title">
                <Trans>Total</Trans> · {total.currency}
              </TableCell>
            )}
            <TableCell
              className="text-right"
              data-testid={marked('total-debit')}
              phone="amount"
              phoneLabel={debit}
            >
              <Money amount={total.debit} currency={total.currency} />
            </TableCell>
            <TableCell
              className="text-right"
              data-testid={marked('total-credit')}
              phone="amount"
              phoneLabel={credit}
            >
              <Money amount={total.credit} currency={total.currency} />
            </TableCell>
          </TableRow>
        ))}
      </TableFooter>
    </Table>
  )
}
