import { createFileRoute } from '@tanstack/react-router'
import { SignInPage } from '~/components/auth/sign-in-page.tsx'
import { signInLoader, signInLoaderDeps, signInSearch } from '~/components/auth/sign-in-route.ts'
import { guardLoginPage } from '~/lib/guard.ts'
import { pageTitle } from '~/lib/head.ts'
import { portalCopy } from '~/lib/portal.ts'

/**
 * `/sign-in`: the sign-in page on every portal. The card holders' one, since their `/` goes to the
 * food area (spec section 2); on the other portals the same page as `/`.
 */
export const Route = createFileRoute('/_guest/sign-in')({
  validateSearch: signInSearch,
  beforeLoad: ({ context }) => guardLoginPage(context),
  loaderDeps: signInLoaderDeps,
  loader: signInLoader,
  head: ({ match }) => pageTitle(match.context.i18n, portalCopy[match.context.portal].title),
  component: SignIn,
})

function SignIn() {
  const { invitationGone } = Route.useLoaderData()
  return <SignInPage search={Route.useSearch()} invitationGone={invitationGone} />
}
