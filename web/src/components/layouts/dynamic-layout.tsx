import { useMatches, useRouteContext } from '@tanstack/react-router'
import { type ReactNode, use } from 'react'
import { GuestLayout } from './guest-layout.tsx'
import { loadPortalLayout } from './load-portal-layout.ts'
import { PayerLayout } from './payer-layout.tsx'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * `payer`: a page a payer opens at a counter; signed out, it gets the slim payer frame.
     * `own`: the route draws its own frame for guests (the food area's, in a restaurant's brand).
     */
    frame?: 'payer' | 'own'
  }
}

/**
 * The frame of screens open to everyone (the food area, paying): the signed-in frame for users;
 * otherwise the guest frame, or the slim payer frame on a route with `staticData: { frame: 'payer' }`,
 * or none where the route draws its own (`frame: 'own'`, the food area).
 * A guest's page downloads only the guest frames: the signed-in one comes when a user needs it.
 * A pathless `routes/_dynamic.tsx` renders it around its children, e.g.
 * `component: () => <DynamicLayout><Outlet /></DynamicLayout>`.
 */
export function DynamicLayout({ children }: { children: ReactNode }) {
  const signedIn = useRouteContext({ from: '__root__', select: (c) => c.session !== null })
  const frame = useMatches({
    select: (matches) => matches.find((m) => m.staticData?.frame)?.staticData?.frame,
  })
  // The signed-in frame is loaded only for users (load-portal-layout.ts); it is there by now.
  if (!signedIn && frame === 'own') return children
  const Layout = signedIn
    ? use(loadPortalLayout()).PortalLayout
    : frame === 'payer'
      ? PayerLayout
      : GuestLayout
  return <Layout>{children}</Layout>
}
