import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { NotFound } from '~/components/not-found.tsx'
import { CheckoutPage } from '~/components/payments/checkout-page.tsx'
import { checkoutQueryOptions } from '~/components/payments/queries.ts'
import { pageTitle } from '~/lib/head.ts'
import { loadCatalogArea } from '~/lib/i18n.ts'
import { loadQuery } from '~/lib/queries/load.ts'
import { integer, searchParams } from '~/lib/search-params.ts'

/**
 * `/checkout/{uuid}`: the payer's page of a payment, open to anyone with the link (guest frame) and
 * to a signed-in card holder (portal frame), who then finds the payment in their transactions.
 * The provider's hosted page sends the payer back here with `?returned=1`. Rendered on the server
 * with the payment in it (whom, what for, how much); an unknown payment is a not-found page.
 */
export const Route = createFileRoute('/_dynamic/checkout/$uuid')({
  staticData: { frame: 'payer' },
  // The payer's words (payment states, methods, refusals) are a catalog of their own.
  beforeLoad: ({ context }) => loadCatalogArea(context.i18n, 'payer'),
  validateSearch: searchParams({ returned: integer() }),
  loader: async ({ context, params }) => {
    const checkout = await loadQuery(context.queryClient, checkoutQueryOptions(params.uuid))
    return { merchant: checkout?.merchant }
  },
  head: ({ match, loaderData }) => {
    const merchant = loaderData?.merchant
    return pageTitle(match.context.i18n, merchant ? msg`Pay ${merchant}` : msg`Payment request`)
  },
  notFoundComponent: CheckoutNotFound,
  component: Checkout,
})

function Checkout() {
  const { uuid } = Route.useParams()
  const { returned } = Route.useSearch()
  return <CheckoutPage uuid={uuid} returned={returned === 1} />
}

function CheckoutNotFound() {
  return (
    <NotFound
      testId="checkout-not-found"
      title={<Trans>Payment not found</Trans>}
      back={{ to: '/', label: <Trans>Go to the start page</Trans> }}
    >
      <Trans>There is no payment at this address. Check the link you received.</Trans>
    </NotFound>
  )
}
