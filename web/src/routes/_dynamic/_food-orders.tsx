import { Trans } from '@lingui/react/macro'
import { createFileRoute, Outlet, useRouteContext } from '@tanstack/react-router'
import { LoaderCircleIcon } from 'lucide-react'
import { brandHead } from '~/components/food/brand.ts'
import { FoodFrame } from '~/components/food/food-frame.tsx'
import { loadCatalogArea } from '~/lib/i18n.ts'

/**
 * The guest's orders (`/orders`, `/orders/{uuid}`, `/orders/payment/{sessionid}`), open to guests
 * and card holders like the food area, in its frame and the restaurant's brand on its domain. On
 * the acceptor portal `/orders` is the kitchen board instead (a signed-in screen, see
 * `orders.index.tsx`): one path, two screens, as the portals are told apart by host name.
 */
export const Route = createFileRoute('/_dynamic/_food-orders')({
  staticData: { frame: 'own' },
  // The brand is the root's (brand-of-page.ts): looked up on the card holder's portal on a host
  // that is not one of the platform's own names, the only hosts a restaurant's domain can be.
  beforeLoad: async ({ context }) => {
    await loadCatalogArea(context.i18n, 'food')
  },
  head: ({ match }) => brandHead(match.context.brand),
  component: FoodOrdersArea,
})

function FoodOrdersArea() {
  const signedIn = useRouteContext({ from: '__root__', select: (c) => c.session !== null })
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const brand = Route.useRouteContext({ select: (c) => c.brand })
  if (signedIn) return <Outlet />
  if (portal !== 'cardholder') {
    // A staff portal's signed-in screen while the browser restores the session.
    return (
      <div
        role="status"
        className="flex items-center justify-center gap-2 py-24 text-sm text-muted-foreground"
      >
        <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
        <Trans>Restoring your session…</Trans>
      </div>
    )
  }
  return (
    <FoodFrame brand={brand}>
      <Outlet />
    </FoodFrame>
  )
}
