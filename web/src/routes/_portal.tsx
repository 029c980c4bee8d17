import { createFileRoute, Outlet } from '@tanstack/react-router'
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
    const guarded = guardPortalRoute(context, location)
    await loadCatalogArea(context.i18n, 'portal')
    return guarded
  },
  component: () => (
    <PortalLayout>
      <Outlet />
    </PortalLayout>
  ),
})
