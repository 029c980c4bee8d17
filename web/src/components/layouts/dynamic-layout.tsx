import { useRouteContext } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { GuestLayout } from './guest-layout.tsx'
import { PortalLayout } from './portal-layout.tsx'

/**
 * The frame of screens open to everyone (the food area): the signed-in frame for users, the guest
 * frame otherwise. A pathless `routes/_dynamic.tsx` renders it around its children, e.g.
 * `component: () => <DynamicLayout><Outlet /></DynamicLayout>`.
 */
export function DynamicLayout({ children }: { children: ReactNode }) {
  const signedIn = useRouteContext({ from: '__root__', select: (c) => c.session !== null })
  const Layout = signedIn ? PortalLayout : GuestLayout
  return <Layout>{children}</Layout>
}
