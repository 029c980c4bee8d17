import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { AcceptCardPage } from '~/components/cards/accept-card-page.tsx'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'

/**
 * `/terminal/cards/{cashpoint}` (acceptor portal): take a card holder's voucher or gift card at a
 * cashpoint in a card program. Card programs are spent at acceptors only; others go to `/terminal`.
 */
export const Route = createFileRoute('/_portal/terminal/cards/$cashpoint')({
  beforeLoad: ({ context }) => {
    if (context.portal !== 'acceptor') throw redirect({ to: '/terminal', replace: true })
  },
  head: ({ match }) => pageTitle(match.context.i18n, msg`Accept a card`, mainScreens['/terminal'].label),
  component: AcceptCard,
})

function AcceptCard() {
  const { cashpoint } = Route.useParams()
  return <AcceptCardPage key={cashpoint} cashpoint={cashpoint} />
}
