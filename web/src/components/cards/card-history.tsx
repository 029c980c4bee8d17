import { Trans, useLingui } from '@lingui/react/macro'
import { HistoryIcon, StoreIcon } from 'lucide-react'
import { Money } from '~/components/finances/amount.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { cn } from '~/lib/utils.ts'
import type { HeldCardRedemption } from './redemptions.ts'

/**
 * The card holder's view of where their card was spent (`redemptions` of `GET card/active/{token}`),
 * newest first: when, where (acceptor and cashpoint), how much, what its last use forfeited, and
 * what the acceptor undid (struck through: it went back onto the card).
 */
export function CardHistory({
  redemptions,
  currency,
  loading = false,
  onRetry,
}: {
  redemptions: HeldCardRedemption[] | undefined
  currency: string
  loading?: boolean
  /** Set when the history could not be loaded. */
  onRetry?: (() => void) | undefined
}) {
  return (
    <Card data-testid="card-history">
      <CardHeader>
        <CardTitle>
          <Trans>History</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Where this card was spent, newest first.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {onRetry ? (
          <LoadError onRetry={onRetry} />
        ) : loading || !redemptions ? (
          <RowsSkeleton rows={2} />
        ) : redemptions.length === 0 ? (
          <p
            className="flex items-center gap-2 rounded-lg border border-dashed px-4 py-6 text-sm text-muted-foreground"
            data-testid="card-history-empty"
          >
            <HistoryIcon aria-hidden="true" className="size-4 shrink-0" />
            <Trans>Nothing has been spent with this card yet.</Trans>
          </p>
        ) : (
          <ul className="divide-y rounded-lg border">
            {redemptions.map((r) => (
              <HistoryRow key={r.uuid} redemption={r} currency={currency} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function HistoryRow({ redemption: r, currency }: { redemption: HeldCardRedemption; currency: string }) {
  const { i18n } = useLingui()
  const reversed = r.status === 'reversed'
  return (
    <li
      className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm"
      data-testid="card-history-row"
      data-status={r.status}
    >
      <div className="grid min-w-0 gap-0.5">
        <p className="flex items-center gap-1.5 font-medium" data-testid="card-history-where">
          <StoreIcon aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
          <span className="truncate">
            {r.acceptor_name} · {r.cashpoint_title}
          </span>
        </p>
        <p className="text-[13px] text-muted-foreground">
          <time dateTime={r.created}>
            {i18n.date(r.created, { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
        </p>
      </div>
      <div className="grid justify-items-end gap-0.5 text-right">
        <span className="flex items-center gap-2">
          {reversed && (
            <Badge variant="muted" data-testid="card-history-reversed">
              <Trans context="card spending">Undone</Trans>
            </Badge>
          )}
          <Money
            amount={r.amount}
            currency={currency}
            className={cn('font-semibold', reversed && 'text-muted-foreground line-through')}
            testId="card-history-amount"
          />
        </span>
        {r.forfeited > 0 && (
          <span className="text-[13px] text-muted-foreground" data-testid="card-history-forfeited">
            <Trans>
              <Money amount={r.forfeited} currency={currency} /> forfeited with the card’s last use
            </Trans>
          </span>
        )}
      </div>
    </li>
  )
}
