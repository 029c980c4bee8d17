import { readFileSync } from 'node:fs'
import path from 'node:path'
import { type I18n, type MessageDescriptor, type Messages, setupI18n } from '@lingui/core'

/**
 * Languages of the e-mails. Dutch is the product default (a recipient whose language we don't know
 * gets Dutch); English is the fallback for a string a catalog lacks (resolved when compiling).
 */
export const mailLocales = ['en', 'nl', 'de', 'ru', 'uk'] as const
export type MailLocale = (typeof mailLocales)[number]
export const defaultMailLocale: MailLocale = 'nl'

const isMailLocale = (v: string): v is MailLocale => (mailLocales as readonly string[]).includes(v)

/** The recipient's stored language (`nl`, `de-AT`, `uk_UA`, ...) if we support it, else Dutch. */
export function resolveMailLocale(language: string | null | undefined): MailLocale {
  const base = (language ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? ''
  return isMailLocale(base) ? base : defaultMailLocale
}

/**
 * Catalogs are loaded COMPILED: `locales/<locale>/messages.json` is generated from the .po files
 * by `node modules/platform/mail/catalogs.ts compile` and committed. Why not parse the .po at
 * start-up: the parser and the ICU compiler are build tools (devDependencies, absent from a
 * production image), compiled catalogs are what @lingui/core expects in production (it ships no
 * message compiler when NODE_ENV=production), and English fallbacks are resolved once at compile
 * time rather than on every start. A test recompiles the .po files in memory and fails when the
 * committed JSON is stale, so the .po stays the single source of truth.
 */
export const localesDir = path.join(import.meta.dirname, 'locales')

export function compiledCatalogPath(locale: MailLocale): string {
  return path.join(localesDir, locale, 'messages.json')
}

function loadCompiled(locale: MailLocale): Messages {
  const parsed = JSON.parse(readFileSync(compiledCatalogPath(locale), 'utf8')) as { messages: Messages }
  return parsed.messages
}

const instances = new Map<MailLocale, I18n>()

/** One Lingui instance per language (never a shared global that a concurrent render could switch). */
export function mailI18n(locale: MailLocale): I18n {
  let i18n = instances.get(locale)
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: loadCompiled(locale) } })
    instances.set(locale, i18n)
  }
  return i18n
}

export type { MessageDescriptor }
