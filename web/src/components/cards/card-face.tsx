import { Trans, useLingui } from '@lingui/react/macro'
import { GiftIcon, TicketIcon } from 'lucide-react'
import { formatMoney } from '~/lib/money.ts'
import { cn } from '~/lib/utils.ts'
import { cardStatusNames, cardTypeNames, ExpiryDate, UsesLabel } from './labels.tsx'
import type { CardTypeCode, HeldCard, HeldCardStatus, Orientation } from './queries.ts'
import { lastGroup } from './token.ts'

export interface CardFaceProps {
  title: string
  programTitle: string
  type: CardTypeCode
  imageUrl: string | null
  orientation: Orientation
  /** What is on the card now (its balance), or its face value before activation. */
  amount: number
  /** The face value, shown beside the balance once part of it is spent. */
  value?: number
  currency: string
  useNumber: number | null
  usesLeft?: number | null
  expiresAt: string | null
  status: HeldCardStatus
  token: string
  /** Only the last group of the token (lists); the detail shows it whole. */
  maskToken?: boolean
  className?: string
  testId?: string
}

/**
 * The face of a card the API answered for its holder (held, or looked up by its code): before
 * activation its face value and no uses spent yet, after it the balance and the uses left.
 */
export function faceOf(card: HeldCard): CardFaceProps {
  const issued = card.status === 'issued'
  return {
    title: card.card.title,
    programTitle: card.program.title,
    type: card.card.type.code,
    imageUrl: card.card.image_url,
    orientation: card.card.orientation,
    amount: issued ? card.value : card.balance,
    value: card.value,
    currency: card.currency,
    useNumber: card.use_number,
    usesLeft: issued ? undefined : card.uses_left,
    expiresAt: card.expires_at,
    status: card.status,
    token: card.token,
  }
}

const backgrounds: Record<CardTypeCode, string> = {
  // The same colours as the owner's card settings preview, so holders see the card they were given.
  voucher: 'bg-[linear-gradient(135deg,#1e3a8a_0%,#3960f3_55%,#0ea5e9_100%)]',
  gift: 'bg-[linear-gradient(135deg,#7c3aed_0%,#db2777_55%,#f97316_100%)]',
}

const statusPills: Record<HeldCardStatus, string> = {
  issued: 'bg-white/20 text-white',
  active: 'bg-emerald-400/25 text-emerald-50 ring-1 ring-emerald-200/40',
  used: 'bg-black/40 text-white/90',
  blocked: 'bg-red-500/80 text-white',
  expired: 'bg-black/40 text-white/90',
}

/**
 * A card as it would look in a wallet: its design (the owner's image or the type's colours) with
 * what matters on it: what it is worth now, its title and program, its code, how often it can
 * still be used and until when. A used-up, blocked or expired card is shown greyed. All of it is text, so
 * a screen reader reads the card as it is shown.
 */
export function CardFace({
  title,
  programTitle,
  type,
  imageUrl,
  orientation,
  amount,
  value,
  currency,
  useNumber,
  usesLeft,
  expiresAt,
  status,
  token,
  maskToken = false,
  className,
  testId = 'card-face',
}: CardFaceProps) {
  const { i18n } = useLingui()
  const vertical = orientation === 'vertical'
  const unusable = status === 'blocked' || status === 'expired' || status === 'used'
  const flexible = type === 'gift' && (value ?? amount) === 0 && amount === 0
  const TypeIcon = type === 'gift' ? GiftIcon : TicketIcon
  const typeName = cardTypeNames[type]
  const statusName = cardStatusNames[status]
  const valueText = value !== undefined ? formatMoney(value, currency, i18n.locale) : ''

  // Sizes follow the card's width (container units), so the face keeps its proportions at every size.
  const size = vertical
    ? {
        pad: 'p-[7cqw]',
        small: 'text-[4.6cqw]',
        label: 'text-[4.6cqw]',
        title: 'text-[6.4cqw]',
        amount: 'text-[13cqw]',
        token: 'text-[5.2cqw]',
      }
    : {
        pad: 'p-[5.5cqw]',
        small: 'text-[3.2cqw]',
        label: 'text-[3.2cqw]',
        title: 'text-[4.6cqw]',
        amount: 'text-[9cqw]',
        token: 'text-[3.9cqw]',
      }

  return (
    <div
      data-testid={testId}
      data-token={token}
      data-status={status}
      data-orientation={orientation}
      className={cn(
        '@container relative isolate w-full overflow-hidden rounded-2xl text-white shadow-lg shadow-slate-900/20 ring-1 ring-black/5 select-none',
        vertical ? 'aspect-[54/85.6] default:max-w-60' : 'aspect-[85.6/54] default:max-w-sm',
        imageUrl ? 'bg-slate-900' : backgrounds[type],
        unusable && 'grayscale-[0.85]',
        className,
      )}
    >
      {imageUrl ? (
        <>
          <img src={imageUrl} alt="" className="absolute inset-0 -z-10 size-full object-cover" />
          <span
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-linear-to-t from-black/75 via-black/30 to-black/30"
          />
        </>
      ) : (
        <>
          <span
            aria-hidden="true"
            className="absolute -top-1/3 -right-1/4 -z-10 size-3/4 rounded-full bg-white/10 blur-sm"
          />
          <span
            aria-hidden="true"
            className="absolute -bottom-1/2 -left-1/4 -z-10 size-full rounded-full bg-black/10"
          />
        </>
      )}

      <div className={cn('flex h-full flex-col', size.pad)}>
        <div className="flex items-start justify-between gap-2">
          <span
            className={cn(
              'inline-flex items-center gap-[1.5cqw] font-semibold tracking-wider text-white/85 uppercase',
              size.label,
            )}
          >
            <TypeIcon aria-hidden="true" className="size-[1.3em]" />
            {typeName ? i18n._(typeName) : type}
          </span>
          <span
            className={cn(
              'rounded-full px-[0.7em] py-[0.2em] font-medium backdrop-blur-sm',
              size.label,
              statusPills[status],
            )}
            data-testid="card-face-status"
          >
            {statusName ? i18n._(statusName) : status}
          </span>
        </div>

        <div className="mt-[3cqw] grid min-w-0">
          <p className={cn('truncate font-semibold', size.title)} data-testid="card-face-title">
            {title}
          </p>
          <p className={cn('truncate text-white/75', size.small)} data-testid="card-face-program">
            {programTitle}
          </p>
        </div>

        <div className="mt-auto flex flex-wrap items-baseline gap-x-[2cqw]">
          {flexible ? (
            <span className={cn('font-semibold', size.title)} data-testid="card-face-amount">
              <Trans>Flexible amount</Trans>
            </span>
          ) : (
            <span
              className={cn('font-semibold tracking-tight tabular-nums', size.amount)}
              data-testid="card-face-amount"
            >
              {formatMoney(amount, currency, i18n.locale)}
            </span>
          )}
          {value !== undefined && value !== amount && value > 0 && (
            <span className={cn('text-white/75 tabular-nums', size.small)}>
              <Trans>of {valueText}</Trans>
            </span>
          )}
        </div>

        <p className={cn('mt-[1.5cqw] flex flex-wrap gap-x-[1.5cqw] text-white/80', size.small)}>
          <span data-testid="card-face-uses">
            <UsesLabel useNumber={useNumber} usesLeft={usesLeft} />
          </span>
          <span aria-hidden="true">·</span>
          <span data-testid="card-face-expiry">
            {expiresAt ? (
              <Trans>
                Valid until <ExpiryDate at={expiresAt} />
              </Trans>
            ) : status === 'issued' ? (
              <Trans>End date set on activation</Trans>
            ) : (
              <Trans>No end date</Trans>
            )}
          </span>
        </p>

        <p
          className={cn('mt-[3cqw] font-mono whitespace-nowrap tracking-[0.12em] text-white', size.token)}
          data-testid="card-face-token"
        >
          {maskToken ? (
            <>
              <span aria-hidden="true">•••• •••• •••• </span>
              <span className="sr-only">
                <Trans>Code ending in</Trans>{' '}
              </span>
              {lastGroup(token)}
            </>
          ) : (
            token
          )}
        </p>
      </div>
    </div>
  )
}
