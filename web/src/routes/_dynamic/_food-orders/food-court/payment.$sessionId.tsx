import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { brandTitle } from '~/components/food/brand.ts'
import { CourtPaymentReturnPage } from '~/components/food/court-order-pages.tsx'

/** `/food-court/payment/{sessionId}`: where a court order's payment page sends the guest back. */
export const Route = createFileRoute('/_dynamic/_food-orders/food-court/payment/$sessionId')({
  beforeLoad: ({ context }) => {
    if (context.portal !== 'cardholder') throw redirect({ to: '/', replace: true })
  },
  head: ({ match }) => ({
    meta: [{ title: brandTitle(match.context.i18n, match.context.brand, msg`Your payment`) }],
  }),
  component: PaymentReturn,
})

function PaymentReturn() {
  const { sessionId } = Route.useParams()
  return <CourtPaymentReturnPage session={sessionId} />
}
