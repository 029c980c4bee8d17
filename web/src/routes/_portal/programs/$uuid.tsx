import { msg } from '@lingui/core/macro'
import { createFileRoute, useRouteContext } from '@tanstack/react-router'
import { heldCardsQueryOptions } from '~/components/cards/queries.ts'
import { PublicProgramNotFound, PublicProgramPage } from '~/components/holder/program-page.tsx'
import { publicProgramQueryOptions } from '~/components/holder/queries.ts'
import { AcceptorProgramPage } from '~/components/programs/acceptor-programs-page.tsx'
import { ProgramNotFound, ProgramPage } from '~/components/programs/program-page.tsx'
import {
  acceptorProgramsQueryOptions,
  isDraft,
  programMethodsQueryOptions,
  programQueryOptions,
  programTypes,
} from '~/components/programs/queries.ts'
import { requireScreen } from '~/lib/guard.ts'
import { pageTitle } from '~/lib/head.ts'
import { loadSignedIn } from '~/lib/queries/load.ts'

/**
 * A program's page: overview, block and unblock, acceptors (program owner, admin); on the acceptor
 * portal the acceptor's place in it with their cashpoints. On the acceptor host a visitor who is
 * not signed in has the program remembered before going to `/`, and comes back here after signing
 * in (see lib/guard.ts); on the card-holder portal the information page of a program open to card
 * holders. A program that is not there (deleted, unknown, another owner's, not open to card
 * holders) is a not-found page with the way back to Programs.
 */
export const Route = createFileRoute('/_portal/programs/$uuid')({
  beforeLoad: ({ context }) => requireScreen(context.portal, '/programs'),
  loader: async ({ context, params }) => {
    if (context.portal === 'acceptor') {
      const places = await loadSignedIn(context, acceptorProgramsQueryOptions())
      return { title: places?.results.find((p) => p.program.uuid === params.uuid)?.program.title }
    }
    if (context.portal === 'cardholder') {
      const [program] = await Promise.all([
        loadSignedIn(context, publicProgramQueryOptions(params.uuid)),
        loadSignedIn(context, heldCardsQueryOptions()),
      ])
      return { title: program?.title }
    }
    const program = await loadSignedIn(context, programQueryOptions(params.uuid))
    // The first card below the overview of a payment program: its methods.
    if (program?.type.id === programTypes.paymentManagement && !isDraft(program.status.id))
      await loadSignedIn(context, programMethodsQueryOptions(params.uuid))
    return { title: program?.title }
  },
  head: ({ match, loaderData }) =>
    pageTitle(
      match.context.i18n,
      match.status === 'notFound' ? msg`Program not found` : loaderData?.title,
      msg`Programs`,
    ),
  notFoundComponent: PortalProgramNotFound,
  component: Program,
})

function Program() {
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const { uuid } = Route.useParams()
  if (portal === 'acceptor') return <AcceptorProgramPage uuid={uuid} />
  if (portal === 'cardholder') return <PublicProgramPage key={uuid} uuid={uuid} />
  return <ProgramPage key={uuid} uuid={uuid} />
}

function PortalProgramNotFound() {
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  return portal === 'cardholder' ? <PublicProgramNotFound /> : <ProgramNotFound />
}
