import { createFileRoute, Outlet } from '@tanstack/react-router'
import { DynamicLayout } from '~/components/layouts/dynamic-layout.tsx'

/**
 * Screens open to everyone (the food area): the signed-in frame for users, the guest frame
 * otherwise. The root route has already checked that a signed-in user belongs to this portal.
 */
export const Route = createFileRoute('/_dynamic')({
  component: () => (
    <DynamicLayout>
      <Outlet />
    </DynamicLayout>
  ),
})
