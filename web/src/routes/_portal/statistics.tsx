import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CreditFigures } from '~/components/credit/credit-figures.tsx'
import { FeedStatistics } from '~/components/feed/feed-statistics.tsx'
import { StatisticsPanel } from '~/components/terminal/statistics-panel.tsx'
import { requireScreen } from '~/lib/guard.ts'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'

/**
 * Statistics of the admin and acceptor portals: paid payments per day (an acceptor's at their
 * cashpoints, every payment for an admin), with a chart and the specification's date presets.
 */
export const Route = createFileRoute('/_portal/statistics')({
  beforeLoad: ({ context }) => requireScreen(context.portal, '/statistics'),
  head: ({ match }) => pageTitle(match.context.i18n, mainScreens['/statistics'].label),
  component: Statistics,
})

function Statistics() {
  const { portal } = Route.useRouteContext()
  return (
    <div className="grid grid-cols-1 gap-6">
      <header>
        <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
          <Trans>Statistics</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          {portal === 'admin' ? (
            <Trans>Paid payments on the whole platform, per day.</Trans>
          ) : (
            <Trans>The payments taken at your cashpoints, per day.</Trans>
          )}
        </p>
      </header>
      <StatisticsPanel />
      {portal === 'admin' && <CreditFigures />}
      {portal === 'admin' && <FeedStatistics />}
    </div>
  )
}
