import { z } from 'zod'

/** Interface languages; Dutch is the default, English the fallback for missing text. */
export const locales = ['nl', 'en', 'de', 'ru', 'uk'] as const
export type Locale = (typeof locales)[number]
export const defaultLocale: Locale = 'nl'
export const localeSchema = z.enum(locales)

/** The best supported language of an Accept-Language header, or the default. */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale {
  if (!header) return defaultLocale
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.find((p) => p.trim().startsWith('q='))
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.split('=')[1]) : 1 }
    })
    .filter((x) => x.lang && x.q > 0)
    .sort((a, b) => b.q - a.q)
  return (
    (ranked.find((r) => (locales as readonly string[]).includes(r.lang))?.lang as Locale) ?? defaultLocale
  )
}
