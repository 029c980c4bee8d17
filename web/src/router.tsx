import { type I18n, setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRouter, useRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import type { ReactNode } from 'react'
import { loadPortalLayout } from './components/layouts/load-portal-layout.ts'
import {
  activateLocale,
  type CatalogArea,
  catalogAreasOf,
  defaultLocale,
  isLocale,
  type Locale,
} from './lib/i18n.ts'
import type { Portal } from './lib/portal.ts'
import { newQueryClient } from './lib/queries/client.ts'
import { hydrateSession, type Session, type SessionUser } from './lib/session.ts'
import { pageTimeZone } from './lib/time-zone.ts'
import { routeTree } from './routeTree.gen.ts'

/**
 * Starts the console error of a text missing from the loaded catalogs; the every-route browser test
 * looks for it (tests/browser/every-route.spec.ts).
 */
const missingMessagePrefix = 'lingui: missing message'

export interface RouterContext {
  queryClient: QueryClient
  /** One instance per router, so concurrent server renders in different languages do not mix. */
  i18n: I18n
  /** Set by the root route from the host name; the same path renders the screen of this portal. */
  portal: Portal
  /** Set by the root route: the signed-in user of this portal, or null (see lib/session.ts). */
  session: Session | null
  /** No valid access cookie, but the browser may restore the session with its refresh cookie. */
  sessionRestorable: boolean
}

interface Dehydrated {
  locale: Locale
  /** The catalog areas the server rendered with (lib/i18n.ts): loaded before hydrating. */
  catalogAreas: CatalogArea[]
  session: { user: SessionUser; expiresIn: number | null } | null
  sessionRestorable: boolean
}

/** Language and server-data providers around the whole document, from the router's own context. */
function AppProviders({ children }: { children: ReactNode }) {
  const { i18n, queryClient } = useRouter().options.context
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nProvider>
  )
}

/** A fresh router per request on the server and once in the browser. */
export function getRouter() {
  // Query functions call `api()` (lib/api.ts): refresh and the one retry after 401/403 happen
  // there; the query layer never retries an answer the API gave on purpose (4xx).
  const queryClient = newQueryClient()
  const i18n = setupI18n()
  // Date-times read in the business time zone unless a caller names another (the restaurant's, the
  // holder's): the server renders them there and the browser hydrates the same text. In the
  // browser's own zone, a visitor away from UTC got another time than the server rendered, and so
  // a hydration error on every page with a date-time, and days that disagreed with the ledger's.
  const date = i18n.date.bind(i18n)
  i18n.date = (value, format) => date(value, { timeZone: pageTimeZone(), ...format })
  // A text whose catalog area is not loaded shows its id (lib/i18n.ts): say so where it can be seen.
  i18n.on('missing', ({ id, locale }) => console.error(`${missingMessagePrefix} ${locale} ${id}`))

  const router = createRouter({
    routeTree,
    context: {
      queryClient,
      i18n,
      portal: 'cardholder',
      session: null,
      sessionRestorable: false,
    } satisfies RouterContext,
    defaultPreload: 'intent',
    // Route loaders fill the query cache (README, "Loading data"); whether an answer is fresh enough
    // is TanStack Query's call, so the router calls a loader on every preload and navigation.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // The server rendered in some language: load that catalog before hydrating so the text matches.
    // The session the server found seeds the browser's session store; the token's expiry travels as
    // "milliseconds left", so a browser clock that is off does not skew the 20-second rule.
    dehydrate: (): Dehydrated => {
      const root = router.state.matches[0]?.context as Partial<RouterContext> | undefined
      const session = root?.session ?? null
      return {
        locale: isLocale(i18n.locale) ? i18n.locale : defaultLocale,
        catalogAreas: catalogAreasOf(i18n),
        session: session && {
          user: session.user,
          expiresIn: session.expiresAt === null ? null : session.expiresAt - Date.now(),
        },
        sessionRestorable: root?.sessionRestorable ?? false,
      }
    },
    hydrate: (data: Dehydrated) => {
      hydrateSession({
        session: data.session && {
          user: data.session.user,
          expiresAt: data.session.expiresIn === null ? null : Date.now() + data.session.expiresIn,
        },
        restorable: data.sessionRestorable,
      })
      // A signed-in page was drawn in the signed-in frame, which a screen open to everyone loads
      // only for users (components/layouts/load-portal-layout.ts): have it before hydrating.
      const frame = data.session ? loadPortalLayout() : undefined
      return Promise.all([activateLocale(i18n, data.locale, data.catalogAreas), frame]).then(() => {})
    },
    InnerWrap: AppProviders,
  })
  // What the loaders put in the query cache while rendering on the server goes along with the page
  // and fills the browser's cache before it hydrates, so the first HTML and the first browser
  // render show the same data. Failed queries stay behind: their errors are not plain data, and the
  // browser asks again (lib/queries/load.ts). AppProviders already provides the client.
  setupRouterSsrQueryIntegration({
    router,
    queryClient,
    wrapQueryClient: false,
    dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.status !== 'error' },
  })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
