import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MainScreenPlaceholder } from '~/components/main-screen.tsx'

/**
 * The food area, open to guests and signed-in users alike (dynamic layout); the card holder's home.
 * Restaurants, menus and the cart arrive with the food issue.
 */
export const Route = createFileRoute('/_dynamic/food')({
  component: Food,
})

function Food() {
  return (
    <MainScreenPlaceholder path="/food">
      <Trans>Restaurants and their menus will appear here once they open for orders.</Trans>
    </MainScreenPlaceholder>
  )
}
