import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MainScreenPlaceholder } from '~/components/main-screen.tsx'
import { requireScreen } from '~/lib/guard.ts'

/** Cards of the admin and card-holder portals. Its content arrives with its own issue; until then an honest empty state. */
export const Route = createFileRoute('/_portal/cards')({
  beforeLoad: ({ context }) => requireScreen(context.portal, '/cards'),
  component: Cards,
})

function Cards() {
  return (
    <MainScreenPlaceholder path={'/cards'}>
      <Trans>Cards will appear here once they are issued or activated.</Trans>
    </MainScreenPlaceholder>
  )
}
