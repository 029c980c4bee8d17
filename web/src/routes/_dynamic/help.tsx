import { createFileRoute } from '@tanstack/react-router'
import { HelpPage } from '~/components/support/help-page.tsx'
import { pageTitle } from '~/lib/head.ts'
import { loadCatalogArea } from '~/lib/i18n.ts'
import { mainScreens } from '~/lib/navigation.ts'

/**
 * `/help` (spec section 2, a shared guest route): this portal's questions and answers, whose texts
 * are a catalog of their own (lib/i18n.ts).
 */
export const Route = createFileRoute('/_dynamic/help')({
  beforeLoad: ({ context }) => loadCatalogArea(context.i18n, 'support', 'help'),
  head: ({ match }) => pageTitle(match.context.i18n, mainScreens['/help'].label),
  component: HelpPage,
})
