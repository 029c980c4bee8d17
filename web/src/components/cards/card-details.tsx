import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Money } from '~/components/finances/amount.tsx'
import { CardStatusBadge, CardTypeName, ExpiryDate, UsesLabel } from './labels.tsx'
import type { CardPreview } from './queries.ts'

/** One fact about a card in a `<dl>`: its label above, the value below. */
export function Detail({
  label,
  children,
  testId,
}: {
  label: ReactNode
  children: ReactNode
  testId?: string
}) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-[13px] text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}

/**
 * What a card holds, as a list: program, type, face value and balance, uses, validity, status and
 * when it was activated. Shared by the look-up before adding a card and the card's own page.
 */
export function CardDetails({ card, withCode = false }: { card: CardPreview; withCode?: boolean }) {
  const { i18n } = useLingui()
  const flexible = card.card.type.code === 'gift' && card.value === 0
  return (
    <dl className="grid gap-4 rounded-xl border bg-background p-5 sm:grid-cols-2" data-testid="card-details">
      <Detail label={<Trans>Program</Trans>} testId="card-detail-program">
        {card.program.title}
      </Detail>
      <Detail label={<Trans>Type</Trans>} testId="card-detail-type">
        <CardTypeName code={card.card.type.code} />
      </Detail>
      <Detail label={<Trans>Value</Trans>} testId="card-detail-value">
        {flexible ? (
          <Trans>Flexible: the amount is loaded onto the card</Trans>
        ) : (
          <Money amount={card.value} currency={card.currency} />
        )}
      </Detail>
      {card.status !== 'issued' && (
        <Detail label={<Trans context="card balance">Balance</Trans>} testId="card-detail-balance">
          <Money amount={card.balance} currency={card.currency} className="font-semibold" />
        </Detail>
      )}
      <Detail label={<Trans>Uses</Trans>} testId="card-detail-uses">
        <UsesLabel
          useNumber={card.use_number}
          usesLeft={card.status === 'issued' ? undefined : card.uses_left}
        />
      </Detail>
      <Detail label={<Trans>Valid until</Trans>} testId="card-detail-expiry">
        {card.expires_at ? (
          <ExpiryDate at={card.expires_at} style="long" />
        ) : card.status === 'issued' ? (
          <span className="text-muted-foreground">
            <Trans>If the card has an end date, it is counted from its activation.</Trans>
          </span>
        ) : (
          <span className="text-muted-foreground">
            <Trans>No end date</Trans>
          </span>
        )}
      </Detail>
      <Detail label={<Trans>Status</Trans>} testId="card-detail-status">
        <CardStatusBadge status={card.status} />
      </Detail>
      {card.activated_at && (
        <Detail label={<Trans>Activated</Trans>} testId="card-detail-activated">
          <time dateTime={card.activated_at}>
            {i18n.date(card.activated_at, { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
        </Detail>
      )}
      {withCode && (
        <Detail label={<Trans>Card code</Trans>} testId="card-detail-token">
          <span className="font-mono tracking-wider">{card.token}</span>
        </Detail>
      )}
      {card.card.description && (
        <div className="grid gap-0.5 sm:col-span-2">
          <dt className="text-[13px] text-muted-foreground">
            <Trans>About this card</Trans>
          </dt>
          <dd className="text-sm whitespace-pre-line" data-testid="card-detail-description">
            {card.card.description}
          </dd>
        </div>
      )}
    </dl>
  )
}
