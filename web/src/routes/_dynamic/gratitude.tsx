import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { GratitudePage } from '~/components/support/gratitude-page.tsx'
import { pageTitle } from '~/lib/head.ts'
import { searchParams, text } from '~/lib/search-params.ts'

/** `/gratitude`: the thank-you page (guests and signed-in users), e.g. after a support request. */
export const Route = createFileRoute('/_dynamic/gratitude')({
  validateSearch: searchParams({ reference: text({ max: 32, trim: true }) }),
  head: ({ match }) => pageTitle(match.context.i18n, msg`Thank you`),
  component: Gratitude,
})

function Gratitude() {
  const { reference } = Route.useSearch()
  return <GratitudePage reference={reference} />
}
