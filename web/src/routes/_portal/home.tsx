import { Trans } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { ArrowLeftRightIcon, QrCodeIcon } from 'lucide-react'
import { heldCardsQueryOptions } from '~/components/cards/queries.ts'
import { CreditFigures } from '~/components/credit/credit-figures.tsx'
import { HolderHomePage } from '~/components/holder/home-page.tsx'
import { StatisticsPanel } from '~/components/terminal/statistics-panel.tsx'
import { Button } from '~/components/ui/button.tsx'
import { requireScreen } from '~/lib/guard.ts'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'
import { loadSignedIn } from '~/lib/queries/load.ts'

/**
 * The signed-in start page of the program-owner, acceptor and card-holder portals. Owners and
 * acceptors see the payments of their payment programs per day, with the way to the terminal;
 * owners also the figures of their credit programs' bills (when they have any); card holders their
 * cards and what they can do next (components/holder/home-page.tsx).
 */
export const Route = createFileRoute('/_portal/home')({
  beforeLoad: ({ context }) => requireScreen(context.portal, '/home'),
  loader: async ({ context }) => {
    if (context.portal === 'cardholder') await loadSignedIn(context, heldCardsQueryOptions())
  },
  head: ({ match }) => pageTitle(match.context.i18n, mainScreens['/home'].label),
  component: Home,
})

function Home() {
  const { portal } = Route.useRouteContext()
  if (portal !== 'programs' && portal !== 'acceptor') return <HolderHomePage />
  return (
    <div className="grid grid-cols-1 gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
            <Trans>Home</Trans>
          </h1>
          <p className="text-sm text-muted-foreground">
            {portal === 'acceptor' ? (
              <Trans>The payments taken at your cashpoints, per day.</Trans>
            ) : (
              <Trans>The payments to your programs, per day.</Trans>
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to="/transactions">
              <ArrowLeftRightIcon aria-hidden="true" />
              <Trans>Transactions</Trans>
            </Link>
          </Button>
          <Button asChild>
            <Link to="/terminal" data-testid="home-terminal">
              <QrCodeIcon aria-hidden="true" />
              <Trans>Terminal</Trans>
            </Link>
          </Button>
        </div>
      </header>
      <StatisticsPanel compact />
      {portal === 'programs' && <CreditFigures hideWhenEmpty />}
    </div>
  )
}
