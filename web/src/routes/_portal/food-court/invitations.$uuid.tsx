import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { invitationQueryOptions } from '~/components/food-court/api.ts'
import { InvitationPage } from '~/components/food-court/invitation-page.tsx'
import { pageTitle } from '~/lib/head.ts'
import { loadSignedIn } from '~/lib/queries/load.ts'

/**
 * `/food-court/invitations/{uuid}` (program-owner portal): a food court's invitation to one of the
 * owner's restaurants, with the accept flow; the payment provider's onboarding page returns here
 * (docs/food-court.md, "Restaurant owner").
 */
export const Route = createFileRoute('/_portal/food-court/invitations/$uuid')({
  beforeLoad: ({ context }) => {
    if (context.portal !== 'programs') throw redirect({ to: '/', replace: true })
  },
  loader: async ({ context, params }) => {
    const invitation = await loadSignedIn(context, invitationQueryOptions(params.uuid), { notFound: false })
    return { title: invitation?.court.title }
  },
  head: ({ match, loaderData }) =>
    pageTitle(match.context.i18n, loaderData?.title, msg`Food court invitation`),
  component: Invitation,
})

function Invitation() {
  const { uuid } = Route.useParams()
  return <InvitationPage key={uuid} uuid={uuid} />
}
