import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouteContext } from '@tanstack/react-router'
import { LoaderCircleIcon } from 'lucide-react'
import { type ReactNode, useRef } from 'react'
import { Brand } from '~/components/brand.tsx'
import { brandHides } from '~/components/food/brand-areas.ts'
import { edgeAttributes, useScrollEdges } from '~/components/ui/scroll-edges.ts'
import { UserMenu } from '~/components/user-menu.tsx'
import { helpNavigation, type MainPath, mainScreens, portalNavigation } from '~/lib/navigation.ts'
import { mainScreenIcons } from '~/lib/navigation-icons.ts'
import { portalCopy } from '~/lib/portal.ts'
import { useSession } from '~/lib/use-session.ts'
import { cn } from '~/lib/utils.ts'

/**
 * The portal's menu on a narrow screen: a bar under the header that scrolls sideways, fades at an
 * edge beyond which more screens lie, and opens with the current screen in view.
 */
function CompactNav({ navigation }: { navigation: readonly MainPath[] }) {
  const { t } = useLingui()
  const bar = useRef<HTMLElement>(null)
  const edges = useScrollEdges(bar, '[aria-current=page]')
  return (
    <nav
      ref={bar}
      aria-label={t`Main navigation`}
      className="scroll-edges flex gap-1 overflow-x-auto px-3 pb-2 lg:hidden"
      data-testid="portal-nav-compact"
      {...edgeAttributes(edges)}
    >
      {navigation.map((path) => (
        <NavLink key={path} path={path} compact />
      ))}
      <span aria-hidden="true" className="mx-1 my-1.5 w-px shrink-0 bg-border" />
      {helpNavigation.map((path) => (
        <NavLink key={path} path={path} compact />
      ))}
    </nav>
  )
}

function NavLink({ path, compact = false }: { path: MainPath; compact?: boolean }) {
  const { i18n } = useLingui()
  const { label } = mainScreens[path]
  const Icon = mainScreenIcons[path]
  return (
    <Link
      to={path}
      data-testid={`nav-${path.slice(1)}`}
      activeProps={{ 'aria-current': 'page' }}
      className={cn(
        'group flex items-center gap-3 rounded-lg text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none aria-[current=page]:bg-primary-50 aria-[current=page]:text-primary-700',
        compact ? 'shrink-0 px-3 py-2' : 'px-3 py-2.5',
      )}
    >
      <Icon
        aria-hidden="true"
        className="size-[18px] shrink-0 text-muted-foreground group-hover:text-foreground group-aria-[current=page]:text-primary-600"
      />
      {i18n._(label)}
    </Link>
  )
}

/**
 * The frame of a signed-in user's pages: the portal's navigation (a sidebar on wide screens, a
 * scrolling bar under the header on narrow ones), the user menu (profile, language, sign-out) and
 * the screen. While the browser restores an expired session it shows a short wait instead.
 */
export function PortalLayout({ children }: { children: ReactNode }) {
  const { i18n, t } = useLingui()
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const session = useSession()
  const brand = useRouteContext({ from: '__root__', select: (c) => c.brand })
  // On a restaurant's domain, without the product areas it switched off (brand-areas.ts).
  const navigation = portalNavigation[portal].filter((path) => !brandHides(brand, path))
  const title = i18n._(portalCopy[portal].title)

  return (
    <div
      className="min-h-dvh bg-surface lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] print:block print:bg-white"
      data-portal={portal}
    >
      {/* The first tab stop: past the navigation (up to eleven links) straight to the screen. */}
      <a
        href="#main"
        className="fixed top-2 left-2 z-50 -translate-y-24 rounded-md border bg-background px-3 py-2 text-sm font-medium shadow-md focus-visible:translate-y-0"
        data-testid="skip-to-content"
      >
        <Trans>Skip to content</Trans>
      </a>
      <aside className="hidden border-r bg-background lg:sticky lg:top-0 lg:flex lg:h-dvh lg:flex-col print:hidden">
        <div className="flex h-16 items-center border-b px-5">
          <Link to="/" aria-label={t`Cardpay home`}>
            <Brand />
          </Link>
        </div>
        <p
          className="px-5 pt-2 pb-3 text-[11px] font-semibold tracking-[0.14em] text-muted-foreground uppercase"
          data-testid="portal-title"
        >
          {title}
        </p>
        {session && (
          <nav aria-label={t`Main navigation`} className="grid gap-1 px-3" data-testid="portal-nav">
            {navigation.map((path) => (
              <NavLink key={path} path={path} />
            ))}
          </nav>
        )}
        <nav
          aria-label={t`Help and support`}
          className="mt-auto grid gap-1 border-t px-3 py-3"
          data-testid="help-nav"
        >
          {helpNavigation.map((path) => (
            <NavLink key={path} path={path} />
          ))}
        </nav>
      </aside>

      <div className="flex min-h-dvh min-w-0 flex-col">
        <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur print:hidden">
          <div className="flex h-16 items-center gap-3 px-4 sm:px-6">
            <Link to="/" aria-label={t`Cardpay home`} className="lg:hidden">
              <Brand />
            </Link>
            <span className="hidden text-sm font-medium text-muted-foreground sm:inline lg:hidden">
              {title}
            </span>
            <div className="ml-auto flex items-center gap-2">{session && <UserMenu session={session} />}</div>
          </div>
          {session && <CompactNav navigation={navigation} />}
        </header>
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 lg:px-10 focus-visible:outline-none print:p-0"
        >
          {session ? (
            children
          ) : (
            <div
              role="status"
              className="flex items-center justify-center gap-2 py-24 text-sm text-muted-foreground"
              data-testid="session-restoring"
            >
              <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
              <Trans>Restoring your session…</Trans>
            </div>
          )}
        </main>
      </div>
    </div>
  )
}
