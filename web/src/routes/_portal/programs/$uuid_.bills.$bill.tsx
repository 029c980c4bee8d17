import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { BillNotFound, BillPage } from '~/components/credit/bill-page.tsx'
import { billQueryOptions } from '~/components/credit/queries.ts'
import { pageTitle } from '~/lib/head.ts'
import { loadSignedIn } from '~/lib/queries/load.ts'

/**
 * `/programs/{uuid}/bills/{bill}` (spec section 2, "bills with detail and reminder settings"), on
 * the program-owner portal: one bill of a credit management program with its invoice, reminders
 * and timeline. Not nested in the program page (`_`).
 */
export const Route = createFileRoute('/_portal/programs/$uuid_/bills/$bill')({
  beforeLoad: ({ context }) => {
    if (context.portal !== 'programs' && context.portal !== 'admin')
      throw redirect({ to: '/', replace: true })
  },
  loader: async ({ context, params }) => {
    const bill = await loadSignedIn(context, billQueryOptions(params.bill))
    return { title: bill?.number }
  },
  head: ({ match, loaderData }) =>
    pageTitle(
      match.context.i18n,
      loaderData?.title ? msg`Bill ${loaderData.title}` : msg`Bill`,
      msg`Programs`,
    ),
  notFoundComponent: NotFound,
  component: Bill,
})

function NotFound() {
  const { uuid } = Route.useParams()
  return <BillNotFound program={uuid} />
}

function Bill() {
  const { uuid, bill } = Route.useParams()
  return <BillPage key={bill} program={uuid} uuid={bill} />
}
