import { createFileRoute, redirect } from '@tanstack/react-router'
import { CardPage } from '~/components/cards/card-page.tsx'

/** `/cards/{token}` (card-holder portal): one card, reached from the card holder's cards. */
export const Route = createFileRoute('/_portal/cards/$token')({
  beforeLoad: ({ context }) => {
    if (context.portal !== 'cardholder') throw redirect({ to: '/cards', replace: true })
  },
  component: Card,
})

function Card() {
  const { token } = Route.useParams()
  return <CardPage key={token} token={token} />
}
