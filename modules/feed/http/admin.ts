import { sql } from 'kysely'
import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { invalidField } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { pageOffset, pageSchema, paginationQuery, toPage } from '../../platform/pagination.ts'
import { moderatePost } from '../commands/posts.ts'
import { postViews } from '../queries/posts.ts'
import { viewerOf } from '../queries/viewer.ts'
import { audiences, postStatuses } from '../rules/audience.ts'
import { isTag, tagKey } from '../rules/tags.ts'
import { postJson, requestContext, uuidParam } from './schemas.ts'

const adminPostJson = postJson
  .extend({
    status: z.enum(postStatuses),
    deleted: z.iso.datetime().nullable(),
  })
  .openapi('FeedAdminPost')

const listQuery = paginationQuery({ defaultSize: 25, maxSize: 100 }).extend({
  status: z.enum(postStatuses, { message: 'published, hidden, removed or deleted' }).optional(),
  audience: z.enum(audiences, { message: 'everyone, cardholders or private' }).optional(),
  program: z.uuid('not a program id').optional(),
  user: z.uuid('not a user id').optional(),
  tag: z.string().max(100).refine(isTag, 'a tag is word characters only').optional(),
  search: z.string().trim().max(100).optional().openapi({ description: 'Part of the title, any case' }),
})

export const getAdminPosts = createRoute({
  method: 'get',
  path: '/feed/admin/posts',
  tags: ['feed'],
  summary: 'Every post (admin)',
  description:
    'Newest first, deleted ones included (`status`), filtered by status, audience, program, author (`user`), tag and title. The platform’s pagination wrapper.',
  security: bearerSecurity,
  middleware: [signedIn('admin')] as const,
  request: { query: listQuery },
  responses: {
    200: { description: 'One page', content: { 'application/json': { schema: pageSchema(adminPostJson) } } },
    ...errorResponses(400, 401, 403),
  },
})

export const postModeration = createRoute({
  method: 'post',
  path: '/feed/admin/posts/{uuid}/moderation',
  tags: ['feed'],
  summary: 'Hide, unhide or remove a post (admin)',
  description:
    '`hide` (reversible with `unhide`) or `remove`, with a `reason` its author reads on the post, which only they and admins still see. A post its author deleted: 404.',
  security: bearerSecurity,
  middleware: [signedIn('admin')] as const,
  request: {
    params: uuidParam('post'),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              action: z.enum(['hide', 'unhide', 'remove'], { message: 'hide, unhide or remove' }),
              reason: z.string().trim().max(1000, 'at most 1000 characters').optional(),
            })
            .strict()
            .openapi('FeedModeration'),
        },
      },
    },
  },
  responses: {
    200: { description: 'Done', content: { 'application/json': { schema: adminPostJson } } },
    ...errorResponses(400, 401, 403, 404),
  },
})

const statsQuery = z.object({
  from: z.iso.date('a date: YYYY-MM-DD'),
  to: z.iso.date('a date: YYYY-MM-DD'),
})

export const getFeedStatistics = createRoute({
  method: 'get',
  path: '/feed/admin/statistics',
  tags: ['feed'],
  summary: 'Posts, comments and likes per day (admin)',
  description: 'Days from `from` to `to` (at most 366), in the business time zone; days without any are 0.',
  security: bearerSecurity,
  middleware: [signedIn('admin')] as const,
  request: { query: statsQuery },
  responses: {
    200: {
      description: 'Per day',
      content: {
        'application/json': {
          schema: z
            .object({
              results: z.array(
                z.object({
                  date: z.string(),
                  posts: z.number().int(),
                  comments: z.number().int(),
                  likes: z.number().int(),
                }),
              ),
            })
            .openapi('FeedStatistics'),
        },
      },
    },
    ...errorResponses(400, 401, 403),
  },
})

export function registerAdminRoutes(app: ApiApp) {
  app.openapi(getAdminPosts, async (c) => {
    const me = requireUser(c, 'admin')
    const q = c.req.valid('query')
    const { db } = c.get('services')
    let base = db.selectFrom('feed_posts as p')
    if (q.status) base = base.where('p.status', '=', q.status)
    if (q.audience) base = base.where('p.audience', '=', q.audience)
    if (q.program) base = base.where('p.program_id', '=', q.program)
    if (q.user) base = base.where('p.author_user_id', '=', q.user)
    if (q.search) base = base.where('p.title', 'ilike', `%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)
    if (q.tag) {
      const key = tagKey(q.tag)
      base = base.where((eb) =>
        eb.exists(
          eb
            .selectFrom('feed_post_tags as pt')
            .innerJoin('feed_tags as t', 't.id', 'pt.tag_id')
            .select('pt.post_id')
            .whereRef('pt.post_id', '=', 'p.id')
            .where('t.name', '=', key),
        ),
      )
    }
    const [rows, total] = await Promise.all([
      base
        .select(['p.id', 'p.status', 'p.deleted_at'])
        .orderBy('p.id', 'desc')
        .limit(q.size)
        .offset(pageOffset(q))
        .execute(),
      base.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
    ])
    const viewer = await viewerOf(db, me)
    const views = await postViews(
      db,
      rows.map((r) => r.id),
      viewer,
      me,
    )
    const byId = new Map(rows.map((r) => [r.id, r]))
    const results = views.map((v) => {
      const row = byId.get(v.uuid)!
      return {
        ...v,
        status: row.status as (typeof postStatuses)[number],
        deleted: row.deleted_at?.toISOString() ?? null,
      }
    })
    return c.json(toPage(c.req.url, q, Number(total.n), results), 200)
  })

  app.openapi(postModeration, async (c) => {
    const me = requireUser(c, 'admin')
    const { action, reason } = c.req.valid('json')
    const { db } = c.get('services')
    const post = await moderatePost(
      db,
      requestContext(c),
      me,
      c.req.valid('param').uuid,
      action,
      reason || undefined,
    )
    const [view] = await postViews(db, [post.id], await viewerOf(db, me), me)
    return c.json({ ...view!, status: post.status as (typeof postStatuses)[number], deleted: null }, 200)
  })

  app.openapi(getFeedStatistics, async (c) => {
    requireUser(c, 'admin')
    const { from, to } = c.req.valid('query')
    const { db, config } = c.get('services')
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000
    if (!(days >= 0 && days <= 365)) throw invalidField('to', 'invalid', 'from 0 to 365 days after `from`')
    const zone = config.BUSINESS_TIME_ZONE
    const result = await sql<{ date: string; posts: number; comments: number; likes: number }>`
      with days as (select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') d),
      bounds as (select (${from}::date)::timestamp at time zone ${zone} as start,
                        ((${to}::date + 1)::timestamp) at time zone ${zone} as stop),
      posts as (select (created_at at time zone ${zone})::date as day, count(*)::int as n from feed_posts, bounds
                 where created_at >= bounds.start and created_at < bounds.stop group by 1),
      comments as (select (created_at at time zone ${zone})::date as day, count(*)::int as n from feed_comments, bounds
                 where created_at >= bounds.start and created_at < bounds.stop group by 1),
      likes as (select (created_at at time zone ${zone})::date as day, count(*)::int as n from feed_likes, bounds
                 where created_at >= bounds.start and created_at < bounds.stop group by 1)
      select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(posts.n, 0) as posts,
             coalesce(comments.n, 0) as comments, coalesce(likes.n, 0) as likes
        from days left join posts using (day) left join comments using (day) left join likes using (day)
       order by days.day`.execute(db)
    return c.json({ results: result.rows }, 200)
  })
}
