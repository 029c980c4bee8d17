import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { brandHides } from '~/components/food/brand-areas.ts'
import { DynamicLayout } from '~/components/layouts/dynamic-layout.tsx'
import { loadPortalLayout } from '~/components/layouts/load-portal-layout.ts'

/**
 * Screens open to everyone (the food area): the signed-in frame for users, the guest frame
 * otherwise. The root route has already checked that a signed-in user belongs to this portal.
 */
export const Route = createFileRoute('/_dynamic')({
  // A user's screen is drawn in the signed-in frame: have it before rendering.
  beforeLoad: async ({ context, location }) => {
    // A product area the restaurant switched off on its domain is not served there.
    if (brandHides(context.brand, location.pathname)) throw redirect({ to: '/', replace: true })
    if (context.session) await loadPortalLayout()
  },
  component: () => (
    <DynamicLayout>
      <Outlet />
    </DynamicLayout>
  ),
})
