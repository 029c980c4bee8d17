import { createFileRoute, redirect } from '@tanstack/react-router'
import { SignInPage } from '~/components/auth/sign-in-page.tsx'
import { signInLoader, signInLoaderDeps, signInSearch } from '~/components/auth/sign-in-route.ts'
import { brandStart } from '~/components/food/brand-areas.ts'
import { guardCardholderRoot, guardLoginPage } from '~/lib/guard.ts'
import { pageTitle } from '~/lib/head.ts'
import { portalCopy } from '~/lib/portal.ts'

/**
 * The start page of every portal. Signed in: on to the portal's home (spec section 2). Signed out:
 * sign-in (components/auth/sign-in-page.tsx), except on the card-holder portal, whose `/` goes to
 * the food area (its sign-in is `/sign-in`); on a restaurant's own domain straight to that
 * restaurant, signed in or not (docs/food.md, "Domain → brand"), and on a food court's domain
 * to the court. An acceptor's invitation link is
 * read here already, so the first HTML says what the invitation is.
 */
export const Route = createFileRoute('/_guest/')({
  validateSearch: signInSearch,
  beforeLoad: ({ context, search }) => {
    if (context.brand && !search.card) {
      throw redirect({ ...brandStart(context.brand, context.session !== null), replace: true })
    }
    // A food court's own domain opens the court, signed in or not (docs/food-court.md).
    if (context.court && !search.card) throw redirect({ to: '/food/court', replace: true })
    guardLoginPage(context)
    guardCardholderRoot(context, search)
  },
  loaderDeps: signInLoaderDeps,
  loader: signInLoader,
  head: ({ match }) => pageTitle(match.context.i18n, portalCopy[match.context.portal].title),
  component: SignIn,
})

function SignIn() {
  const { invitationGone } = Route.useLoaderData()
  return <SignInPage search={Route.useSearch()} invitationGone={invitationGone} />
}
