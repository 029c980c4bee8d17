import { Trans, useLingui } from '@lingui/react/macro'
import { formatMoney } from '~/lib/money.ts'
import { cn } from '~/lib/utils.ts'

/** An amount in minor units, in the interface language's notation; lined up in tables. */
export function Money({
  amount,
  currency,
  className,
  testId,
}: {
  amount: number
  currency: string
  className?: string
  testId?: string
}) {
  const { i18n } = useLingui()
  return (
    <span className={cn('tabular-nums', className)} data-testid={testId}>
      {formatMoney(amount, currency, i18n.locale)}
    </span>
  )
}

/**
 * A balance as bookkeepers read it: the amount on the side it stands on, e.g. `€ 12,00 Cr`,
 * instead of a minus sign for a credit balance.
 */
export function Balance({ balance, currency }: { balance: number; currency: string }) {
  const { t } = useLingui()
  if (balance === 0) return <Money amount={0} currency={currency} className="text-muted-foreground" />
  const debit = balance > 0
  return (
    <span className="inline-flex items-baseline gap-1.5 whitespace-nowrap">
      <Money amount={Math.abs(balance)} currency={currency} />
      <abbr
        title={debit ? t`debit balance` : t`credit balance`}
        className="text-xs font-medium text-muted-foreground no-underline"
      >
        {debit ? (
          <Trans context="ledger side" comment="Short for debit, after an amount">
            Dr
          </Trans>
        ) : (
          <Trans context="ledger side" comment="Short for credit, after an amount">
            Cr
          </Trans>
        )}
      </abbr>
    </span>
  )
}

/** A date without a time (`YYYY-MM-DD`), in the interface language; the same day in every time zone. */
export function BookingDate({ date, style = 'medium' }: { date: string; style?: 'medium' | 'long' }) {
  const { i18n } = useLingui()
  return <time dateTime={date}>{i18n.date(`${date}T00:00:00Z`, { dateStyle: style, timeZone: 'UTC' })}</time>
}
