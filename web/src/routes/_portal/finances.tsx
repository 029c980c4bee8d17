import { Trans } from '@lingui/react/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { MainScreenPlaceholder } from '~/components/main-screen.tsx'
import { requireScreen } from '~/lib/guard.ts'

/**
 * The admin's finances (ledgers and journals). On the program-owner portal `/finances` redirects
 * to Programs (spec section 2).
 */
export const Route = createFileRoute('/_portal/finances')({
  beforeLoad: ({ context }) => {
    if (context.portal === 'programs') throw redirect({ to: '/programs', replace: true })
    requireScreen(context.portal, '/finances')
  },
  component: Finances,
})

function Finances() {
  return (
    <MainScreenPlaceholder path="/finances">
      <Trans>Ledgers, journals and transactions will appear here once programs record payments.</Trans>
    </MainScreenPlaceholder>
  )
}
