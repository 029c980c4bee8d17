import type { MessageDescriptor } from '@lingui/core'
import { businessTimeZone } from '../../platform/dates.ts'
import { type MailLocale, mailI18n } from '../../platform/mail/i18n.ts'
import { brandName } from '../../platform/mail/layout.ts'
import { formatMoney, type Money } from '../../platform/money.ts'
import { methodById } from '../methods.ts'
import { splitGross, type VatCode, vatRateOn } from '../vat.ts'
import { receiptMessages as m, vatTitles } from './messages.ts'

/**
 * What a receipt says, in one language, before it is laid out: a structure a test can read and the
 * PDF renderer draws. Built from the transaction alone; no database access here.
 */

/** The business that received the money, as it is printed under "Paid to". */
export interface ReceiptParty {
  name: string
  address_lines?: string[]
  vat_number?: string | null
  registration_number?: string | null
}

export interface ReceiptInput {
  kind: 'payment' | 'refund'
  /** The transaction's id: the receipt's own number. */
  id: string
  reference: string
  /** What was paid for; a sale at the counter may have none (no line then). */
  description: string
  /** The cashpoint it was paid at, if any. */
  cashpoint?: string | null
  /** When the money moved. */
  moved_at: Date
  amount: Money
  /** The payment a refund gives money back from (its amount), and the day it was paid (its VAT rate). */
  payment_amount: Money
  payment_paid_at: Date | null
  method: string | null
  card_brand: string | null
  card_last4: string | null
  receiver: ReceiptParty | null
  /** From the payment's metadata (`vat_code`); no VAT line without it. */
  vat_code: VatCode | null
  /** When the receipt is issued (now); injectable for tests. */
  issued_at?: Date
}

export interface ReceiptRow {
  label: string
  value: string
}

export interface ReceiptContent {
  locale: MailLocale
  title: string
  intro: string
  receiver: { label: string; lines: string[] } | null
  details: ReceiptRow[]
  /** The amount that moved, set apart. */
  total: ReceiptRow
  /** Net and VAT, when the payment says its VAT rate. */
  vat: ReceiptRow[]
  issued: string
  footer: string
  brand: string
}

/** Calendar days and times in the business time zone (`BUSINESS_TIME_ZONE`). */
const timeZone = businessTimeZone

/** Card brands by the code providers store (the sandbox's `visa`); another is printed as stored. */
const cardBrandNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  maestro: 'Maestro',
}

/** A card is only ever shown by its last four digits; anything else in the column is not printed. */
const lastFour = (value: string | null) => (value && /^\d{4}$/.test(value.trim()) ? value.trim() : null)

const dayOf = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(date)

export function buildReceipt(input: ReceiptInput, locale: MailLocale): ReceiptContent {
  const i18n = mailI18n(locale)
  const t = (descriptor: MessageDescriptor, values?: Record<string, unknown>) =>
    i18n._({ ...descriptor, ...(values ? { values } : {}) })
  const money = (value: Money) => formatMoney(locale, value)
  const dateTime = (value: Date) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(value)
  const refund = input.kind === 'refund'

  const details: ReceiptRow[] = [
    { label: t(m.receiptNumber), value: input.id },
    { label: t(m.reference), value: input.reference },
    { label: t(m.date), value: dateTime(input.moved_at) },
  ]
  if (input.cashpoint) details.push({ label: t(m.cashpoint), value: input.cashpoint })
  if (input.description.trim()) details.push({ label: t(m.description), value: input.description })
  if (refund) {
    details.push({
      label: t(m.originalPayment),
      value: t(m.originalPaymentValue, { reference: input.reference, amount: money(input.payment_amount) }),
    })
  }
  if (input.method) {
    const method =
      input.method === 'card' ? t(m.methodCard) : (methodById(input.method)?.title ?? input.method)
    details.push({ label: t(m.method), value: method })
  }
  const last4 = lastFour(input.card_last4)
  if (last4) {
    const code = input.card_brand?.trim()
    const brand = code && (cardBrandNames[code.toLowerCase()] ?? code)
    details.push({
      label: t(m.card),
      value: brand ? t(m.cardValue, { brand, last4 }) : t(m.cardValueNoBrand, { last4 }),
    })
  }

  const vat: ReceiptRow[] = []
  if (input.vat_code) {
    // The rate of the day the payment was paid, also for its refunds: a refund reverses that VAT.
    const rate = vatRateOn(input.vat_code, dayOf(input.payment_paid_at ?? input.moved_at))
    if (rate?.percentage === null) {
      vat.push({ label: t(m.vatLabel), value: t(vatTitles.exempt) })
    } else if (rate) {
      const split = splitGross(input.amount.amount, rate.percentage)
      const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
        rate.percentage / 100,
      )
      vat.push(
        { label: t(m.net), value: money({ amount: split.net, currency: input.amount.currency }) },
        {
          label: t(m.vat, { rate: percent }),
          value: money({ amount: split.vat, currency: input.amount.currency }),
        },
      )
    }
  }

  const receiver = input.receiver
    ? {
        label: t(refund ? m.receiverRefund : m.receiverPayment),
        lines: [
          input.receiver.name,
          ...(input.receiver.address_lines ?? []),
          ...(input.receiver.vat_number ? [t(m.vatNumber, { number: input.receiver.vat_number })] : []),
          ...(input.receiver.registration_number
            ? [t(m.registrationNumber, { number: input.receiver.registration_number })]
            : []),
        ].filter((line) => line.trim() !== ''),
      }
    : null

  return {
    locale,
    title: t(refund ? m.titleRefund : m.titlePayment),
    intro: t(refund ? m.introRefund : m.introPayment),
    receiver,
    details,
    total: { label: t(refund ? m.amountRefunded : m.amountPaid), value: money(input.amount) },
    vat,
    issued: t(m.issued, { date: dateTime(input.issued_at ?? new Date()) }),
    footer: t(m.footer, { brand: brandName }),
    brand: brandName,
  }
}
