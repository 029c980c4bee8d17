import { createFileRoute, stripSearchParams, useNavigate } from '@tanstack/react-router'
import { KitchenPage } from '~/components/food-orders/kitchen-page.tsx'
import { requireScreen } from '~/lib/guard.ts'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'
import { searchParams, uuid } from '~/lib/search-params.ts'

/**
 * The acceptor's orders: the kitchen board of a restaurant they work at (`?restaurant=` when they
 * work at more than one). An order's detail opens in a dialog on the board.
 */
export const Route = createFileRoute('/_portal/orders')({
  beforeLoad: ({ context }) => requireScreen(context.portal, '/orders'),
  validateSearch: searchParams({ restaurant: uuid }),
  search: { middlewares: [stripSearchParams({})] },
  head: ({ match }) => pageTitle(match.context.i18n, mainScreens['/orders'].label),
  component: Orders,
})

function Orders() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  return (
    <KitchenPage
      restaurant={search.restaurant}
      onRestaurantChange={(restaurant) => navigate({ search: { restaurant }, replace: true })}
    />
  )
}
