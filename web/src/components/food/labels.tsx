import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { formatMoney } from '~/lib/money.ts'
import { nextOpening } from './next-opening.ts'
import type { ClosedReason, ProductOption } from './queries.ts'

/** Why guests cannot order now, as the API says it (`closed_reason`), in words. */
export const closedReasons: Record<NonNullable<ClosedReason>, MessageDescriptor> = {
  closed_now: msg`Closed now`,
  closed_today: msg`Closed today`,
  read_only: msg`Menu only: no orders online`,
  ordering_disabled: msg`Online ordering is off`,
}

/**
 * A restaurant's state in one line: open (until when), or closed and why; closed outside its hours
 * with when it opens next on its own clock ("Closed · opens tomorrow at 11:00") when the answer has
 * `next_opening` and `time_zone`.
 */
export function openingLine(
  i18n: I18n,
  r: {
    closed: boolean
    closed_reason?: ClosedReason | string | null
    opened_at?: string | null
    closed_at: string | null
    next_opening?: string | null
    time_zone?: string | null
  },
  now: Date = new Date(),
): string {
  if (!r.closed) return r.closed_at ? i18n._(msg`Open until ${r.closed_at}`) : i18n._(msg`Open now`)
  const reason = (r.closed_reason ?? 'closed_now') as NonNullable<ClosedReason>
  const hours = reason === 'closed_now' || reason === 'closed_today'
  const next = hours ? nextOpening(i18n.locale, r.next_opening, r.time_zone, now) : null
  if (next?.day === 'today') return i18n._(msg`Closed · opens today at ${next.time}`)
  if (next?.day === 'tomorrow') return i18n._(msg`Closed · opens tomorrow at ${next.time}`)
  if (next) return i18n._(msg`Closed · opens ${next.weekday} at ${next.time}`)
  return i18n._(closedReasons[reason in closedReasons ? reason : 'closed_now'])
}

/**
 * An order line's title in the reader's language: a dish keeps its own title; a fee line
 * (`kind` delivery or pickup_fee) is named here, since the API stores its title in English. The
 * pickup fee goes by the restaurant's own name for it when the order kept one (as the cart did).
 */
export function orderLineTitle(
  i18n: I18n,
  item: { kind: string; title: string },
  pickupFeeHeading = '',
): string {
  if (item.kind === 'delivery') return i18n._(msg`Delivery`)
  if (item.kind === 'pickup_fee') return pickupFeeName(i18n, pickupFeeHeading)
  return item.title
}

/** The pickup fee by the restaurant's own name ("Verpakking"), else generically. */
export const pickupFeeName = (i18n: I18n, heading: string | null | undefined) =>
  heading?.trim() || i18n._(msg`Pickup fee`)

/** Today's hours, `12:00–22:00`, or nothing when closed all day. */
export function todayHours(r: { opened_at: string | null; closed_at: string | null }): string | null {
  return r.opened_at && r.closed_at ? `${r.opened_at}–${r.closed_at}` : null
}

/**
 * Intl formatters by locale and options, made once: a menu of 200 dishes would otherwise build
 * 200 of them per server render (each costs far more than the formatting; docs/food.md "Speed").
 */
const numberFormats = new Map<string, Intl.NumberFormat>()
const dateFormats = new Map<string, Intl.DateTimeFormat>()

function numberFormat(locale: string): Intl.NumberFormat {
  let format = numberFormats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })
    numberFormats.set(locale, format)
  }
  return format
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    dateFormats.set(key, format)
  }
  return format
}

/** `250 g`, `0,5 l`, `2 pieces`: a dish's amount in the reader's language. */
export function quantityLabel(i18n: I18n, quantity: number, unit: string): string {
  const n = numberFormat(i18n.locale).format(quantity)
  switch (unit) {
    case 'gram':
      return `${n} g`
    case 'kilogram':
      return `${n} kg`
    case 'liter':
      return `${n} l`
    case 'milliliter':
      return `${n} ml`
    default:
      return i18n._(msg`${plural(quantity, { one: '# piece', other: '# pieces' })}`)
  }
}

export const money = (i18n: I18n, amount: number, currency: string) =>
  formatMoney(amount, currency, i18n.locale)

/** What an option adds to the price: `+ € 1,50`, or nothing for the base size. */
export function optionPrice(i18n: I18n, option: ProductOption, currency: string): string | null {
  return option.price > 0 ? `+ ${money(i18n, option.price, currency)}` : null
}

/** The name of a weekday (Monday 1 … Sunday 7) in the reader's language. */
export function weekdayName(locale: string, day: number, style: 'long' | 'short' = 'long'): string {
  // 1 January 2024 was a Monday.
  return dateFormat(locale, { weekday: style, timeZone: 'UTC' }).format(Date.UTC(2024, 0, day))
}

/** A date of the restaurant's calendar (`2026-12-25`) as the reader writes it. */
export function calendarDate(locale: string, date: string): string {
  const [y, m, d] = date.split('-').map(Number)
  if (!y || !m || !d) return date
  return dateFormat(locale, { weekday: 'short', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    Date.UTC(y, m - 1, d),
  )
}
