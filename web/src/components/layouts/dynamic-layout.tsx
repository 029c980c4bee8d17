import { useMatches, useRouteContext } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { GuestLayout } from './guest-layout.tsx'
import { PayerLayout } from './payer-layout.tsx'
import { PortalLayout } from './portal-layout.tsx'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** `payer`: a page a payer opens at a counter; signed out, it gets the slim payer frame. */
    frame?: 'payer'
  }
}

/**
 * The frame of screens open to everyone (the food area, paying): the signed-in frame for users;
 * otherwise the guest frame, or the slim payer frame on a route with `staticData: { frame: 'payer' }`.
 * A pathless `routes/_dynamic.tsx` renders it around its children, e.g.
 * `component: () => <DynamicLayout><Outlet /></DynamicLayout>`.
 */
export function DynamicLayout({ children }: { children: ReactNode }) {
  const signedIn = useRouteContext({ from: '__root__', select: (c) => c.session !== null })
  const payer = useMatches({ select: (matches) => matches.some((m) => m.staticData?.frame === 'payer') })
  const Layout = signedIn ? PortalLayout : payer ? PayerLayout : GuestLayout
  return <Layout>{children}</Layout>
}
