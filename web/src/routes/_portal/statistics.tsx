import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MainScreenPlaceholder } from '~/components/main-screen.tsx'
import { requireScreen } from '~/lib/guard.ts'

/** Statistics of the admin and acceptor portals. Its content arrives with its own issue; until then an honest empty state. */
export const Route = createFileRoute('/_portal/statistics')({
  beforeLoad: ({ context }) => requireScreen(context.portal, '/statistics'),
  component: Statistics,
})

function Statistics() {
  return (
    <MainScreenPlaceholder path={'/statistics'}>
      <Trans>Statistics will appear here once programs have orders and payments to count.</Trans>
    </MainScreenPlaceholder>
  )
}
