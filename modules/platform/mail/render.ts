import type { z } from 'zod'
import { formatMoney, type MailTemplate, type RenderContext } from './define.ts'
import { type MailLocale, mailI18n, resolveMailLocale } from './i18n.ts'
import { layoutHtml, layoutText } from './layout.ts'
import {
  platformTemplates,
  type supportRequestNotification,
  type supportRequestReceived,
} from './templates/index.ts'

export interface RenderedEmail {
  subject: string
  text: string
  html: string
  locale: MailLocale
}

/**
 * Templates by name, for type-checked `renderEmail('support.request-received', ...)`. A module
 * that adds templates registers them with `registerEmails(...)` and augments this interface:
 *
 *   declare module '../platform/mail/render.ts' {
 *     interface MailTemplates { 'credit.bill-reminder': typeof billReminder }
 *   }
 */
export interface MailTemplates {
  'support.request-received': typeof supportRequestReceived
  'support.request-notification': typeof supportRequestNotification
}
export type MailTemplateName = keyof MailTemplates & string

const registry = new Map<string, MailTemplate>()
/** Every registered template (live list): the tests render each one in every language. */
export const templates: MailTemplate[] = []

export function registerEmails(...list: MailTemplate[]): void {
  for (const template of list) {
    const existing = registry.get(template.name)
    if (existing === template) continue
    if (existing) throw new Error(`e-mail template ${template.name} is registered twice`)
    registry.set(template.name, template)
    templates.push(template)
  }
}

registerEmails(...platformTemplates)

/** A registered template by name (a queued e-mail job carries the name), or undefined. */
export function emailTemplate(name: string): MailTemplate | undefined {
  return registry.get(name)
}

export class MailDataError extends Error {
  override name = 'MailDataError'
}

function context(locale: MailLocale): RenderContext {
  const i18n = mailI18n(locale)
  return {
    locale,
    t: (descriptor, values) => i18n._({ ...descriptor, ...(values ? { values } : {}) }),
    money: (value) => formatMoney(locale, value),
    date: (value, style = 'long') => dateFormat(locale, style).format(value),
  }
}

/** Formats made once per language and style (making one costs about a millisecond). */
const dateFormats = new Map<string, Intl.DateTimeFormat>()
function dateFormat(locale: string, style: 'full' | 'long' | 'medium' | 'short'): Intl.DateTimeFormat {
  const key = `${locale}|${style}`
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: style })
    dateFormats.set(key, format)
  }
  return format
}

/**
 * Renders a template in the recipient's language: `language` is their stored choice (any case,
 * with or without region); unknown or missing → Dutch. The data is validated against the
 * template's schema first, so a bad job payload fails with a clear message, not a broken e-mail.
 */
export function renderEmail<N extends MailTemplateName>(
  template: N | MailTemplates[N],
  language: string | null | undefined,
  data: z.input<MailTemplates[N]['schema']>,
): RenderedEmail
export function renderEmail<S extends z.ZodType>(
  template: MailTemplate<string, S>,
  language: string | null | undefined,
  data: z.input<S>,
): RenderedEmail
export function renderEmail(
  template: string | MailTemplate,
  language: string | null | undefined,
  data: unknown,
): RenderedEmail {
  const resolved = typeof template === 'string' ? registry.get(template) : template
  if (!resolved) throw new MailDataError(`unknown e-mail template ${String(template)}`)
  const parsed = resolved.schema.safeParse(data)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(data)'}: ${i.message}`).join('; ')
    throw new MailDataError(`invalid data for e-mail ${resolved.name}: ${issues}`)
  }
  const locale = resolveMailLocale(language)
  const ctx = context(locale)
  const content = resolved.build(parsed.data, ctx)
  return { subject: content.subject, text: layoutText(content, ctx), html: layoutHtml(content, ctx), locale }
}
