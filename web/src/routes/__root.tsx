import interCyrillic from '@fontsource-variable/inter/files/inter-cyrillic-wght-normal.woff2?url'
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url'
import { useLingui } from '@lingui/react/macro'
import {
  createRootRouteWithContext,
  HeadContent,
  Outlet,
  Scripts,
  useRouteContext,
  useRouter,
} from '@tanstack/react-router'
import { type ReactNode, useEffect } from 'react'
import { brandOfPage, themeColor } from '~/components/food/brand-of-page.ts'
import { useSwitchLocale } from '~/components/language-switcher.tsx'
import { UpdateBanner } from '~/components/update-banner.tsx'
import { readBootstrap } from '~/lib/bootstrap.ts'
import { rememberPendingLink, signInPath } from '~/lib/guard.ts'
import { activateLocale, storedLocale } from '~/lib/i18n.ts'
import { whenIdle } from '~/lib/idle.ts'
import { Notifications } from '~/lib/notify.tsx'
import { portalCopy } from '~/lib/portal.ts'
import {
  onSessionEnded,
  readSessionState,
  restoreSession,
  sessionFitsPortal,
  signOut,
} from '~/lib/session.ts'
import { setPageTimeZone } from '~/lib/time-zone.ts'
import type { RouterContext } from '~/router.tsx'
import appCss from '~/styles/app.css?url'

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context }) => {
    const { portal, locale, portalOrigins, timeZone, brandable } = await readBootstrap()
    setPageTimeZone(timeZone)
    if (context.i18n.locale !== locale) await activateLocale(context.i18n, locale)
    const [{ session, restorable }, { brand, court, host }] = await Promise.all([
      readSessionState(),
      brandOfPage(context.queryClient, brandable),
    ])
    const shared = { portal, portalOrigins, timeZone, brandable, brand, court, host }
    if (session && !sessionFitsPortal(session, portal)) {
      // Spec section 2: the profile type must match the portal. In the browser the session is ended
      // (the API clears its cookies); on the server the page simply renders as signed out.
      if (typeof window !== 'undefined') await signOut()
      return { ...shared, session: null, sessionRestorable: false }
    }
    return { ...shared, session, sessionRestorable: restorable }
  },
  head: ({ match }) => {
    const { i18n, portal, brand } = match.context
    return {
      meta: [
        { charSet: 'utf-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1' },
        // The one theme-color of the page: the brand's on a restaurant's domain.
        { name: 'theme-color', content: themeColor(brand) },
        { title: `${i18n._(portalCopy[portal].title)} · Cardpay` },
      ],
      links: [
        { rel: 'stylesheet', href: appCss },
        // The text font, fetched with the stylesheet instead of after it: text drawn in the fallback
        // font and then again in Inter moved the whole page (CLS 0.14 on a phone).
        ...fontFiles(i18n.locale).map((href) => ({
          rel: 'preload',
          href,
          as: 'font',
          type: 'font/woff2',
          crossOrigin: 'anonymous' as const,
        })),
        { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' },
        // Per host: a restaurant's domain answers its own name, colour and icons (API, food module).
        { rel: 'manifest', href: '/manifest.webmanifest' },
      ],
    }
  },
  shellComponent: RootDocument,
  component: RootComponent,
})

/** The Inter subsets a page in this language draws with (Latin for digits and names in every one). */
function fontFiles(locale: string): string[] {
  return locale === 'ru' || locale === 'uk' ? [interLatin, interCyrillic] : [interLatin]
}

function RootDocument({ children }: { children: ReactNode }) {
  const { i18n } = useLingui()
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const origins = useRouteContext({ from: '__root__', select: (c) => c.portalOrigins })
  const timeZone = useRouteContext({ from: '__root__', select: (c) => c.timeZone })
  const brandable = useRouteContext({ from: '__root__', select: (c) => c.brandable })
  return (
    <html
      lang={i18n.locale}
      data-portal={portal}
      data-portal-origins={JSON.stringify(origins)}
      data-time-zone={timeZone}
      data-brandable={brandable ? '' : undefined}
    >
      <head>
        <HeadContent />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  )
}

function RootComponent() {
  useStoredLocale()
  useSessionLifecycle()
  return (
    <>
      <UpdateBanner />
      <Outlet />
      <Notifications />
    </>
  )
}

/**
 * A session that ends by itself (a refresh refused) clears every cached answer and goes to sign in
 * (a bill link being looked at is kept for after signing in, `rememberPendingLink`).
 * After a server render that could not validate the access cookie but saw the session marker, the
 * browser tries its refresh cookie once and renders again with the outcome.
 */
function useSessionLifecycle() {
  const router = useRouter()
  const restorable = useRouteContext({ from: '__root__', select: (c) => c.sessionRestorable })
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  useEffect(
    () =>
      onSessionEnded(() => {
        router.options.context.queryClient.clear()
        rememberPendingLink(portal, router.state.location)
        void router.navigate({ to: signInPath(portal), replace: true })
      }),
    [router, portal],
  )
  useEffect(() => {
    if (!restorable) return
    void restoreSession().then((restored) => {
      if (restored) return router.invalidate()
      // A bill link of an e-mail opened with an expired session: back to it after signing in.
      rememberPendingLink(portal, router.state.location)
      return router.navigate({ to: signInPath(portal), replace: true })
    })
  }, [restorable, router, portal])
}

/**
 * A language kept only in localStorage (the cookie expired or was cleared) still wins over the
 * browser language: switch to it and restore the cookie.
 */
function useStoredLocale() {
  const { i18n } = useLingui()
  const { switchLocale } = useSwitchLocale()
  // Only once per page load: later changes come from the switcher itself. Reading the cookie and
  // the storage waits for the browser's storage: not in the task that hydrates the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: deliberately runs on mount only
  useEffect(
    () =>
      whenIdle(() => {
        const stored = storedLocale()
        if (stored && stored !== i18n.locale) switchLocale(stored)
      }),
    [],
  )
}
