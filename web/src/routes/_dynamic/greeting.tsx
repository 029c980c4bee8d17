import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { GreetingPage } from '~/components/support/greeting-page.tsx'
import { pageTitle } from '~/lib/head.ts'
import { loadCatalogArea } from '~/lib/i18n.ts'

/** `/greeting`: the welcome page with the portal's first steps (guests and signed-in users). */
export const Route = createFileRoute('/_dynamic/greeting')({
  beforeLoad: ({ context }) => loadCatalogArea(context.i18n, 'support'),
  head: ({ match }) => pageTitle(match.context.i18n, msg`Welcome`),
  component: GreetingPage,
})
