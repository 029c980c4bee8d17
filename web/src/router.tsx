import { type I18n, setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRouter, useRouter } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { activateLocale, defaultLocale, isLocale, type Locale } from './lib/i18n.ts'
import type { Portal } from './lib/portal.ts'
import type { Session } from './lib/session.ts'
import { routeTree } from './routeTree.gen.ts'

export interface RouterContext {
  queryClient: QueryClient
  /** One instance per router, so concurrent server renders in different languages do not mix. */
  i18n: I18n
  /** Set by the root route from the host name; the same path renders the screen of this portal. */
  portal: Portal
  session: Session | null
}

interface Dehydrated {
  locale: Locale
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
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  })
  const i18n = setupI18n()

  const router = createRouter({
    routeTree,
    context: { queryClient, i18n, portal: 'cardholder', session: null } satisfies RouterContext,
    defaultPreload: 'intent',
    scrollRestoration: true,
    // The server rendered in some language: load that catalog before hydrating so the text matches.
    dehydrate: (): Dehydrated => ({ locale: isLocale(i18n.locale) ? i18n.locale : defaultLocale }),
    hydrate: (data: Dehydrated) => activateLocale(i18n, data.locale),
    InnerWrap: AppProviders,
  })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
