import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { AddCardPage } from '~/components/cards/add-card-page.tsx'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'
import { searchParams, text } from '~/lib/search-params.ts'

/**
 * `/cards/add` (card-holder portal): add a card by its code; `?token=` (a printed card's link or
 * QR code) fills it in and looks it up. The admin's Cards has no such page: back to `/cards`.
 */
export const Route = createFileRoute('/_portal/cards/add')({
  validateSearch: searchParams({ token: text({ max: 200 }) }),
  beforeLoad: ({ context }) => {
    if (context.portal !== 'cardholder') throw redirect({ to: '/cards', replace: true })
  },
  head: ({ match }) => pageTitle(match.context.i18n, msg`Add a card`, mainScreens['/cards'].label),
  component: AddCard,
})

function AddCard() {
  const { token } = Route.useSearch()
  // A new code in the URL is a new start, not an edit of the one on screen.
  return <AddCardPage key={token ?? ''} initialToken={token} />
}
