import { publicUsers } from '../../identity/index.ts'
import type { Caller } from '../../platform/access.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { notFound } from '../../platform/errors.ts'
import { programCards } from '../../programs/index.ts'
import { findPost, findPostByUrl, type PostRow } from '../db/posts.ts'
import { type PostJson, toPostJson } from '../http/schemas.ts'
import { type Audience, canSee, type PostStatus, type Viewer } from '../rules/audience.ts'
import { isSlug } from '../rules/slug.ts'
import { postDetails } from './feed.ts'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The audience rule's facts of a post row. */
export const factsOf = (p: PostRow) => ({
  author_user_id: p.author_user_id,
  program_id: p.program_id,
  audience: p.audience as Audience,
  status: p.status as PostStatus,
})

/**
 * A post the viewer sees, by uuid or by its address (`url`): else 404, the same for a post that
 * does not exist, one deleted and one for another audience.
 */
export async function visiblePost(db: DbOrTrx, viewer: Viewer | null, ref: string): Promise<PostRow> {
  const post = uuidPattern.test(ref)
    ? await findPost(db, ref)
    : isSlug(ref)
      ? await findPostByUrl(db, ref)
      : undefined
  if (!post || !canSee(viewer, factsOf(post))) throw notFound('post')
  return post
}

/** The posts of `ids` as the API shows them to the viewer, in the order of `ids`. */
export async function postViews(
  db: DbOrTrx,
  ids: readonly string[],
  viewer: Viewer | null,
  caller: Caller | null,
): Promise<PostJson[]> {
  const rows = await postDetails(db, ids, viewer?.user_id ?? null)
  const [users, programs] = await Promise.all([
    publicUsers(
      db,
      rows.map((r) => r.author_user_id),
    ),
    programCards(
      db,
      rows.flatMap((r) => (r.program_id ? [r.program_id] : [])),
    ),
  ])
  return rows.map((r) =>
    toPostJson(r, users.get(r.author_user_id), r.program_id ? programs.get(r.program_id) : undefined, caller),
  )
}
