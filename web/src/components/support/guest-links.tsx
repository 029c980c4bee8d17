import { useLingui } from '@lingui/react/macro'
import { Link, useLocation, useRouteContext } from '@tanstack/react-router'
import { signInPath } from '~/lib/guard.ts'
import { helpNavigation, mainScreens } from '~/lib/navigation.ts'

/**
 * The guest frame's menu: Help and Contact support on every page before signing in, and the way to
 * sign in from the pages that are not the sign-in page (the food area, help, support).
 */
export function GuestLinks() {
  const { i18n, t } = useLingui()
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const pathname = useLocation({ select: (l) => l.pathname })
  const signIn = signInPath(portal)
  const onSignIn = pathname === '/' || pathname === '/sign-in'
  const link =
    'rounded-sm font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none aria-[current=page]:text-foreground'
  return (
    <nav aria-label={t`Help and support`} data-testid="guest-links">
      <ul className="flex flex-wrap items-center justify-center gap-x-5 gap-y-2 text-[13px]">
        {helpNavigation.map((path) => (
          <li key={path}>
            <Link
              to={path}
              className={link}
              activeProps={{ 'aria-current': 'page' }}
              data-testid={`guest-link-${path.slice(1)}`}
            >
              {i18n._(mainScreens[path].label)}
            </Link>
          </li>
        ))}
        {!onSignIn && (
          <li>
            <Link to={signIn} className={link} data-testid="guest-link-sign-in">
              {t`Sign in`}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  )
}
