import { createFileRoute } from '@tanstack/react-router'
import { CheckoutPage } from '~/components/payments/checkout-page.tsx'
import { integer, searchParams } from '~/lib/search-params.ts'

/**
 * `/checkout/{uuid}`: the payer's page of a payment, open to anyone with the link (guest frame) and
 * to a signed-in card holder (portal frame), who then finds the payment in their transactions.
 * The provider's hosted page sends the payer back here with `?returned=1`.
 */
export const Route = createFileRoute('/_dynamic/checkout/$uuid')({
  validateSearch: searchParams({ returned: integer() }),
  component: Checkout,
})

function Checkout() {
  const { uuid } = Route.useParams()
  const { returned } = Route.useSearch()
  return <CheckoutPage uuid={uuid} returned={returned === 1} />
}
