import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MainScreenPlaceholder } from '~/components/main-screen.tsx'
import { requireScreen } from '~/lib/guard.ts'

/**
 * Programs: the admin's list of all programs, the program owner's own programs, the acceptor's
 * programs and cash points. Its content arrives with the programs issue.
 */
export const Route = createFileRoute('/_portal/programs/')({
  beforeLoad: ({ context }) => requireScreen(context.portal, '/programs'),
  component: Programs,
})

function Programs() {
  return (
    <MainScreenPlaceholder path="/programs">
      <Trans>Programs will appear here once they are created.</Trans>
    </MainScreenPlaceholder>
  )
}
