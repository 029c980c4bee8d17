import { msg } from '@lingui/core/macro'
import { createFileRoute, stripSearchParams, useNavigate } from '@tanstack/react-router'
import { NewOrderPage } from '~/components/food-orders/new-order-page.tsx'
import { requireScreen } from '~/lib/guard.ts'
import { pageTitle } from '~/lib/head.ts'
import { searchParams, uuid } from '~/lib/search-params.ts'

/**
 * The acceptor's `/new-order` (spec platform.md section 2): an order taken at the counter, at a
 * restaurant they work at (`?restaurant=` when they work at more than one). Where the kitchen board
 * (`/orders`) is, this is too.
 */
export const Route = createFileRoute('/_portal/new-order')({
  beforeLoad: ({ context }) => requireScreen(context.portal, '/orders'),
  validateSearch: searchParams({ restaurant: uuid }),
  search: { middlewares: [stripSearchParams({})] },
  head: ({ match }) => pageTitle(match.context.i18n, msg`New order`),
  component: NewOrder,
})

function NewOrder() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  return (
    <NewOrderPage
      restaurant={search.restaurant}
      onRestaurantChange={(restaurant) => navigate({ search: { restaurant }, replace: true })}
    />
  )
}
