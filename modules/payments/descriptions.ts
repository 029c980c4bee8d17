import type { CodedText, DescriptionParams } from '../ledger/index.ts'
import { z } from '../platform/http.ts'
import { type MailLocale, mailI18n } from '../platform/mail/i18n.ts'
import { paymentDescriptionMessages } from './receipts/messages.ts'

/**
 * A payment's description as a code and its parameters when the platform words it (issue 12,
 * item 9), so the payer and the finance screens read it in their own language: a card order is
 * `card_order {quantity, program_title}`. Words a person typed (a payment link, a sale at the
 * terminal) have no code and are shown as typed. `description` always keeps the English text: the
 * search matches it, and it is shown where a code is not known.
 *
 * The list is closed: a new code adds its parameters here, its words to the server catalog
 * (`receipts/messages.ts`, for receipts and the provider's page) and to the web's.
 */
export const paymentDescriptionCodes = [
  /** Cards a program owner orders from the platform. `{quantity, program_title}` */
  'card_order',
  /** A credit bill its card holder pays. `{number}` (the bill's number as its holder reads it, "ABCDEF-12") */
  'credit_bill',
  /** A restaurant's food order. `{number}` (the restaurant's order number) */
  'food_order',
  /** A guest's order across a food court's restaurants. `{court_title}` */
  'food_court_order',
] as const
export type PaymentDescriptionCode = (typeof paymentDescriptionCodes)[number]

export const isPaymentDescriptionCode = (code: string | null | undefined): code is PaymentDescriptionCode =>
  (paymentDescriptionCodes as readonly string[]).includes(code ?? '')

/** A payment's description as stored: its English text, and its code and parameters if it has them. */
export interface StoredDescription {
  description: string
  description_code: string | null
  description_params: unknown
}

const paramsOf = (value: unknown): DescriptionParams =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as DescriptionParams) : {}

/** The description as `{code, params, text}`: how a ledger entry carries the payment's own description. */
export function codedDescription(p: StoredDescription): CodedText & { code: PaymentDescriptionCode | null } {
  return {
    code: isPaymentDescriptionCode(p.description_code) ? p.description_code : null,
    params: paramsOf(p.description_params),
    text: p.description,
  }
}

/** The description fields of the API: a code it does not know is answered as none. */
export function descriptionFields(p: StoredDescription) {
  const coded = codedDescription(p)
  return { description: p.description, description_code: coded.code, description_params: coded.params }
}

/**
 * The description in a language, through the server-side catalog (receipts, the provider's page):
 * the code's words with its parameters, else the stored text.
 */
export function describePayment(p: StoredDescription, locale: MailLocale): string {
  const { code, params } = codedDescription(p)
  if (!code) return p.description
  const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null)
  const text = (value: unknown) => (typeof value === 'string' ? value : null)
  const words: Record<PaymentDescriptionCode, () => string | null> = {
    card_order: () => {
      const quantity = count(params.quantity)
      const program = text(params.program_title)
      if (quantity === null || program === null) return null
      return mailI18n(locale)._({ ...paymentDescriptionMessages.card_order, values: { quantity, program } })
    },
    credit_bill: () => {
      const number = text(params.number)
      return number === null
        ? null
        : mailI18n(locale)._({ ...paymentDescriptionMessages.credit_bill, values: { number } })
    },
    food_order: () => {
      const number = count(params.number)
      if (number === null) return null
      // Written as every screen writes an order's number (food's `orderNumber`; payments sits
      // below food, so it cannot import it): "Bestelling #12".
      return mailI18n(locale)._({
        ...paymentDescriptionMessages.food_order,
        values: { number: `#${number}` },
      })
    },
    food_court_order: () => {
      const court = text(params.court_title)
      if (court === null) return null
      return mailI18n(locale)._({ ...paymentDescriptionMessages.food_court_order, values: { court } })
    },
  }
  return words[code]() ?? p.description
}

/** The description fields of every answer that shows a payment's description. */
export const descriptionSchemaFields = {
  description: z.string().openapi({
    description: 'In English, or as the person typed it; read `description_code` in the reader’s language',
  }),
  description_code: z.enum(paymentDescriptionCodes).nullable().openapi({
    description: 'What the platform worded, as a code (null: words a person typed; show `description`)',
    example: 'card_order',
  }),
  description_params: z.record(z.string(), z.unknown()).openapi({
    description: 'The code’s parameters',
    example: { quantity: 24, program_title: 'Cadeaubon 2026' },
  }),
}
