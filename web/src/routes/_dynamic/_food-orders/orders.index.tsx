import { msg } from '@lingui/core/macro'
import { createFileRoute, stripSearchParams, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { brandTitle } from '~/components/food/brand.ts'
import { GuestOrdersPage } from '~/components/food-cart/orders-list.tsx'
import { guardPortalRoute, requireScreen } from '~/lib/guard.ts'
import { pageTitle } from '~/lib/head.ts'
import { loadCatalogArea } from '~/lib/i18n.ts'
import { mainScreens } from '~/lib/navigation.ts'
import { searchParams, uuid } from '~/lib/search-params.ts'

// The kitchen is the acceptor's: a guest's page never downloads it.
const KitchenPage = lazy(() =>
  import('~/components/food-orders/kitchen-page.tsx').then((m) => ({ default: m.KitchenPage })),
)

/**
 * `/orders`: on the card-holder portal (guests and card holders) the orders of this device's food
 * session (spec section 2); on the acceptor portal the kitchen board of a restaurant they work at
 * (`?restaurant=` when several; signed in only, as every portal screen). Other portals have no
 * `/orders` and go to `/`.
 */
export const Route = createFileRoute('/_dynamic/_food-orders/orders/')({
  beforeLoad: async ({ context, location }) => {
    if (context.portal === 'cardholder') return
    requireScreen(context.portal, '/orders')
    guardPortalRoute(context, location)
    await loadCatalogArea(context.i18n, 'portal', 'payer')
  },
  validateSearch: searchParams({ restaurant: uuid }),
  search: { middlewares: [stripSearchParams({})] },
  head: ({ match }) =>
    match.context.portal === 'cardholder'
      ? { meta: [{ title: brandTitle(match.context.i18n, match.context.brand, msg`Your orders`) }] }
      : pageTitle(match.context.i18n, mainScreens['/orders'].label),
  component: Orders,
})

function Orders() {
  const portal = Route.useRouteContext({ select: (c) => c.portal })
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  if (portal === 'cardholder') return <GuestOrdersPage />
  return (
    <Suspense fallback={null}>
      <KitchenPage
        restaurant={search.restaurant}
        onRestaurantChange={(restaurant) => navigate({ search: { restaurant }, replace: true })}
      />
    </Suspense>
  )
}
