import { Trans, useLingui } from '@lingui/react/macro'
import { GiftIcon, TicketIcon } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { formatMoney } from '~/lib/money.ts'
import { cn } from '~/lib/utils.ts'
import { cardTypeNames } from './card-labels.tsx'
import { type CardOrientation, type CardTypeCode, type CardTypeId, cardTypes } from './card-queries.ts'

export interface CardPreviewProps {
  /** Voucher or gift card, by code (`voucher`, `gift`) or id (101, 201). */
  type: CardTypeCode | CardTypeId
  /** The card's title; a placeholder shows while it is empty. */
  title: string
  /** The program the card belongs to, printed small at the top. */
  programTitle: string
  /** Face value in minor units; 0 on a gift card is a flexible value; null while not chosen. */
  value: number | null
  currency: string
  orientation: CardOrientation
  /** The card's image (the owner's upload), laid under the face's text. */
  imageUrl?: string | null | undefined
  /** A card's token once issued; the preview shows where it goes. */
  token?: string | null | undefined
  /** A line at the bottom, e.g. the validity ("Valid 1 year after activation"). */
  footnote?: ReactNode
  className?: string
  testId?: string
}

const isGift = (type: CardTypeCode | CardTypeId) => type === 'gift' || type === cardTypes.gift

/**
 * A card face as it is printed or shown to card holders: horizontal (85.6 × 54 mm, the size of a
 * bank card) or vertical, the owner's image under a shade that keeps the text legible, the program
 * at the top, the value large, the title and the token at the bottom. Used by the card settings'
 * live preview, the program page and the card holders' cards.
 */
export function CardPreview({
  type,
  title,
  programTitle,
  value,
  currency,
  orientation,
  imageUrl,
  token,
  footnote,
  className,
  testId = 'card-preview',
}: CardPreviewProps) {
  const { i18n, t } = useLingui()
  const patternId = useId()
  const gift = isGift(type)
  const vertical = orientation === 'vertical'
  const TypeIcon = gift ? GiftIcon : TicketIcon
  const flexible = gift && value === 0
  const valueText = value === null || flexible ? null : formatMoney(value, currency, i18n.locale)
  const typeName = i18n._(cardTypeNames[gift ? cardTypes.gift : cardTypes.voucher])
  const shownTitle = title.trim()

  return (
    <figure
      className={cn(
        'relative isolate m-0 overflow-hidden rounded-[1.1rem] text-white shadow-[0_18px_40px_-18px_rgb(15_23_42/0.55)] ring-1 ring-black/10 select-none',
        vertical ? 'aspect-[54/85.6] w-full max-w-[15rem]' : 'aspect-[85.6/54] w-full max-w-[24rem]',
        gift
          ? 'bg-[linear-gradient(135deg,#7c3aed_0%,#db2777_55%,#f97316_100%)]'
          : 'bg-[linear-gradient(135deg,#1e3a8a_0%,#3960f3_55%,#0ea5e9_100%)]',
        className,
      )}
      data-testid={testId}
      data-orientation={orientation}
      data-type={gift ? 'gift' : 'voucher'}
      aria-label={t`Card preview: ${typeName}`}
    >
      {imageUrl ? (
        <img
          src={imageUrl}
          alt=""
          className="absolute inset-0 -z-20 size-full object-cover"
          data-testid="card-preview-image"
        />
      ) : (
        // Without an image: soft rings like a printed security pattern.
        <svg
          aria-hidden="true"
          className="absolute inset-0 -z-20 size-full opacity-25"
          preserveAspectRatio="none"
        >
          <defs>
            <pattern id={patternId} width="46" height="46" patternUnits="userSpaceOnUse">
              <circle cx="23" cy="23" r="18" fill="none" stroke="white" strokeWidth="0.6" />
              <circle cx="23" cy="23" r="9" fill="none" stroke="white" strokeWidth="0.4" />
            </pattern>
          </defs>
          <rect width="100%" height="100%" fill={`url(#${patternId})`} />
        </svg>
      )}
      {/* The shade keeps the text readable on any image. */}
      <div
        aria-hidden="true"
        className={cn(
          '-z-10 absolute inset-0',
          imageUrl
            ? 'bg-gradient-to-t from-black/75 via-black/25 to-black/45'
            : 'bg-[radial-gradient(circle_at_85%_10%,rgb(255_255_255/0.28),transparent_45%)]',
        )}
      />
      <figcaption
        className={cn('flex h-full flex-col justify-between', vertical ? 'gap-3 p-[7%]' : 'gap-2 p-[5.5%]')}
      >
        <div className="flex items-start justify-between gap-3">
          <p
            className="line-clamp-2 text-[0.7rem] font-semibold tracking-[0.14em] uppercase drop-shadow-sm"
            data-testid="card-preview-program"
          >
            {programTitle}
          </p>
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-white/20 px-2 py-0.5 text-[0.65rem] font-medium backdrop-blur-sm">
            <TypeIcon aria-hidden="true" className="size-3" />
            {typeName}
          </span>
        </div>

        <div className={cn('flex gap-3', vertical ? 'flex-col items-start' : 'items-center')}>
          {/* A contact chip, as on a printed card. */}
          <span
            aria-hidden="true"
            className="grid h-7 w-9 shrink-0 grid-cols-3 gap-px overflow-hidden rounded-md bg-amber-200/90 p-[3px] shadow-inner"
          >
            {Array.from({ length: 6 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the chip's cells have no identity
              <span key={i} className="rounded-[2px] bg-amber-400/70" />
            ))}
          </span>
          <p
            className={cn(
              'font-semibold tracking-tight tabular-nums drop-shadow',
              vertical ? 'text-3xl' : 'text-[1.75rem] leading-none',
            )}
            data-testid="card-preview-value"
          >
            {flexible ? (
              <span className="text-xl">
                <Trans>Any amount</Trans>
              </span>
            ) : (
              (valueText ?? <span className="opacity-60">{formatMoney(0, currency, i18n.locale)}</span>)
            )}
          </p>
        </div>

        <div className="grid gap-1">
          <p
            className={cn('line-clamp-2 font-semibold drop-shadow', vertical ? 'text-lg' : 'text-base')}
            data-testid="card-preview-title"
          >
            {shownTitle || (
              <span className="opacity-60">
                <Trans context="card">Card title</Trans>
              </span>
            )}
          </p>
          <p
            className="font-mono text-[0.7rem] tracking-[0.18em] opacity-85"
            data-testid="card-preview-token"
          >
            {token ?? 'XXXX-XXXX-XXXX-XXXX'}
          </p>
          {footnote && <p className="text-[0.65rem] opacity-85">{footnote}</p>}
        </div>
      </figcaption>
    </figure>
  )
}
