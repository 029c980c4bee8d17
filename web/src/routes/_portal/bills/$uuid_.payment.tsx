import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { BillNotFound } from '~/components/bills/bill-not-found.tsx'
import { BillPaymentPage } from '~/components/bills/bill-payment-page.tsx'
import { billQueryOptions } from '~/components/bills/queries.ts'
import { pageTitle } from '~/lib/head.ts'
import { loadSignedIn } from '~/lib/queries/load.ts'

/**
 * `/bills/{uuid}/payment`: pays what is open of the bill (the pay link of the reminder e-mails,
 * `billPayUrl` in modules/credit, and the bill's Pay button), on to the payment's checkout. Not
 * nested in the bill's page (`_`). Opened signed out, signing in leads back here.
 */
export const Route = createFileRoute('/_portal/bills/$uuid_/payment')({
  loader: async ({ context, params }) => {
    const bill = await loadSignedIn(context, billQueryOptions(params.uuid))
    return { number: bill?.number }
  },
  head: ({ match, loaderData }) =>
    pageTitle(
      match.context.i18n,
      match.status === 'notFound' ? msg`Bill not found` : msg`Pay`,
      loaderData?.number,
    ),
  notFoundComponent: BillNotFound,
  component: BillPayment,
})

function BillPayment() {
  const { uuid } = Route.useParams()
  return <BillPaymentPage key={uuid} uuid={uuid} />
}
