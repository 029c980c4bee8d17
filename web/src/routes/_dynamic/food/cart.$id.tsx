import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { brandTitle } from '~/components/food/brand.ts'
import { CartPage } from '~/components/food-cart/cart-page.tsx'

/** `/food/cart/{id}`: the basket of a food session (its uuid is the key), drawn in the browser. */
export const Route = createFileRoute('/_dynamic/food/cart/$id')({
  head: ({ match }) => ({
    meta: [{ title: brandTitle(match.context.i18n, match.context.brand, msg`Your basket`) }],
  }),
  component: Cart,
})

function Cart() {
  const { id } = Route.useParams()
  return <CartPage session={id} />
}
