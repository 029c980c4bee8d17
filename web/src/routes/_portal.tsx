import { createFileRoute, Outlet } from '@tanstack/react-router'
import { PortalLayout } from '~/components/layouts/portal-layout.tsx'
import { guardPortalRoute } from '~/lib/guard.ts'

/**
 * Screens for signed-in users (spec section 2, navigation guard): anyone else is sent to `/`. While
 * the browser restores an expired session the frame shows a short wait instead.
 */
export const Route = createFileRoute('/_portal')({
  beforeLoad: ({ context, location }) => guardPortalRoute(context, location),
  component: () => (
    <PortalLayout>
      <Outlet />
    </PortalLayout>
  ),
})
