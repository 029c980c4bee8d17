import { type Insertable, type Selectable, sql, type Updateable } from 'kysely'
import type { DB, DbOrTrx, Trx } from '../../platform/db.ts'
import { postSlug } from '../rules/slug.ts'

export type PostRow = Selectable<DB['feed_posts']>

/**
 * Inserts a post under a fresh address (`url`): the slug of its title with a random suffix. A
 * suffix already taken (one in 2.8 × 10^12) is drawn again instead of failing the transaction.
 */
export async function insertPost(trx: Trx, row: Omit<Insertable<DB['feed_posts']>, 'url'>): Promise<PostRow> {
  for (let attempt = 0; ; attempt++) {
    const inserted = await trx
      .insertInto('feed_posts')
      .values({ ...row, url: postSlug(row.title) })
      .onConflict((oc) => oc.column('url').doNothing())
      .returningAll()
      .executeTakeFirst()
    if (inserted) return inserted
    if (attempt > 5) throw new Error('no free post address after 6 draws')
  }
}

export function findPost(db: DbOrTrx, id: string): Promise<PostRow | undefined> {
  return db.selectFrom('feed_posts').selectAll().where('id', '=', id).executeTakeFirst()
}

export function findPostByUrl(db: DbOrTrx, url: string): Promise<PostRow | undefined> {
  return db.selectFrom('feed_posts').selectAll().where('url', '=', url).executeTakeFirst()
}

/** The post with its row locked until the transaction ends (edits, moderation and likes wait). */
export function lockPost(trx: Trx, id: string): Promise<PostRow | undefined> {
  return trx.selectFrom('feed_posts').selectAll().where('id', '=', id).forNoKeyUpdate().executeTakeFirst()
}

export function updatePostRow(trx: Trx, id: string, patch: Updateable<DB['feed_posts']>): Promise<PostRow> {
  return trx
    .updateTable('feed_posts')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * Makes a post's tags these keys (normalised): unknown tags are created, tags no longer in the
 * list are taken off the post (the tag itself stays for other posts).
 */
export async function setPostTags(trx: Trx, postId: string, keys: readonly string[]): Promise<void> {
  await trx.deleteFrom('feed_post_tags').where('post_id', '=', postId).execute()
  if (keys.length === 0) return
  await sql`insert into feed_tags (name) select unnest(${[...keys]}::text[]) on conflict (name) do nothing`.execute(
    trx,
  )
  await sql`insert into feed_post_tags (tag_id, post_id)
    select id, ${postId}::uuid from feed_tags where name = any(${[...keys]}::text[])`.execute(trx)
}

/** A tag's id by its key, or undefined when no post ever had it. */
export async function findTagId(db: DbOrTrx, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('feed_tags').select('id').where('name', '=', key).executeTakeFirst()
  return row === undefined ? undefined : String(row.id)
}
