import { createFileRoute, redirect } from '@tanstack/react-router'
import { CardPage } from '~/components/cards/card-page.tsx'
import { cardLookupQueryOptions, heldCardsQueryOptions } from '~/components/cards/queries.ts'
import { formatToken } from '~/components/cards/token.ts'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'
import { loadSignedIn } from '~/lib/queries/load.ts'

/** `/cards/{token}` (card-holder portal): one card, reached from the card holder's cards. */
export const Route = createFileRoute('/_portal/cards/$token')({
  beforeLoad: ({ context }) => {
    if (context.portal !== 'cardholder') throw redirect({ to: '/cards', replace: true })
  },
  loader: async ({ context, params }) => {
    const held = await loadSignedIn(context, heldCardsQueryOptions())
    const code = formatToken(params.token)
    const mine = held?.find((card) => formatToken(card.token) === code)
    // The holder's own card with where it was spent; any other code the page looks up itself (a
    // look-up of a code that is not theirs counts as a try, so it is not made ahead of time).
    if (mine) await loadSignedIn(context, cardLookupQueryOptions(code), { notFound: false })
    return { title: mine?.card.title }
  },
  head: ({ match, loaderData }) =>
    pageTitle(match.context.i18n, loaderData?.title, mainScreens['/cards'].label),
  component: Card,
})

function Card() {
  const { token } = Route.useParams()
  return <CardPage key={token} token={token} />
}
