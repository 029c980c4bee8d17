import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { PortalLayout } from '~/components/layouts/portal-layout.tsx'

/** Screens for signed-in users; anyone else is sent to the sign-in page at `/`. */
export const Route = createFileRoute('/_portal')({
  beforeLoad: ({ context }) => {
    if (!context.session) throw redirect({ to: '/', replace: true })
    return { session: context.session }
  },
  component: () => (
    <PortalLayout>
      <Outlet />
    </PortalLayout>
  ),
})
