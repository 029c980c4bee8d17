import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { BillNotFound } from '~/components/bills/bill-not-found.tsx'
import { BillPage } from '~/components/bills/bill-page.tsx'
import { billQueryOptions } from '~/components/bills/queries.ts'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'
import { loadSignedIn } from '~/lib/queries/load.ts'

/**
 * `/bills/{uuid}`: one bill of the card holder (its invoice, reminders, penalties and payments), where
 * a payment of it returns to. Opened signed out (an e-mail's link), signing in leads back here
 * (lib/guard.ts). Not the holder's, or no bill at all: a not-found page.
 */
export const Route = createFileRoute('/_portal/bills/$uuid')({
  loader: async ({ context, params }) => {
    const bill = await loadSignedIn(context, billQueryOptions(params.uuid))
    return { number: bill?.number }
  },
  head: ({ match, loaderData }) =>
    pageTitle(
      match.context.i18n,
      match.status === 'notFound' ? msg`Bill not found` : loaderData?.number,
      mainScreens['/bills'].label,
    ),
  notFoundComponent: BillNotFound,
  component: Bill,
})

function Bill() {
  const { uuid } = Route.useParams()
  return <BillPage key={uuid} uuid={uuid} />
}
