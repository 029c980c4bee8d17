import { createFileRoute, Outlet } from '@tanstack/react-router'
import { GuestLayout } from '~/components/layouts/guest-layout.tsx'

/** Screens for visitors who are not signed in (sign-in, registration, password reset). */
export const Route = createFileRoute('/_guest')({
  component: () => (
    <GuestLayout>
      <Outlet />
    </GuestLayout>
  ),
})
