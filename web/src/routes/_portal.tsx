import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { brandHides } from '~/components/food/brand-areas.ts'
import { PortalLayout } from '~/components/layouts/portal-layout.tsx'
import { guardPortalRoute } from '~/lib/guard.ts'
import { loadCatalogArea } from '~/lib/i18n.ts'

/**
 * Screens for signed-in users (spec section 2, navigation guard): anyone else is sent to `/`. While
 * the browser restores an expired session the frame shows a short wait instead. Their texts are in
 * the portal catalog (lib/i18n.ts), loaded here before any of them renders.
 */
export const Route = createFileRoute('/_portal')({
  beforeLoad: async ({ context, location }) => {
    // A product area the restaurant switched off on its domain is not served there.
    if (brandHides(context.brand, location.pathname)) throw redirect({ to: '/', replace: true })
    const guarded = guardPortalRoute(context, location)
    await loadCatalogArea(context.i18n, 'portal', 'payer')
    return guarded
  },
  component: () => (
    <PortalLayout>
      <Outlet />
    </PortalLayout>
  ),
})
