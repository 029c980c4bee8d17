import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { UtensilsIcon } from 'lucide-react'
import { MainScreenPlaceholder } from '~/components/main-screen.tsx'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'

/**
 * The food area, open to guests and signed-in users alike (dynamic layout); the card holder's home.
 * Restaurants, menus and the cart arrive with the food issue.
 */
export const Route = createFileRoute('/_dynamic/food')({
  head: ({ match }) => pageTitle(match.context.i18n, mainScreens['/food'].label),
  component: Food,
})

function Food() {
  return (
    <MainScreenPlaceholder path="/food" icon={UtensilsIcon}>
      <Trans>Restaurants and their menus will appear here once they open for orders.</Trans>
    </MainScreenPlaceholder>
  )
}
