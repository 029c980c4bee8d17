import type { MessageDescriptor } from '@lingui/core'
import { z } from 'zod'
import { currencyCode } from '../money.ts'
import type { MailLocale } from './i18n.ts'

/**
 * The content of an e-mail as structured blocks. A template never writes HTML: the layout turns
 * the blocks into both the HTML and the plain-text part and escapes every string on the way, so
 * user data (names, subjects, messages) can't inject markup.
 */
export type MailBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  /** Label/value pairs, e.g. reference number, subject, amount. */
  | { type: 'details'; rows: ReadonlyArray<{ label: string; value: string }> }
  /** Text someone else wrote (a request's message), shown set apart with its line breaks kept. */
  | { type: 'quote'; text: string }
  | { type: 'button'; label: string; url: string }
  /** Smaller, muted text. */
  | { type: 'note'; text: string }
  /**
   * A picture attached to the e-mail and shown inline (`cid:` of an attachment the sender adds,
   * e.g. the QR code of a pay link); the plain-text part shows `alt`.
   */
  | { type: 'image'; cid: string; alt: string; width: number }

export interface MailContent {
  subject: string
  /** Inbox preview line shown after the subject by most clients; hidden in the body. */
  preheader: string
  blocks: MailBlock[]
  /** Why the recipient gets this e-mail, shown in the footer. */
  footer?: string
}

/** What a template gets to build its content in one language. */
export interface RenderContext {
  locale: MailLocale
  /** Translates a message descriptor (declared with a `/*i18n*\/` comment so `lingui extract` finds it). */
  t(descriptor: MessageDescriptor, values?: Record<string, unknown>): string
  /** Formats minor units in the recipient's locale: 125000 EUR → "€ 1.250,00" in Dutch. */
  money(value: { amount: bigint; currency: string }): string
  date(value: Date, style?: 'long' | 'medium' | 'short'): string
}

export interface MailTemplate<N extends string = string, S extends z.ZodType = z.ZodType> {
  readonly name: N
  /** Data the template needs; checked on every render (job payloads come from JSON). */
  readonly schema: S
  /** Realistic data for previews and the tests that render every template in every language. */
  readonly example: z.input<S>
  build(data: z.output<S>, ctx: RenderContext): MailContent
}

/** Declares an e-mail template. Names look like `<module>.<what-happened>`. */
export function defineEmail<const N extends string, S extends z.ZodType>(
  template: MailTemplate<N, S>,
): MailTemplate<N, S> {
  if (!/^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/.test(template.name)) {
    throw new Error(`e-mail template name ${template.name} must look like module.what-happened`)
  }
  return template
}

/**
 * Money as it travels in a job payload (JSON has no bigint): integer minor units as a number,
 * decimal string or bigint, plus the ISO currency code.
 */
export const mailMoney = z
  .object({
    amount: z.union([z.bigint(), z.number().int().safe(), z.string().regex(/^-?\d+$/)]),
    currency: currencyCode,
  })
  .transform((m) => ({ amount: BigInt(m.amount), currency: m.currency }))

/** Kept under this name for templates; the one implementation lives with the money type. */
export { formatMoney } from '../money.ts'
