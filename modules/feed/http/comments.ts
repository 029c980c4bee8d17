import type { PublicUser } from '../../identity/index.ts'
import { publicUsers } from '../../identity/index.ts'
import { type Caller, isAdmin } from '../../platform/access.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { z } from '../../platform/http.ts'
import type { CommentRow } from '../db/comments.ts'

/** A comment as the API shows it (spec section 3, Comment). */
export const commentJson = z
  .object({
    uuid: z.uuid(),
    post_id: z.uuid(),
    created: z.iso.datetime(),
    modified: z.iso.datetime().nullable(),
    is_modified: z.boolean(),
    text: z.object({ rows: z.array(z.string()) }),
    user_uuid: z.uuid(),
    user: z.object({
      uuid: z.uuid(),
      type: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      full_name: z.string(),
      avatar: z.string().nullable(),
      email: z.string().nullable().openapi({ description: 'Only for admins' }),
    }),
  })
  .openapi('FeedComment')

export type CommentJson = z.infer<typeof commentJson>

function toCommentJson(r: CommentRow, user: PublicUser | undefined, viewer: Caller | null): CommentJson {
  return {
    uuid: r.id,
    post_id: r.post_id,
    created: r.created_at.toISOString(),
    modified: r.modified_at?.toISOString() ?? null,
    is_modified: r.modified_at !== null,
    text: { rows: (r.text as { rows: string[] }).rows },
    user_uuid: r.author_user_id,
    user: {
      uuid: r.author_user_id,
      type: user?.type ?? 0,
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      full_name: user?.full_name ?? '',
      avatar: user?.avatar ?? null,
      email: viewer && isAdmin(viewer) ? (user?.email ?? null) : null,
    },
  }
}

/** Comments as the API shows them to the viewer, with their authors (one query). */
export async function commentViews(
  db: DbOrTrx,
  rows: CommentRow[],
  viewer: Caller | null,
): Promise<CommentJson[]> {
  const users = await publicUsers(
    db,
    rows.map((r) => r.author_user_id),
  )
  return rows.map((r) => toCommentJson(r, users.get(r.author_user_id), viewer))
}
