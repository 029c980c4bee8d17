import type { I18n, Messages } from '@lingui/core'

/** Interface languages in the order the language switcher lists them. */
export const locales = ['nl', 'en', 'de', 'ru', 'uk'] as const
export type Locale = (typeof locales)[number]

/** Dutch unless the visitor chose otherwise or the browser asks for another supported language. */
export const defaultLocale: Locale = 'nl'

/** Cookie (read during server rendering) and localStorage key that keep the chosen language. */
export const localeStorageKey = 'lang'

/** Each language names itself, so a visitor can find theirs whatever is shown now. */
export const localeNames: Record<Locale, string> = {
  nl: 'Nederlands',
  en: 'English',
  de: 'Deutsch',
  ru: 'Русский',
  uk: 'Українська',
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value)
}

/** The supported language the browser prefers most, from an `Accept-Language` header or `navigator.languages`. */
export function negotiateLocale(
  preferences: string | readonly string[] | null | undefined,
): Locale | undefined {
  if (!preferences) return undefined
  const ranked =
    typeof preferences === 'string'
      ? preferences
          .split(',')
          .map((part, index) => {
            const [tag = '', ...params] = part.trim().split(';')
            const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
            return { tag, q: q ? Number(q.slice(2)) : 1, index }
          })
          .filter((p) => p.tag && p.q > 0)
          .sort((a, b) => b.q - a.q || a.index - b.index)
          .map((p) => p.tag)
      : preferences
  for (const tag of ranked) {
    const primary = tag.toLowerCase().split('-')[0]
    if (isLocale(primary)) return primary
  }
  return undefined
}

// Catalogs are .po files compiled on import by @lingui/vite-plugin; each language is its own chunk.
const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  nl: () => import('../locales/nl/messages.po'),
  en: () => import('../locales/en/messages.po'),
  de: () => import('../locales/de/messages.po'),
  ru: () => import('../locales/ru/messages.po'),
  uk: () => import('../locales/uk/messages.po'),
}

/** Loads a language's catalog into this i18n instance and makes it the active one. */
export async function activateLocale(i18n: I18n, locale: Locale): Promise<void> {
  const { messages } = await catalogs[locale]()
  i18n.loadAndActivate({ locale, messages })
}

/** Remembers the choice for server rendering (cookie, one year) and for this browser (localStorage). */
export function storeLocale(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in some supported browsers
  document.cookie = `${localeStorageKey}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`
  try {
    localStorage.setItem(localeStorageKey, locale)
  } catch {
    // Storage can be unavailable (private mode, quota); the cookie still carries the choice.
  }
}

/** The language stored in this browser, if any: cookie first, then localStorage. */
export function storedLocale(): Locale | undefined {
  const cookie = document.cookie
    .split(';')
    .map((c) => c.trim().split('='))
    .find(([name]) => name === localeStorageKey)?.[1]
  if (isLocale(cookie)) return cookie
  try {
    const stored = localStorage.getItem(localeStorageKey)
    return isLocale(stored) ? stored : undefined
  } catch {
    return undefined
  }
}
