import type { Schema } from './api-types.gen.ts'
import { formatMoney } from './money.ts'
import type { MainPath } from './navigation.ts'

/**
 * Descriptions the platform words itself, in the reader's language (issue 12, item 9). The API
 * answers a ledger entry's or a payment's description as a code from a closed list with its
 * parameters (`description_code`, `description_params`) beside the English text; this file turns
 * them into the words of `DescriptionWords` (Lingui messages, `components/finances/description-words.ts`).
 * An entry without a code (posted before codes existed), a code this build does not know, or
 * parameters that do not fit show the stored text, as before. Pure: the unit tests drive it with
 * their own words.
 */

export type EntryDescriptionCode = NonNullable<Schema<'LedgerJournalEntry'>['description_code']>
export type PaymentDescriptionCode = NonNullable<Schema<'Transaction'>['description_code']>

/** What the API answers for anything described: the English text, and the code and parameters. */
export interface Described {
  description: string
  description_code?: string | null
  description_params?: Record<string, unknown>
}

/** Every code's words, with its parameters already checked and formatted (money in the language). */
export interface DescriptionWords {
  cardOrder(quantity: number, program: string): string
  creditBill(number: string): string
  foodOrder(number: number): string
  foodCourtOrder(court: string): string
  paymentCaptured(reference: string, description: string): string
  paymentDuplicateCaptured(reference: string, description: string): string
  paymentFee(reference: string): string
  paymentRefunded(reference: string): string
  paymentDuplicateRefunded(reference: string): string
  paymentPayout(reference: string): string
  cardOrderIssued(number: number, quantity: number): string
  cardRedeemed(number: number, amount: string): string
  cardRedeemedWithForfeit(number: number, amount: string, forfeited: string): string
  cardRedemptionReversed(number: number, amount: string): string
  entryReversal(journal: string, number: number): string
  billIssued(number: string): string
  billPenalty(number: string): string
  billPaid(number: string): string
  billRefunded(number: string): string
  billWrittenOff(number: string): string
  billWriteOffReversed(number: string): string
  billRefundWrittenOff(number: string): string
  foodOrderPaid(number: number): string
  courtPartPaid(number: number): string
  courtPartSaleReversed(number: number): string
  courtPartPaidOut(number: number): string
  courtPartRefunded(number: number): string
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)
const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : null
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A payment's description: a card order in the reader's words, typed words as typed. */
export function paymentDescription(payment: Described, words: DescriptionWords): string {
  const params = payment.description_params ?? {}
  const worded: Record<PaymentDescriptionCode, () => string | null> = {
    card_order: () => {
      const quantity = count(params.quantity)
      const program = text(params.program_title)
      return quantity === null || program === null ? null : words.cardOrder(quantity, program)
    },
    credit_bill: () => {
      const number = text(params.number)
      return number === null ? null : words.creditBill(number)
    },
    food_order: () => {
      const number = count(params.number)
      return number === null ? null : words.foodOrder(number)
    },
    food_court_order: () => {
      const court = text(params.court_title)
      return court === null ? null : words.foodCourtOrder(court)
    },
  }
  const code = payment.description_code
  return (code && code in worded ? worded[code as PaymentDescriptionCode]() : null) ?? payment.description
}

/**
 * A ledger entry's description. `locale` formats its amounts; `journalName` words a journal code
 * (the reversal of "Verkoop 12").
 */
export function entryDescription(
  entry: Described,
  words: DescriptionWords,
  locale: string,
  journalName: (journal: string) => string,
): string {
  const p = entry.description_params ?? {}
  const reference = text(p.reference)
  const number = count(p.number)
  const money = (amount: unknown) => {
    const minor = count(amount)
    const currency = text(p.currency)
    return minor === null || currency === null ? null : formatMoney(minor, currency, locale)
  }
  // The payment's own description inside a capture: `{code, params, text}`.
  const paid = () => {
    const d = p.description
    if (!isRecord(d) || typeof d.text !== 'string') return null
    return paymentDescription(
      {
        description: d.text,
        description_code: typeof d.code === 'string' ? d.code : null,
        description_params: isRecord(d.params) ? d.params : {},
      },
      words,
    )
  }
  const withReference = (say: (reference: string) => string) => () => (reference ? say(reference) : null)
  const withNumber = (say: (number: number) => string) => () => (number === null ? null : say(number))
  // A bill by its number as its holder reads it ("WZMGGR-12"); entries from before that carry the
  // sequence alone.
  const billNumber = text(p.number) ?? (number === null ? null : String(number))
  const withBillNumber = (say: (number: string) => string) => () =>
    billNumber === null ? null : say(billNumber)
  const worded: Record<EntryDescriptionCode, () => string | null> = {
    'payment.captured': () => {
      const what = paid()
      return reference && what !== null ? words.paymentCaptured(reference, what) : null
    },
    'payment.duplicate_captured': () => {
      const what = paid()
      return reference && what !== null ? words.paymentDuplicateCaptured(reference, what) : null
    },
    'payment.fee': withReference(words.paymentFee),
    'payment.refunded': withReference(words.paymentRefunded),
    'payment.duplicate_refunded': withReference(words.paymentDuplicateRefunded),
    'payment.payout': withReference(words.paymentPayout),
    'card_order.issued': () => {
      const quantity = count(p.quantity)
      return number === null || quantity === null ? null : words.cardOrderIssued(number, quantity)
    },
    'card.redeemed': () => {
      const amount = money(p.amount)
      if (number === null || amount === null) return null
      const forfeited = count(p.forfeited) ? money(p.forfeited) : null
      return forfeited
        ? words.cardRedeemedWithForfeit(number, amount, forfeited)
        : words.cardRedeemed(number, amount)
    },
    'card.redemption_reversed': () => {
      const amount = money(p.amount)
      return number === null || amount === null ? null : words.cardRedemptionReversed(number, amount)
    },
    'entry.reversal': () => {
      const journal = text(p.journal)
      return journal === null || number === null ? null : words.entryReversal(journalName(journal), number)
    },
    'credit_bill.issued': withBillNumber(words.billIssued),
    'credit_bill.penalty': withBillNumber(words.billPenalty),
    'credit_bill.paid': withBillNumber(words.billPaid),
    'credit_bill.refunded': withBillNumber(words.billRefunded),
    'credit_bill.written_off': withBillNumber(words.billWrittenOff),
    'credit_bill.write_off_reversed': withBillNumber(words.billWriteOffReversed),
    'credit_bill.refund_written_off': withBillNumber(words.billRefundWrittenOff),
    'food_order.paid': withNumber(words.foodOrderPaid),
    'food_court_part.paid': withNumber(words.courtPartPaid),
    'food_court_part.sale_reversed': withNumber(words.courtPartSaleReversed),
    'food_court_part.paid_out': withNumber(words.courtPartPaidOut),
    'food_court.part_refunded': withNumber(words.courtPartRefunded),
  }
  const code = entry.description_code
  return (code && code in worded ? worded[code as EntryDescriptionCode]() : null) ?? entry.description
}

/** The kinds of ledger source the screens word; any other is shown as it is stored. */
export const sourceKinds = [
  'payment.captured',
  'payment.fee',
  'payment.refund',
  'payment.payout',
  'card_order.issued',
  'card.redeemed',
  'card.redemption-reversed',
  'reversal',
  'credit_bill.issued',
  'credit_bill.penalty',
  'credit_bill.paid',
  'credit_bill.refunded',
  'credit_bill.written_off',
  'credit_bill.write_off_reversed',
  'credit_bill.refund_written_off',
  'food_order.paid',
  'food_court_part.paid',
  'food_court_part.sale_reversed',
  'food_court_part.paid_out',
  'food_court.part_refunded',
] as const
export type SourceKind = (typeof sourceKinds)[number]

export const isSourceKind = (kind: string): kind is SourceKind =>
  (sourceKinds as readonly string[]).includes(kind)

/** Where a source can be opened: a screen of the portal and the object's uuid. */
export type SourceTarget =
  | { screen: '/transactions'; to: '/transactions/$uuid'; uuid: string }
  | { screen: '/programs'; to: '/programs/$uuid'; uuid: string }
  | { screen: '/finances'; to: '/finances/journals/$uuid'; uuid: string }

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const uuidOf = (value: unknown) => (typeof value === 'string' && uuidPattern.test(value) ? value : null)

/**
 * What an entry's source refers to, where the reader may open it: the payment (a capture, a fee,
 * a payout: the payment's uuid is among the parameters, the source id being the attempt's or the
 * payout's), the refund, the card order's payment (a card order's uuid is its payment's), the card
 * program whose cards were spent, the entry a reversal corrects. Only screens the portal has; the
 * API still decides whether this reader may see the object.
 */
export function sourceTarget(
  entry: Pick<Described, 'description_params'> & { source: { kind: string; id: string } },
  hasScreen: (path: MainPath) => boolean,
): SourceTarget | null {
  const p = entry.description_params ?? {}
  const { kind, id } = entry.source
  const target = ((): SourceTarget | null => {
    switch (kind) {
      case 'payment.captured':
      case 'payment.fee':
      case 'payment.payout': {
        const payment = uuidOf(p.payment)
        return payment ? { screen: '/transactions', to: '/transactions/$uuid', uuid: payment } : null
      }
      case 'payment.refund':
      case 'card_order.issued': {
        const uuid = uuidOf(id)
        return uuid ? { screen: '/transactions', to: '/transactions/$uuid', uuid } : null
      }
      case 'card.redeemed':
      case 'card.redemption-reversed': {
        const program = uuidOf(p.program)
        return program ? { screen: '/programs', to: '/programs/$uuid', uuid: program } : null
      }
      case 'reversal': {
        const uuid = uuidOf(id)
        return uuid ? { screen: '/finances', to: '/finances/journals/$uuid', uuid } : null
      }
      default:
        return null
    }
  })()
  return target && hasScreen(target.screen) ? target : null
}
