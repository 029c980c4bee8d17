import { useMatches, useRouteContext } from '@tanstack/react-router'
import { type ReactNode, use } from 'react'
import { GuestLayout } from './guest-layout.tsx'
import { loadPortalLayout } from './load-portal-layout.ts'
import { PayerLayout } from './payer-layout.tsx'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** `payer`: a page a payer opens at a counter; signed out, it gets the slim payer frame. */
    frame?: 'payer'
  }
}

/**
 * The frame of screens open to everyone (the food area, paying): the signed-in frame for users;
 * otherwise the guest frame, or the slim payer frame on a route with `staticData: { frame: 'payer' }`.
 * A guest's page downloads only the guest frames: the signed-in one comes when a user needs it.
 * A pathless `routes/_dynamic.tsx` renders it around its children, e.g.
 * `component: () => <DynamicLayout><Outlet /></DynamicLayout>`.
 */
export function DynamicLayout({ children }: { children: ReactNode }) {
  const signedIn = useRouteContext({ from: '__root__', select: (c) => c.session !== null })
  const payer = useMatches({ select: (matches) => matches.some((m) => m.staticData?.frame === 'payer') })
  // The signed-in frame is loaded only for users (load-portal-layout.ts); it is there by now.
  const Layout = signedIn ? use(loadPortalLayout()).PortalLayout : payer ? PayerLayout : GuestLayout
  return <Layout>{children}</Layout>
}
