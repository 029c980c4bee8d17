import { createFileRoute } from '@tanstack/react-router'
import { SupportPage } from '~/components/support/support-page.tsx'
import { supportTopics } from '~/components/support/topics.ts'
import { pageTitle } from '~/lib/head.ts'
import { loadCatalogArea } from '~/lib/i18n.ts'
import { mainScreens } from '~/lib/navigation.ts'
import { oneOf, searchParams, text } from '~/lib/search-params.ts'

/**
 * `/support` (spec section 2, a shared guest route): the contact form, on every portal, for guests
 * (guest frame) and signed-in users (portal frame). `?topic=` and `?reference=` fill in what a
 * link already knows (a payment's page asking about that payment).
 */
export const Route = createFileRoute('/_dynamic/support')({
  beforeLoad: ({ context }) => loadCatalogArea(context.i18n, 'support'),
  validateSearch: searchParams({
    topic: oneOf(supportTopics),
    reference: text({ max: 64, trim: true }),
  }),
  head: ({ match }) => pageTitle(match.context.i18n, mainScreens['/support'].label),
  component: Support,
})

function Support() {
  const { topic, reference } = Route.useSearch()
  return <SupportPage topic={topic} reference={reference} />
}
