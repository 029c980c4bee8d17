import { publicUsers } from '../../identity/index.ts'
import { invalidField, notFound, withCode } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { findProgram } from '../../programs/index.ts'
import { findTagId } from '../db/posts.ts'
import { type FeedFilter, feedPostIds } from '../queries/feed.ts'
import { postViews } from '../queries/posts.ts'
import { viewerOf } from '../queries/viewer.ts'
import { isTag, tagKey } from '../rules/tags.ts'
import { feedPageSchema, pageQuery, postJson, toFeedPage, viewerCaller } from './schemas.ts'

const tagParam = z
  .string()
  .max(100)
  .refine(isTag, { message: 'a tag is word characters only', params: withCode('invalid_tag') })

const query = z.object({
  program: z.uuid('not a program id').optional().openapi({ description: 'Posts about this program' }),
  user: z.uuid('not a user id').optional().openapi({ description: 'Posts by this author' }),
  tag: tagParam.optional().openapi({ description: 'Posts with this tag (`café`, `#Café`: the same)' }),
  filter: z
    .enum(['program', 'user', 'tag'], { message: 'program, user or tag' })
    .optional()
    .openapi({ description: 'The specification’s filter name, with `value`' }),
  value: z.string().max(100).optional().openapi({ description: 'The value of `filter`' }),
  ...pageQuery,
})

export const getPosts = createRoute({
  method: 'get',
  path: '/feed/posts',
  tags: ['feed'],
  summary: 'The feed: posts the viewer may see, newest first',
  description:
    'Keyset paging: `before` is the last post of the page before (`pagination.next_cursor`). Filters (each, or the specification’s `filter`/`value`): `program`, `user` (author), `tag`. Guests (no token) get public posts; a signed-in viewer also the posts for the card holders of programs they are a member of, and their own. An unknown program or user is 404; an unknown tag an empty page. Answers `{data, pagination}` without a total, so a count never tells of posts the viewer does not see.',
  request: { query },
  responses: {
    200: {
      description: 'One page',
      content: { 'application/json': { schema: feedPageSchema(postJson, 'FeedPostPage') } },
    },
    ...errorResponses(400, 401, 404),
  },
})

export function registerGetPosts(app: ApiApp) {
  app.openapi(getPosts, async (c) => {
    const caller = viewerCaller(c)
    const q = c.req.valid('query')
    const { db } = c.get('services')
    const named = { program: q.program, user: q.user, tag: q.tag }
    if (q.filter) {
      const parsed = (q.filter === 'tag' ? tagParam : z.uuid(`not a ${q.filter} id`)).safeParse(q.value ?? '')
      if (!parsed.success) throw invalidField('value', 'invalid', `not a ${q.filter}`)
      named[q.filter] = parsed.data
    }
    const filter: FeedFilter = {}
    if (named.program) {
      if (!(await findProgram(db, named.program))) throw notFound('program')
      filter.program = named.program
    }
    if (named.user) {
      if (!(await publicUsers(db, [named.user])).has(named.user)) throw notFound('user')
      filter.author = named.user
    }
    const viewer = await viewerOf(db, caller)
    if (named.tag) {
      const tag = await findTagId(db, tagKey(named.tag))
      if (tag === undefined) return c.json(toFeedPage(c.req.url, q.size, []), 200)
      filter.tag = tag
    }
    const ids = await feedPostIds(db, viewer, filter, { before: q.before, size: q.size })
    const posts = await postViews(db, ids, viewer, caller)
    return c.json(toFeedPage(c.req.url, q.size, posts), 200)
  })
}
