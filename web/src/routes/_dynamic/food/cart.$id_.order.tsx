import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { brandTitle } from '~/components/food/brand.ts'
import { CheckoutPage } from '~/components/food-cart/checkout-page.tsx'
import { searchParams, uuid } from '~/lib/search-params.ts'

/** `/food/cart/{id}/order?restaurant=`: the checkout of one restaurant's part of the basket. */
export const Route = createFileRoute('/_dynamic/food/cart/$id_/order')({
  validateSearch: searchParams({ restaurant: uuid }),
  head: ({ match }) => ({
    meta: [{ title: brandTitle(match.context.i18n, match.context.brand, msg`Checkout`) }],
  }),
  component: Checkout,
})

function Checkout() {
  const { id } = Route.useParams()
  const { restaurant } = Route.useSearch()
  return <CheckoutPage session={id} restaurant={restaurant} />
}
