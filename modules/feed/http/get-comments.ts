import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { commentsOfPost } from '../db/comments.ts'
import { visiblePost } from '../queries/posts.ts'
import { viewerOf } from '../queries/viewer.ts'
import { commentJson, commentViews } from './comments.ts'
import { pageQuery, uuidParam, viewerCaller } from './schemas.ts'

const query = z.object({
  after: z
    .uuid('not a comment id')
    .optional()
    .openapi({ description: 'The last comment of the page before' }),
  size: pageQuery.size,
})

const commentPage = z
  .object({
    data: z.array(commentJson),
    pagination: z.object({
      size: z.number().int(),
      has_more: z.boolean(),
      next_cursor: z.string().nullable().openapi({ description: 'Pass as `after` for the next page' }),
      next: z.string().nullable(),
    }),
  })
  .openapi('FeedCommentPage')

export const getComments = createRoute({
  method: 'get',
  path: '/feed/posts/{uuid}/comments',
  tags: ['feed'],
  summary: 'The comments of a post, oldest first',
  description:
    'Keyset paging with `after`. Whoever sees the post (guests: public posts); a post the viewer does not see is 404.',
  request: { params: uuidParam('post'), query },
  responses: {
    200: { description: 'One page', content: { 'application/json': { schema: commentPage } } },
    ...errorResponses(400, 401, 404),
  },
})

export function registerGetComments(app: ApiApp) {
  app.openapi(getComments, async (c) => {
    const caller = viewerCaller(c)
    const q = c.req.valid('query')
    const { db } = c.get('services')
    const post = await visiblePost(db, await viewerOf(db, caller), c.req.valid('param').uuid)
    const rows = await commentsOfPost(db, post.id, { after: q.after, size: q.size })
    const data = await commentViews(db, rows.slice(0, q.size), caller)
    const hasMore = rows.length > q.size
    const cursor = hasMore ? (data.at(-1)?.uuid ?? null) : null
    let next: string | null = null
    if (cursor) {
      const u = new URL(c.req.url)
      u.searchParams.set('after', cursor)
      next = u.toString()
    }
    return c.json({ data, pagination: { size: q.size, has_more: hasMore, next_cursor: cursor, next } }, 200)
  })
}
