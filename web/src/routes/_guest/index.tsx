import { createFileRoute } from '@tanstack/react-router'
import { invitationPreviewQueryOptions } from '~/components/auth/link-queries.ts'
import { SignInPage, signInSearch } from '~/components/auth/sign-in-page.tsx'
import { guardCardholderRoot, guardLoginPage } from '~/lib/guard.ts'
import { pageTitle } from '~/lib/head.ts'
import { portalCopy } from '~/lib/portal.ts'
import { settleQuery } from '~/lib/queries/load.ts'

/**
 * The start page of every portal. Signed in: on to the portal's home (spec section 2). Signed out:
 * sign-in (components/auth/sign-in-page.tsx), except on the card-holder portal, whose `/` goes to
 * the food area (its sign-in is `/sign-in`). An acceptor's invitation link is read here already,
 * so the first HTML says what the invitation is.
 */
export const Route = createFileRoute('/_guest/')({
  validateSearch: signInSearch,
  beforeLoad: ({ context, search }) => {
    guardLoginPage(context)
    guardCardholderRoot(context, search)
  },
  loaderDeps: ({ search }) => ({ invitation: search.invitation, invite: search.invite }),
  loader: async ({ context, deps }) => {
    if (context.portal !== 'acceptor' || !deps.invitation || !deps.invite) return { invitationGone: false }
    const preview = invitationPreviewQueryOptions(deps.invitation, deps.invite)
    // A link that no longer works is said so in the first HTML, without asking again in the browser.
    return { invitationGone: (await settleQuery(context.queryClient, preview)).status === 'missing' }
  },
  head: ({ match }) => pageTitle(match.context.i18n, portalCopy[match.context.portal].title),
  component: SignIn,
})

function SignIn() {
  const { invitationGone } = Route.useLoaderData()
  return <SignInPage search={Route.useSearch()} invitationGone={invitationGone} />
}
