import { type Insertable, type Selectable, sql } from 'kysely'
import type { DB, DbOrTrx, Trx } from '../../platform/db.ts'

export type ImageRow = Selectable<DB['feed_images']>
export type FileRow = Selectable<DB['feed_files']>
export type VideoRow = Selectable<DB['feed_videos']>

export function insertImage(db: DbOrTrx, row: Insertable<DB['feed_images']>): Promise<ImageRow> {
  return db.insertInto('feed_images').values(row).returningAll().executeTakeFirstOrThrow()
}

export function insertFile(db: DbOrTrx, row: Insertable<DB['feed_files']>): Promise<FileRow> {
  return db.insertInto('feed_files').values(row).returningAll().executeTakeFirstOrThrow()
}

export function insertVideo(db: DbOrTrx, row: Insertable<DB['feed_videos']>): Promise<VideoRow> {
  return db.insertInto('feed_videos').values(row).returningAll().executeTakeFirstOrThrow()
}

export function findImage(db: DbOrTrx, id: string): Promise<ImageRow | undefined> {
  return db.selectFrom('feed_images').selectAll().where('id', '=', id).executeTakeFirst()
}

export function findFile(db: DbOrTrx, id: string): Promise<FileRow | undefined> {
  return db.selectFrom('feed_files').selectAll().where('id', '=', id).executeTakeFirst()
}

type UploadTable = 'feed_images' | 'feed_files'

/**
 * Makes exactly `ids` (in this order) the uploads of a post: each must be the author's own upload,
 * loose or already this post's. Uploads the post had and no longer lists become loose again (the
 * daily clean-up removes them). Answers the ids that could not be taken (unknown, someone
 * else's, another post's), in the order given; the caller refuses the request when any is left.
 */
export async function attachUploads(
  trx: Trx,
  table: UploadTable,
  postId: string,
  uploaderId: string,
  ids: readonly string[],
): Promise<string[]> {
  await sql`update ${sql.table(table)} set post_id = null
    where post_id = ${postId}::uuid and not (id = any(${[...ids]}::uuid[]))`.execute(trx)
  if (ids.length === 0) return []
  const taken = await sql<{ id: string }>`
    update ${sql.table(table)} as u set post_id = ${postId}::uuid, position = t.ord - 1
      from unnest(${[...ids]}::uuid[]) with ordinality as t(id, ord)
     where u.id = t.id and u.uploader_user_id = ${uploaderId}::uuid
       and (u.post_id is null or u.post_id = ${postId}::uuid)
    returning u.id`.execute(trx)
  const found = new Set(taken.rows.map((r) => r.id))
  return ids.filter((id) => !found.has(id))
}

/** Replaces a post's videos by these (in order). */
export async function setPostVideos(
  trx: Trx,
  postId: string,
  creatorId: string,
  videos: readonly { provider: 'youtube' | 'vimeo'; video_id: string; full_url: string; id: string }[],
): Promise<void> {
  await trx.deleteFrom('feed_videos').where('post_id', '=', postId).execute()
  if (videos.length === 0) return
  await trx
    .insertInto('feed_videos')
    .values(
      videos.map((v, i) => ({
        id: v.id,
        creator_user_id: creatorId,
        post_id: postId,
        position: i,
        provider: v.provider,
        video_id: v.video_id,
        full_url: v.full_url,
      })),
    )
    .execute()
}

/** Uploads never attached to a post, older than `before`, at most `limit` (the clean-up job). */
export async function looseUploads(
  db: DbOrTrx,
  table: UploadTable | 'feed_videos',
  before: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('post_id', 'is', null)
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute()
  return rows.map((r) => r.id)
}

/** Deletes loose uploads by id (only while still loose: one attached meanwhile stays). */
export async function deleteLooseUploads(
  db: DbOrTrx,
  table: UploadTable | 'feed_videos',
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await db
    .deleteFrom(table)
    .where('id', 'in', [...ids])
    .where('post_id', 'is', null)
    .returning('id')
    .execute()
  return rows.map((r) => r.id)
}
