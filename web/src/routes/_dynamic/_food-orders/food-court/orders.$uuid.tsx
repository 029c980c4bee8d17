import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { brandTitle } from '~/components/food/brand.ts'
import { CourtOrderPage } from '~/components/food/court-order-pages.tsx'

/** `/food-court/orders/{uuid}`: a guest's court order with its parts (card-holder portal). */
export const Route = createFileRoute('/_dynamic/_food-orders/food-court/orders/$uuid')({
  beforeLoad: ({ context }) => {
    if (context.portal !== 'cardholder') throw redirect({ to: '/', replace: true })
  },
  head: ({ match }) => ({
    meta: [{ title: brandTitle(match.context.i18n, match.context.brand, msg`Your order`) }],
  }),
  component: CourtOrder,
})

function CourtOrder() {
  const { uuid } = Route.useParams()
  return <CourtOrderPage key={uuid} uuid={uuid} />
}
