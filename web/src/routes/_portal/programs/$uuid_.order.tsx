import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { CardOrderPage } from '~/components/programs/card-order-page.tsx'
import { ProgramNotFound } from '~/components/programs/program-page.tsx'
import { programQueryOptions } from '~/components/programs/queries.ts'
import { pageTitle } from '~/lib/head.ts'
import { loadSignedIn } from '~/lib/queries/load.ts'
import { searchParams, uuid } from '~/lib/search-params.ts'

/**
 * `/programs/{uuid}/order` (spec section 2, "card order"), on the program-owner portal only: order
 * cards of an active card program and pay for them. The payment sends the payer back here with
 * `?order=<uuid>`, so the page shows how that order ended. Not nested in the program page (`_`).
 */
export const Route = createFileRoute('/_portal/programs/$uuid_/order')({
  validateSearch: searchParams({ order: uuid }),
  beforeLoad: ({ context }) => {
    if (context.portal !== 'programs') throw redirect({ to: '/', replace: true })
  },
  loader: async ({ context, params }) => {
    const program = await loadSignedIn(context, programQueryOptions(params.uuid))
    return { title: program?.title }
  },
  head: ({ match, loaderData }) =>
    pageTitle(
      match.context.i18n,
      match.status === 'notFound' ? msg`Program not found` : msg`Order cards`,
      loaderData?.title,
    ),
  notFoundComponent: ProgramNotFound,
  component: Order,
})

function Order() {
  const { uuid } = Route.useParams()
  const { order } = Route.useSearch()
  return <CardOrderPage key={uuid} uuid={uuid} returnedOrder={order} />
}
