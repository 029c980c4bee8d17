import { z } from 'zod'

/**
 * What a journal entry says, as a code and its parameters, so that every reader reads it in their
 * own language (issue 12, item 9): the screens word `payment.captured {reference: 'PAY-000042', …}`
 * as "Betaling PAY-000042: …" on a Dutch page. The posting module still writes the English
 * sentence (`description`): it is what a search matches and what a reader sees for a code the
 * screens do not know, and the only text of entries posted before codes existed.
 *
 * The list is closed and the ledger's own, like its sub-account kinds: a new kind of entry adds its
 * code here with its parameters, and its words to the web (`web/src/lib/descriptions.ts`, which
 * takes the list from the OpenAPI document's enum).
 */
export const entryDescriptionCodes = [
  /** A payment attempt was paid. `{reference, payment, description}` */
  'payment.captured',
  /** A second attempt of a paid payment was paid too (given back). `{reference, payment, description}` */
  'payment.duplicate_captured',
  /** The provider's fee of an attempt. `{reference, payment}` */
  'payment.fee',
  /** A refund the owner asked for, or one made at the provider. `{reference, payment, refund}` */
  'payment.refunded',
  /** A duplicate capture given back. `{reference, payment, refund}` */
  'payment.duplicate_refunded',
  /** A split part released to its merchant. `{reference, payment}` */
  'payment.payout',
  /** A paid card order issued its cards. `{number, quantity, order, program}` */
  'card_order.issued',
  /** An acceptor took an amount off a card. `{number, amount, forfeited, currency, program}` */
  'card.redeemed',
  /** A redemption undone. `{number, amount, currency, program}` */
  'card.redemption_reversed',
  /** A correction of another entry. `{journal, number, entry}` */
  'entry.reversal',
  /**
   * A credit bill issued to its card holder. `{number}`: the bill's full number as its holder reads
   * it ("WZMGGR-12"), as on all the bill's entries (a plain sequence on entries of a program
   * without a code)
   */
  'credit_bill.issued',
  /** A reminder's penalty added to a credit bill. `{number}` */
  'credit_bill.penalty',
  /** A payment of a credit bill. `{number}` */
  'credit_bill.paid',
  /** A refund of a credit bill's payment. `{number}` */
  'credit_bill.refunded',
  /** A credit bill archived, its open amount written off. `{number}` */
  'credit_bill.written_off',
  /** A payment of an archived credit bill takes back what it covers of the write-off. `{number}` */
  'credit_bill.write_off_reversed',
  /** A refund of an archived credit bill's payment, the refunded amount written off. `{number}` */
  'credit_bill.refund_written_off',
  /** A paid food order's sale. `{number}` (the order's number at its restaurant) */
  'food_order.paid',
  /** A restaurant's part of a food court order sold. `{number}` (the sub-order's number at its restaurant) */
  'food_court_part.paid',
  /** A rejected part's sale reversed. `{number}` (the sub-order's number) */
  'food_court_part.sale_reversed',
  /** A part's money paid out to its restaurant. `{number}` (the sub-order's number) */
  'food_court_part.paid_out',
  /** A rejected part's refund: its amount back from the restaurant. `{number}` (the court order's number) */
  'food_court.part_refunded',
] as const
export type EntryDescriptionCode = (typeof entryDescriptionCodes)[number]

/**
 * A text that can be read in any language: a code with its parameters (null: words a person typed,
 * shown as they are) and the English text it stands for. A payment's description inside the
 * parameters of its capture entry is one.
 */
// A type, not an interface: it must fit JSON's index signature (the outbox stores it as JSON).
export type CodedText = {
  code: string | null
  params: DescriptionParams
  text: string
}

export type DescriptionParam = string | number | boolean | null | CodedText
export type DescriptionParams = { [name: string]: DescriptionParam }

/** Parameters as a posting request carries them: JSON, small (ids, numbers, a title). */
export const descriptionParamsSchema = z
  .record(z.string().min(1).max(40), z.json())
  .refine((params) => JSON.stringify(params).length <= 4000, 'at most 4000 characters of JSON')
