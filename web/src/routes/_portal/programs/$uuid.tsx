import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MainScreenPlaceholder } from '~/components/main-screen.tsx'
import { requireScreen } from '~/lib/guard.ts'

/**
 * A program's information page. Exists now for the navigation guard: on the acceptor host a visitor
 * who is not signed in has the program remembered before going to `/` (see lib/guard.ts).
 */
export const Route = createFileRoute('/_portal/programs/$uuid')({
  beforeLoad: ({ context }) => requireScreen(context.portal, '/programs'),
  component: Program,
})

function Program() {
  return (
    <MainScreenPlaceholder path="/programs">
      <Trans>The details of this program will appear here.</Trans>
    </MainScreenPlaceholder>
  )
}
