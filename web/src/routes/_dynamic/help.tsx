import { createFileRoute } from '@tanstack/react-router'
import { HelpPage } from '~/components/support/help-page.tsx'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'

/** `/help` (spec section 2, a shared guest route): this portal's questions and answers. */
export const Route = createFileRoute('/_dynamic/help')({
  head: ({ match }) => pageTitle(match.context.i18n, mainScreens['/help'].label),
  component: HelpPage,
})
