import { createFileRoute, redirect } from '@tanstack/react-router'
import { AcceptCardPage } from '~/components/cards/accept-card-page.tsx'

/**
 * `/terminal/cards/{cashpoint}` (acceptor portal): take a card holder's voucher or gift card at a
 * cashpoint in a card program. Card programs are spent at acceptors only; others go to `/terminal`.
 */
export const Route = createFileRoute('/_portal/terminal/cards/$cashpoint')({
  beforeLoad: ({ context }) => {
    if (context.portal !== 'acceptor') throw redirect({ to: '/terminal', replace: true })
  },
  component: AcceptCard,
})

function AcceptCard() {
  const { cashpoint } = Route.useParams()
  return <AcceptCardPage key={cashpoint} cashpoint={cashpoint} />
}
