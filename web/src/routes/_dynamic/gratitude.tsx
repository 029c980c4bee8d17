import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { GratitudePage } from '~/components/support/gratitude-page.tsx'
import { pageTitle } from '~/lib/head.ts'
import { loadCatalogArea } from '~/lib/i18n.ts'
import { searchParams, text } from '~/lib/search-params.ts'

/** `/gratitude`: the thank-you page (guests and signed-in users), e.g. after a support request. */
export const Route = createFileRoute('/_dynamic/gratitude')({
  beforeLoad: ({ context }) => loadCatalogArea(context.i18n, 'support'),
  validateSearch: searchParams({ reference: text({ max: 32, trim: true }) }),
  head: ({ match }) => pageTitle(match.context.i18n, msg`Thank you`),
  component: Gratitude,
})

function Gratitude() {
  const { reference } = Route.useSearch()
  return <GratitudePage reference={reference} />
}
