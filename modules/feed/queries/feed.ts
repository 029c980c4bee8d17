import { type RawBuilder, sql } from 'kysely'
import { isAdmin } from '../../platform/access.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import type { Viewer } from '../rules/audience.ts'

/**
 * Reading a feed: the ids of one page of posts a viewer sees, newest first, after a keyset cursor
 * (`before`: the last post of the previous page). The audience rule is `canSee` in SQL
 * (rules/audience.ts); the generated visibility test holds the two together.
 *
 * Post ids are UUIDv7, so "newest first" is `id desc` and a page is a backward index range scan
 * that stops after `size + 1` rows. The unfiltered feed of a viewer who is not an admin is the
 * union of three such scans, each bounded by the page size, whatever the number of posts: public
 * posts (`feed_posts_public_idx`), card-holder posts of each program they are a member of
 * (`feed_posts_members_idx`, one scan per program), and their own posts (`feed_posts_author_idx`).
 * A filtered feed scans its filter's index (program, author, tag) and applies the rule per row.
 */

export interface FeedFilter {
  program?: string | undefined
  author?: string | undefined
  /** A tag's id (feed_tags.id). */
  tag?: string | undefined
}

export interface FeedPage {
  before?: string | undefined
  /** Posts per page; one more is read to know whether another page follows. */
  size: number
}

/** Past every UUID: the first page. */
const top = 'ffffffff-ffff-ffff-ffff-ffffffffffff'

/** The audience rule in SQL, for the posts of `p` (admins are not asked: they see all but deleted). */
export function visibleTo(viewer: Viewer | null): RawBuilder<boolean> {
  const members = viewer ? [...viewer.members] : []
  const me = viewer?.user_id ?? null
  return sql<boolean>`(
    (p.status = 'published' and (p.audience = 'everyone'
      or (p.audience = 'cardholders' and p.program_id = any(${members}::uuid[]))))
    or (p.author_user_id = ${me}::uuid and p.status <> 'deleted'))`
}

/** The ids of one page (up to `size + 1`, newest first) of the posts the viewer sees. */
export async function feedPostIds(
  db: DbOrTrx,
  viewer: Viewer | null,
  filter: FeedFilter,
  page: FeedPage,
): Promise<string[]> {
  const n = page.size + 1
  const before = page.before ?? top
  const filtered = filter.program !== undefined || filter.author !== undefined || filter.tag !== undefined
  const conditions = [
    sql`p.id < ${before}::uuid`,
    ...(filter.program ? [sql`p.program_id = ${filter.program}::uuid`] : []),
    ...(filter.author ? [sql`p.author_user_id = ${filter.author}::uuid`] : []),
  ]

  if (viewer && isAdmin(viewer)) conditions.push(sql`p.status <> 'deleted'`)
  else if (filtered) conditions.push(visibleTo(viewer))
  else return unionFeed(db, viewer, before, n)

  const where = sql.join(conditions, sql` and `)
  const result = filter.tag
    ? await sql<{ id: string }>`
        select p.id from feed_post_tags pt join feed_posts p on p.id = pt.post_id
         where pt.tag_id = ${filter.tag}::bigint and pt.post_id < ${before}::uuid and ${where}
         order by pt.post_id desc limit ${n}`.execute(db)
    : await sql<{ id: string }>`
        select p.id from feed_posts p where ${where} order by p.id desc limit ${n}`.execute(db)
  return result.rows.map((r) => r.id)
}

/** The unfiltered feed of a guest or a viewer who is not an admin: three bounded scans. */
async function unionFeed(db: DbOrTrx, viewer: Viewer | null, before: string, n: number): Promise<string[]> {
  const members = viewer ? [...viewer.members] : []
  const me = viewer?.user_id ?? null
  const result = await sql<{ id: string }>`
    select id from (
      (select p.id from feed_posts p
        where p.status = 'published' and p.audience = 'everyone' and p.id < ${before}::uuid
        order by p.id desc limit ${n})
      union
      (select x.id from unnest(${members}::uuid[]) as m(program_id)
        cross join lateral (
          select p.id from feed_posts p
           where p.program_id = m.program_id and p.status = 'published' and p.audience = 'cardholders'
             and p.id < ${before}::uuid
           order by p.id desc limit ${n}) x)
      union
      (select p.id from feed_posts p
        where p.author_user_id = ${me}::uuid and p.status <> 'deleted' and p.id < ${before}::uuid
        order by p.id desc limit ${n})
    ) feed order by id desc limit ${n}`.execute(db)
  return result.rows.map((r) => r.id)
}

/** A post with what it shows besides its own row (its tags, uploads, videos, and the viewer's like). */
export interface PostDetailRow {
  id: string
  url: string
  author_user_id: string
  program_id: string | null
  audience: string
  title: string
  text: { rows: string[] }
  link: string | null
  link_preview: unknown
  likes_count: number
  comments_count: number
  status: string
  moderation_reason: string | null
  moderated_at: Date | null
  created_at: Date
  modified_at: Date | null
  tags: string[]
  images: { id: string; name: string; width: number; height: number; bytes: number }[]
  files: { id: string; name: string; content_type: string; bytes: number }[]
  videos: { id: string; provider: 'youtube' | 'vimeo'; video_id: string; full_url: string }[]
  liked: boolean
}

/** The posts of `ids` with their tags, uploads, videos and whether `userId` likes each, in one query. */
export async function postDetails(
  db: DbOrTrx,
  ids: readonly string[],
  userId: string | null,
): Promise<PostDetailRow[]> {
  if (ids.length === 0) return []
  const result = await sql<PostDetailRow>`
    select p.id, p.url, p.author_user_id, p.program_id, p.audience, p.title, p.text, p.link,
           p.link_preview, p.likes_count, p.comments_count, p.status, p.moderation_reason,
           p.moderated_at, p.created_at, p.modified_at,
           coalesce((select json_agg(t.name order by t.name) from feed_post_tags pt
                       join feed_tags t on t.id = pt.tag_id where pt.post_id = p.id), '[]') as tags,
           coalesce((select json_agg(json_build_object('id', i.id, 'name', i.name, 'width', i.width,
                       'height', i.height, 'bytes', i.bytes) order by i.position)
                       from feed_images i where i.post_id = p.id), '[]') as images,
           coalesce((select json_agg(json_build_object('id', f.id, 'name', f.name,
                       'content_type', f.content_type, 'bytes', f.bytes) order by f.position)
                       from feed_files f where f.post_id = p.id), '[]') as files,
           coalesce((select json_agg(json_build_object('id', v.id, 'provider', v.provider,
                       'video_id', v.video_id, 'full_url', v.full_url) order by v.position)
                       from feed_videos v where v.post_id = p.id), '[]') as videos,
           exists (select 1 from feed_likes l where l.post_id = p.id and l.user_id = ${userId}::uuid) as liked
      from feed_posts p
     where p.id = any(${[...ids]}::uuid[])`.execute(db)
  const byId = new Map(result.rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    return row ? [row] : []
  })
}
