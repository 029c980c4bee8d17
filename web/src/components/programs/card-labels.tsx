import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import {
  type CardExpiryType,
  type CardTypeId,
  type CardValidity,
  cardExpiryTypes,
  cardTypes,
} from './card-queries.ts'

/** Words of the card screens for the cards API's ids and keys, in the reader's language. */

export const cardTypeNames: Record<CardTypeId, MessageDescriptor> = {
  [cardTypes.voucher]: msg({ message: 'Voucher', context: 'card type' }),
  [cardTypes.gift]: msg({ message: 'Gift card', context: 'card type' }),
}

export const cardTypePurposes: Record<CardTypeId, MessageDescriptor> = {
  [cardTypes.voucher]: msg`A fixed value to spend at the program's acceptors: a discount, a present, a refund.`,
  [cardTypes.gift]: msg`A gift card with a fixed value, or a flexible one that is loaded later.`,
}

/** The unit of "after activation", in a select ("years"). */
export const expiryUnitNames: Record<CardExpiryType, MessageDescriptor> = {
  [cardExpiryTypes.year]: msg({ message: 'years', context: 'card validity unit' }),
  [cardExpiryTypes.month]: msg({ message: 'months', context: 'card validity unit' }),
  [cardExpiryTypes.day]: msg({ message: 'days', context: 'card validity unit' }),
}

/** How often a card can be used: once, n times, or without limit. */
export function UseModeText({ useNumber }: { useNumber: number | null }) {
  if (useNumber === null) return <Trans>Unlimited uses</Trans>
  if (useNumber === 1) return <Trans context="card use">Once</Trans>
  return <Plural value={useNumber} one="# use" other="# uses" />
}

function AfterActivation({ type, value }: { type: CardExpiryType; value: number }) {
  if (type === cardExpiryTypes.year)
    return <Plural value={value} one="# year after activation" other="# years after activation" />
  if (type === cardExpiryTypes.month)
    return <Plural value={value} one="# month after activation" other="# months after activation" />
  return <Plural value={value} one="# day after activation" other="# days after activation" />
}

/** Until when a card can be used. */
export function ValidityText({
  validity,
  programEnd,
}: {
  validity: CardValidity | null
  /** The program's expiry date, for "during the program". */
  programEnd?: string | null | undefined
}) {
  const { i18n } = useLingui()
  const day = (date: string) => i18n.date(`${date}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' })
  if (!validity) return <span className="text-muted-foreground">—</span>
  if (validity.mode === 'program') {
    if (programEnd) {
      const end = day(programEnd)
      return <Trans>During the program, until {end}</Trans>
    }
    return <Trans>During the program</Trans>
  }
  if (validity.mode === 'after_activation')
    return <AfterActivation type={validity.expiry_type} value={validity.expiry_value} />
  const until = day(validity.until)
  return <Trans>Not later than {until}</Trans>
}

/** A short validity line for the card face ("Valid 1 year after activation"). */
export function ValidityFootnote({
  validity,
  programEnd,
}: {
  validity: CardValidity | null
  programEnd?: string | null | undefined
}) {
  if (!validity) return null
  return (
    <Trans>
      Valid: <ValidityText validity={validity} programEnd={programEnd} />
    </Trans>
  )
}

/** A VAT rate as a percentage in the reader's notation ("21%"). */
export function formatRate(fraction: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(fraction)
  } catch {
    return `${Math.round(fraction * 10000) / 100}%`
  }
}
