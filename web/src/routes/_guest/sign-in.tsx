import { createFileRoute } from '@tanstack/react-router'
import { invitationPreviewQueryOptions } from '~/components/auth/link-queries.ts'
import { SignInPage, signInSearch } from '~/components/auth/sign-in-page.tsx'
import { guardLoginPage } from '~/lib/guard.ts'
import { pageTitle } from '~/lib/head.ts'
import { portalCopy } from '~/lib/portal.ts'
import { settleQuery } from '~/lib/queries/load.ts'

/**
 * `/sign-in`: the sign-in page on every portal. The card holders' one, since their `/` goes to the
 * food area (spec section 2); on the other portals the same page as `/`.
 */
export const Route = createFileRoute('/_guest/sign-in')({
  validateSearch: signInSearch,
  beforeLoad: ({ context }) => guardLoginPage(context),
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
