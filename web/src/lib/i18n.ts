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

/**
 * The web's texts are in catalogs per language by area (web/catalog-areas.json, lingui.config.ts):
 * `common` (what any page can show) and the areas' own, each loaded by the routes that show it:
 * `portal` (the signed-in screens, the `_portal` layout route), `help` (the `/help` page's
 * answers), `sandbox` (the sandbox provider's pages), `registration` and `support` (the support,
 * help, welcome and thank-you pages), `food` (the food area's guest pages, the card holder's home),
 * `payer` (a payment's states, methods and refusals and the ledger's words: the checkout, `/pay`,
 * the sandbox's checkout and the portal screens, which load it with the portal's).
 * A guest page downloads the common one and its own area's only.
 */
const fileOfArea = {
  common: 'messages',
  portal: 'portal',
  help: 'help',
  sandbox: 'sandbox',
  registration: 'registration',
  support: 'support',
  food: 'food',
  payer: 'payer',
} as const
export type CatalogArea = keyof typeof fileOfArea

// .po files compiled on import by @lingui/vite-plugin; each language and area is its own chunk.
const catalogFiles = import.meta.glob<{ messages: Messages }>('../locales/*/*.po')

/**
 * What an area needs beside its catalog: the portal's words for the API's refusals only its
 * screens meet (lib/portal-api-messages.ts, whose texts are in the portal's catalog).
 */
const areaCompanions: Partial<Record<CatalogArea, () => Promise<void>>> = {
  portal: () => import('./portal-api-messages.ts').then((m) => m.installPortalWordings()),
}

function catalog(locale: Locale, area: CatalogArea): () => Promise<{ messages: Messages }> {
  const load = catalogFiles[`../locales/${locale}/${fileOfArea[area]}.po`]
  if (!load) throw new Error(`no catalog ${locale}/${fileOfArea[area]}.po`)
  return load
}

/**
 * Per i18n instance (one per router): the areas its pages need, and per language the areas loaded.
 * A language switch and a route that needs an area may run at the same time; both load until every
 * wanted area is there in the language they are for, so neither leaves the other's texts missing.
 */
interface Catalogs {
  wanted: Set<CatalogArea>
  loaded: Map<Locale, Set<CatalogArea>>
}
const catalogsOf = new WeakMap<I18n, Catalogs>()

function stateOf(i18n: I18n): Catalogs {
  let state = catalogsOf.get(i18n)
  if (!state) {
    state = { wanted: new Set(['common']), loaded: new Map() }
    catalogsOf.set(i18n, state)
  }
  return state
}

/** The catalog areas this i18n instance needs, for the page's dehydrated state. */
export function catalogAreasOf(i18n: I18n): CatalogArea[] {
  return [...stateOf(i18n).wanted]
}

/** Loads every wanted area not yet loaded in `locale`, again if more were wanted meanwhile. */
async function loadWanted(i18n: I18n, locale: Locale): Promise<void> {
  const state = stateOf(i18n)
  for (;;) {
    const loaded = state.loaded.get(locale) ?? new Set<CatalogArea>()
    state.loaded.set(locale, loaded)
    const missing = [...state.wanted].filter((area) => !loaded.has(area))
    if (missing.length === 0) return
    const [catalogs] = await Promise.all([
      Promise.all(missing.map((area) => catalog(locale, area)())),
      Promise.all(missing.map((area) => areaCompanions[area]?.())),
    ])
    // Copies: i18n.load merges into the object it was given first, and the modules' objects are
    // shared by every request the server renders.
    i18n.load(locale, Object.assign({}, ...catalogs.map((c) => c.messages)))
    for (const area of missing) loaded.add(area)
  }
}

const activeLocale = (i18n: I18n): Locale => (isLocale(i18n.locale) ? i18n.locale : defaultLocale)

/**
 * Loads a language's catalogs into this i18n instance and makes it the active one: the common one,
 * every area wanted so far (a switch reloads them all, so no screen mixes languages), and `areas`
 * (what the page being hydrated had).
 */
export async function activateLocale(
  i18n: I18n,
  locale: Locale,
  areas: Iterable<CatalogArea> = [],
): Promise<void> {
  for (const area of areas) stateOf(i18n).wanted.add(area)
  await loadWanted(i18n, locale)
  i18n.activate(locale)
}

/** Makes sure areas' texts are there in the active language (a route's `beforeLoad`). */
export async function loadCatalogArea(i18n: I18n, ...areas: CatalogArea[]): Promise<void> {
  for (const area of areas) stateOf(i18n).wanted.add(area)
  // A language switch may finish while this loads: then load the area in that language too.
  for (let locale = activeLocale(i18n); ; locale = activeLocale(i18n)) {
    await loadWanted(i18n, locale)
    if (activeLocale(i18n) === locale) return
  }
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
