import { useLingui } from '@lingui/react/macro'
import {
  createRootRouteWithContext,
  HeadContent,
  Outlet,
  Scripts,
  useRouteContext,
} from '@tanstack/react-router'
import { type ReactNode, useEffect } from 'react'
import { useSwitchLocale } from '~/components/language-switcher.tsx'
import { Toaster } from '~/components/ui/toast.tsx'
import { UpdateBanner } from '~/components/update-banner.tsx'
import { readBootstrap } from '~/lib/bootstrap.ts'
import { activateLocale, storedLocale } from '~/lib/i18n.ts'
import { portalCopy } from '~/lib/portal.ts'
import { readSession } from '~/lib/session.ts'
import type { RouterContext } from '~/router.tsx'
import appCss from '~/styles/app.css?url'

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context }) => {
    const { portal, locale } = await readBootstrap()
    if (context.i18n.locale !== locale) await activateLocale(context.i18n, locale)
    return { portal, session: await readSession() }
  },
  head: ({ match }) => {
    const { i18n, portal } = match.context
    return {
      meta: [
        { charSet: 'utf-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1' },
        { name: 'theme-color', content: '#4d7cfe' },
        { title: `${i18n._(portalCopy[portal].title)} · Cardpay` },
      ],
      links: [
        { rel: 'stylesheet', href: appCss },
        { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' },
      ],
    }
  },
  shellComponent: RootDocument,
  component: RootComponent,
})

function RootDocument({ children }: { children: ReactNode }) {
  const { i18n } = useLingui()
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  return (
    <html lang={i18n.locale} data-portal={portal}>
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
  return (
    <>
      <UpdateBanner />
      <Outlet />
      <Toaster />
    </>
  )
}

/**
 * A language kept only in localStorage (the cookie expired or was cleared) still wins over the
 * browser language: switch to it and restore the cookie.
 */
function useStoredLocale() {
  const { i18n } = useLingui()
  const { switchLocale } = useSwitchLocale()
  // Only once per page load: later changes come from the switcher itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: deliberately runs on mount only
  useEffect(() => {
    const stored = storedLocale()
    if (stored && stored !== i18n.locale) switchLocale(stored)
  }, [])
}
