import { useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Brand } from '~/components/brand.tsx'
import { LanguageSwitcher } from '~/components/language-switcher.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { portalCopy } from '~/lib/portal.ts'

/** The frame of a signed-in user's pages: brand, portal and language in the header, the screen below. */
export function PortalLayout({ children }: { children: ReactNode }) {
  const { i18n } = useLingui()
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  return (
    <div className="flex min-h-dvh flex-col bg-surface" data-portal={portal}>
      <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
          <Brand />
          <Badge variant="secondary" data-testid="portal-title">
            {i18n._(portalCopy[portal].title)}
          </Badge>
          <div className="ml-auto">
            <LanguageSwitcher />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
        {children}
      </main>
    </div>
  )
}
