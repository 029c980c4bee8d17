import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { GreetingPage } from '~/components/support/greeting-page.tsx'
import { pageTitle } from '~/lib/head.ts'

/** `/greeting`: the welcome page with the portal's first steps (guests and signed-in users). */
export const Route = createFileRoute('/_dynamic/greeting')({
  head: ({ match }) => pageTitle(match.context.i18n, msg`Welcome`),
  component: GreetingPage,
})
