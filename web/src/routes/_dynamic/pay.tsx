import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PayPage } from '~/components/terminal/pay-page.tsx'
import { previewQueryOptions } from '~/components/terminal/queries.ts'
import { pageTitle } from '~/lib/head.ts'
import { loadCatalogArea } from '~/lib/i18n.ts'
import { loadQuery } from '~/lib/queries/load.ts'
import { searchParams, text } from '~/lib/search-params.ts'

/**
 * `/pay` (spec: "QR pay"): the payer scans a payment QR code or opens its link
 * (`/pay?token=…`). Open to guests (guest frame) and signed-in card holders (portal frame). With a
 * token the page is rendered on the server with what the code asks for; a code that cannot be used
 * is the page's own refusal (used, expired, …), worded in the browser, never a not-found page.
 */
export const Route = createFileRoute('/_dynamic/pay')({
  staticData: { frame: 'payer' },
  // The payer's words (payment states, methods, refusals) are a catalog of their own.
  beforeLoad: ({ context }) => loadCatalogArea(context.i18n, 'payer'),
  validateSearch: searchParams({ token: text({ max: 200 }) }),
  loaderDeps: ({ search }) => ({ token: search.token }),
  loader: async ({ context, deps }) => {
    if (deps.token) await loadQuery(context.queryClient, previewQueryOptions(deps.token), { notFound: false })
  },
  head: ({ match }) => pageTitle(match.context.i18n, msg`Pay with a QR code`),
  component: Pay,
})

function Pay() {
  const { token } = Route.useSearch()
  return <PayPage token={token} />
}
