import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { brandTitle } from '~/components/food/brand.ts'
import { PaymentReturnPage } from '~/components/food-cart/payment-return-page.tsx'

/** `/orders/payment/{sessionid}`: where the payment page sends a guest back (card-holder portal). */
export const Route = createFileRoute('/_dynamic/_food-orders/orders/payment/$sessionid')({
  beforeLoad: ({ context }) => {
    if (context.portal !== 'cardholder') throw redirect({ to: '/', replace: true })
  },
  head: ({ match }) => ({
    meta: [{ title: brandTitle(match.context.i18n, match.context.brand, msg`Your payment`) }],
  }),
  component: PaymentReturn,
})

function PaymentReturn() {
  const { sessionid } = Route.useParams()
  return <PaymentReturnPage session={sessionid} />
}
