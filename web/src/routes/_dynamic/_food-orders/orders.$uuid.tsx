import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { brandTitle } from '~/components/food/brand.ts'
import { OrderPage } from '~/components/food-cart/order-page.tsx'

/**
 * `/orders/{uuid}`: the guest's order with its live status (card-holder portal). The order is read
 * with the device's food session, so the page is drawn in the browser; the staff portals have no
 * such screen (the kitchen opens an order in a dialog) and go to `/orders`.
 */
export const Route = createFileRoute('/_dynamic/_food-orders/orders/$uuid')({
  beforeLoad: ({ context }) => {
    if (context.portal !== 'cardholder') throw redirect({ to: '/orders', replace: true })
  },
  head: ({ match }) => ({
    meta: [{ title: brandTitle(match.context.i18n, match.context.brand, msg`Your order`) }],
  }),
  component: Order,
})

function Order() {
  const { uuid } = Route.useParams()
  return <OrderPage uuid={uuid} />
}
