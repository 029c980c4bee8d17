import { createFileRoute, Outlet } from '@tanstack/react-router'
import { DynamicLayout } from '~/components/layouts/dynamic-layout.tsx'
import { loadPortalLayout } from '~/components/layouts/load-portal-layout.ts'

/**
 * Screens open to everyone (the food area): the signed-in frame for users, the guest frame
 * otherwise. The root route has already checked that a signed-in user belongs to this portal.
 */
export const Route = createFileRoute('/_dynamic')({
  // A user's screen is drawn in the signed-in frame: have it before rendering.
  beforeLoad: async ({ context }) => {
    if (context.session) await loadPortalLayout()
  },
  component: () => (
    <DynamicLayout>
      <Outlet />
    </DynamicLayout>
  ),
})
