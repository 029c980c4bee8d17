import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Badge } from '~/components/ui/badge.tsx'
import type { CardTypeCode, HeldCardStatus, OrderStatus } from './queries.ts'

/**
 * Words of the card screens for what the cards API answers as stable keys: card types, the
 * statuses of a card and of a card order, how often a card can be used and until when.
 */

type Tone = 'success' | 'warning' | 'destructive' | 'muted' | 'secondary' | 'outline'

export const cardTypeNames: Record<CardTypeCode, MessageDescriptor> = {
  voucher: msg({ message: 'Voucher', context: 'card type' }),
  gift: msg({ message: 'Gift card', context: 'card type' }),
}

export function CardTypeName({ code }: { code: CardTypeCode }) {
  const { i18n } = useLingui()
  const name = cardTypeNames[code]
  return <>{name ? i18n._(name) : code}</>
}

export const cardStatusNames: Record<HeldCardStatus, MessageDescriptor> = {
  issued: msg({ message: 'Not activated', context: 'card status' }),
  active: msg({ message: 'Active', context: 'card status' }),
  used: msg({ message: 'Used up', context: 'card status' }),
  blocked: msg({ message: 'Blocked', context: 'card status' }),
  expired: msg({ message: 'Expired', context: 'card status' }),
}

const cardStatusTones: Record<HeldCardStatus, Tone> = {
  issued: 'secondary',
  active: 'success',
  used: 'muted',
  blocked: 'destructive',
  expired: 'muted',
}

/** A status as a badge: its name in the reader's language (the key itself if it has none) and tone. */
function StatusBadge<S extends string>({
  status,
  names,
  tones,
  testId,
}: {
  status: S
  names: Record<S, MessageDescriptor>
  tones: Record<S, Tone>
  testId?: string | undefined
}) {
  const { i18n } = useLingui()
  const name = names[status]
  return (
    <Badge variant={tones[status] ?? 'outline'} data-testid={testId} data-status={status}>
      {name ? i18n._(name) : status}
    </Badge>
  )
}

export function CardStatusBadge({ status, testId }: { status: HeldCardStatus; testId?: string }) {
  return <StatusBadge status={status} names={cardStatusNames} tones={cardStatusTones} testId={testId} />
}

export const orderStatusNames: Record<OrderStatus, MessageDescriptor> = {
  open: msg({ message: 'Awaiting payment', context: 'card order status' }),
  paid: msg({ message: 'Paid', context: 'card order status' }),
  cancelled: msg({ message: 'Cancelled', context: 'card order status' }),
  expired: msg({ message: 'Expired', context: 'card order status' }),
}

const orderStatusTones: Record<OrderStatus, Tone> = {
  open: 'warning',
  paid: 'success',
  cancelled: 'muted',
  expired: 'muted',
}

/** A card order's status (the admin's orders, the owner's batches and order page). */
export function OrderStatusBadge({ status, testId }: { status: OrderStatus; testId?: string }) {
  return <StatusBadge status={status} names={orderStatusNames} tones={orderStatusTones} testId={testId} />
}

/**
 * How often a card can be used: once, a number of times (with what is left once it is known) or
 * without limit.
 */
export function UsesLabel({ useNumber, usesLeft }: { useNumber: number | null; usesLeft?: number | null }) {
  if (useNumber === null) return <Trans>Unlimited uses</Trans>
  if (usesLeft === undefined || usesLeft === null) {
    if (useNumber === 1) return <Trans>Single use</Trans>
    return <Plural value={useNumber} one="# use" other="# uses" />
  }
  if (useNumber === 1) return usesLeft > 0 ? <Trans>Single use, not used yet</Trans> : <Trans>Used</Trans>
  return (
    <Trans>
      {usesLeft} of {useNumber} uses left
    </Trans>
  )
}

/** The last day a card can be used, in the reader's language; the same day in every time zone. */
export function ExpiryDate({ at, style = 'medium' }: { at: string; style?: 'medium' | 'long' }) {
  const { i18n } = useLingui()
  // A date alone (`2027-03-31`) is that calendar day; a moment is shown in the reader's zone.
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(at)
  return (
    <time dateTime={at}>
      {i18n.date(dateOnly ? `${at}T00:00:00Z` : at, {
        dateStyle: style,
        ...(dateOnly ? { timeZone: 'UTC' } : {}),
      })}
    </time>
  )
}
