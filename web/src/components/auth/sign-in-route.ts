import type { QueryClient } from '@tanstack/react-query'
import { isCardCode } from '~/lib/guard.ts'
import type { Portal } from '~/lib/portal.ts'
import { settleQuery } from '~/lib/queries/load.ts'
import { searchParams, text, uuid, where } from '~/lib/search-params.ts'
import { invitationPreviewQueryOptions } from './link-queries.ts'

/**
 * What the sign-in routes (`/` and `/sign-in`) read before the page loads: the search parameters
 * and the invitation check. Kept apart from sign-in-page.tsx so that the routes, which are in the
 * entry chunk, do not pull the form (react-hook-form, zod) into it.
 *
 * `?program=&invitation=&invite=` is an acceptor's invitation link; `?card=<code>` a card link on
 * the card-holder host, kept for after signing in.
 */
export const signInSearch = searchParams({
  program: uuid,
  invitation: uuid,
  invite: text({ min: 1, max: 200, coerce: true }),
  card: where(text({ max: 200 }), isCardCode),
})

export type SignInSearch = ReturnType<typeof signInSearch.parse>

interface InvitationDeps {
  invitation: SignInSearch['invitation']
  invite: SignInSearch['invite']
}

export const signInLoaderDeps = ({ search }: { search: SignInSearch }): InvitationDeps => ({
  invitation: search.invitation,
  invite: search.invite,
})

/** Whether the acceptor's invitation link no longer works, said in the first HTML. */
export async function signInLoader({
  context,
  deps,
}: {
  context: { portal: Portal; queryClient: QueryClient }
  deps: InvitationDeps
}): Promise<{ invitationGone: boolean }> {
  if (context.portal !== 'acceptor' || !deps.invitation || !deps.invite) return { invitationGone: false }
  const preview = invitationPreviewQueryOptions(deps.invitation, deps.invite)
  return { invitationGone: (await settleQuery(context.queryClient, preview)).status === 'missing' }
}
