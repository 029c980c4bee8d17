import { invitationPreviewQueryOptions } from '~/components/auth/link-queries.ts'
import { isCardCode } from '~/lib/guard.ts'
import { settleQuery } from '~/lib/queries/load.ts'
import { integer, searchParams, text, uuid, where } from '~/lib/search-params.ts'
import type { RouterContext } from '~/router.tsx'

/**
 * What the sign-in routes (`/` and `/sign-in`) read before their page loads. Kept apart from the
 * page (sign-in-page.tsx): route options are part of the entry chunk every page downloads, and the
 * page brings the form library and zod with it.
 */
export const signInSearch = searchParams({
  program: uuid,
  invitation: uuid,
  invite: text({ min: 1, max: 200, coerce: true }),
  card: where(text({ max: 200 }), isCardCode),
  bill: uuid,
  pay: integer({ min: 1, max: 1 }),
})

export type SignInSearch = ReturnType<typeof signInSearch.parse>

export const signInLoaderDeps = ({ search }: { search: SignInSearch }) => ({
  invitation: search.invitation,
  invite: search.invite,
})

/** An acceptor's invitation link that no longer works is said so in the first HTML. */
export async function signInLoader({
  context,
  deps,
}: {
  context: Pick<RouterContext, 'portal' | 'queryClient'>
  deps: ReturnType<typeof signInLoaderDeps>
}): Promise<{ invitationGone: boolean }> {
  if (context.portal !== 'acceptor' || !deps.invitation || !deps.invite) return { invitationGone: false }
  const preview = invitationPreviewQueryOptions(deps.invitation, deps.invite)
  return { invitationGone: (await settleQuery(context.queryClient, preview)).status === 'missing' }
}
