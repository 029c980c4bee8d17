import type { Selectable } from 'kysely'
import type { DB, DbOrTrx } from '../../platform/db.ts'

export type CommentRow = Selectable<DB['feed_comments']>

export function findComment(db: DbOrTrx, id: string): Promise<CommentRow | undefined> {
  return db.selectFrom('feed_comments').selectAll().where('id', '=', id).executeTakeFirst()
}

/** One page of a post's comments, oldest first, after the comment `after` (keyset on the UUIDv7 id). */
export function commentsOfPost(
  db: DbOrTrx,
  postId: string,
  page: { after?: string | undefined; size: number },
): Promise<CommentRow[]> {
  let q = db.selectFrom('feed_comments').selectAll().where('post_id', '=', postId)
  if (page.after) q = q.where('id', '>', page.after)
  return q
    .orderBy('id')
    .limit(page.size + 1)
    .execute()
}
