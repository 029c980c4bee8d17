import { sql } from 'kysely'
import type { RequestContext } from '../../platform/context.ts'
import type { Db, Trx } from '../../platform/db.ts'
import { notFound } from '../../platform/errors.ts'
import { committedEffect, recordEffect } from '../../platform/idempotency.ts'
import { newId } from '../../platform/ids.ts'
import { programCards } from '../../programs/index.ts'
import { type CommentRow, findComment } from '../db/comments.ts'
import { lockPost, type PostRow } from '../db/posts.ts'
import { notCommentAuthor, postNotPublished } from '../errors.ts'
import { factsOf } from '../queries/posts.ts'
import { canSee, mayChangeComment, type Viewer } from '../rules/audience.ts'

/**
 * A post the viewer sees and may like or comment on: 404 when they do not see it, 422 when an admin
 * hid or removed it (its author still sees it, read-only). The row stays locked (shared with other
 * likes and comments: the counter triggers serialise on it anyway).
 */
async function openPost(trx: Trx, viewer: Viewer, postId: string): Promise<PostRow> {
  const post = await lockPost(trx, postId)
  if (!post || !canSee(viewer, factsOf(post))) throw notFound('post')
  if (post.status !== 'published') throw postNotPublished()
  return post
}

/**
 * Likes or unlikes a post: one like per user (the primary key), toggled, or set to `liked` when
 * given (a retry then changes nothing). The count is the rows' (a trigger keeps it in the same
 * transaction), so concurrent likes never lose one. Any signed-in user who sees the post.
 */
export async function toggleLike(
  db: Db,
  ctx: RequestContext,
  viewer: Viewer,
  postId: string,
  liked?: boolean,
): Promise<{ liked: boolean; likes_count: number }> {
  const result = await db.transaction().execute(async (trx) => {
    await openPost(trx, viewer, postId)
    let now: boolean
    if (liked === undefined) {
      const removed = await trx
        .deleteFrom('feed_likes')
        .where('post_id', '=', postId)
        .where('user_id', '=', viewer.user_id)
        .returning('user_id')
        .executeTakeFirst()
      if (removed) now = false
      else {
        await trx
          .insertInto('feed_likes')
          .values({ post_id: postId, user_id: viewer.user_id })
          .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
          .execute()
        now = true
      }
    } else if (liked) {
      await trx
        .insertInto('feed_likes')
        .values({ post_id: postId, user_id: viewer.user_id })
        .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
        .execute()
      now = true
    } else {
      await trx
        .deleteFrom('feed_likes')
        .where('post_id', '=', postId)
        .where('user_id', '=', viewer.user_id)
        .execute()
      now = false
    }
    const { likes_count } = await trx
      .selectFrom('feed_posts')
      .select('likes_count')
      .where('id', '=', postId)
      .executeTakeFirstOrThrow()
    return { liked: now, likes_count }
  })
  ctx.log.debug({ post_id: postId, liked: result.liked }, 'like toggled')
  return result
}

/** A comment on a post the viewer sees and may comment on. Any signed-in user who sees the post. */
export async function addComment(
  db: Db,
  ctx: RequestContext,
  viewer: Viewer,
  postId: string,
  rows: string[],
): Promise<CommentRow> {
  const comment = await db.transaction().execute(async (trx) => {
    // A retry of a request that committed and died before answering: that comment, not another.
    const committed = await committedEffect(trx, ctx.idempotency)
    const earlier = committed ? await findComment(trx, committed) : undefined
    if (earlier) return earlier
    await openPost(trx, viewer, postId)
    const row = await trx
      .insertInto('feed_comments')
      .values({
        id: newId(),
        post_id: postId,
        author_user_id: viewer.user_id,
        text: JSON.stringify({ rows }),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    await recordEffect(trx, ctx.idempotency, row.id)
    return row
  })
  ctx.log.info({ post_id: postId, comment_id: comment.id }, 'comment added')
  return comment
}

/**
 * A comment the viewer may change: on a post they see (else 404), of that post (else 404), theirs,
 * or on a post of a program they own, or any for an admin (else 403 `not_comment_author`).
 */
async function changeableComment(trx: Trx, viewer: Viewer, postId: string, commentId: string) {
  const post = await openPost(trx, viewer, postId)
  const comment = await findComment(trx, commentId)
  if (!comment || comment.post_id !== post.id) throw notFound('comment')
  const owner = post.program_id
    ? (await programCards(trx, [post.program_id])).get(post.program_id)
    : undefined
  if (!mayChangeComment(viewer, comment, owner?.owner_user_id ?? null)) throw notCommentAuthor()
  return comment
}

/** Edits a comment (it then says "edited"). */
export async function editComment(
  db: Db,
  ctx: RequestContext,
  viewer: Viewer,
  postId: string,
  commentId: string,
  rows: string[],
): Promise<CommentRow> {
  const comment = await db.transaction().execute(async (trx) => {
    await changeableComment(trx, viewer, postId, commentId)
    return trx
      .updateTable('feed_comments')
      .set({ text: JSON.stringify({ rows }), modified_at: sql<Date>`now()` })
      .where('id', '=', commentId)
      .returningAll()
      .executeTakeFirstOrThrow()
  })
  ctx.log.info({ post_id: postId, comment_id: commentId }, 'comment edited')
  return comment
}

/** Deletes a comment (gone; the post's count drops with it). */
export async function deleteComment(
  db: Db,
  ctx: RequestContext,
  viewer: Viewer,
  postId: string,
  commentId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await changeableComment(trx, viewer, postId, commentId)
    await trx.deleteFrom('feed_comments').where('id', '=', commentId).execute()
  })
  ctx.log.info({ post_id: postId, comment_id: commentId, by: viewer.user_id }, 'comment deleted')
}
