import { Trans } from '@lingui/react/macro'
import { createFileRoute, useRouteContext } from '@tanstack/react-router'
import { MainScreenPlaceholder } from '~/components/main-screen.tsx'
import { AcceptorProgramPage } from '~/components/programs/acceptor-programs-page.tsx'
import { ProgramPage } from '~/components/programs/program-page.tsx'
import { requireScreen } from '~/lib/guard.ts'

/**
 * A program's page: overview, block and unblock, acceptors (program owner, admin); on the acceptor
 * portal the acceptor's place in it with their cashpoints. On the acceptor host a visitor who is
 * not signed in has the program remembered before going to `/`, and comes back here after signing
 * in (see lib/guard.ts).
 */
export const Route = createFileRoute('/_portal/programs/$uuid')({
  beforeLoad: ({ context }) => requireScreen(context.portal, '/programs'),
  component: Program,
})

function Program() {
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const { uuid } = Route.useParams()
  if (portal === 'acceptor') return <AcceptorProgramPage uuid={uuid} />
  if (portal === 'cardholder') {
    return (
      <MainScreenPlaceholder path="/programs">
        <Trans>The details of this program will appear here.</Trans>
      </MainScreenPlaceholder>
    )
  }
  return <ProgramPage key={uuid} uuid={uuid} />
}
