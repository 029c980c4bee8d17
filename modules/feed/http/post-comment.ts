import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, idempotencyKeyHeader, z } from '../../platform/http.ts'
import { idempotency } from '../../platform/idempotency.ts'
import type { ApiApp } from '../../platform/module.ts'
import { addComment } from '../commands/interactions.ts'
import { viewerOf } from '../queries/viewer.ts'
import { commentJson, commentViews } from './comments.ts'
import { commentTextInput, requestContext, uuidParam } from './schemas.ts'

export const commentBody = z.object({ text: commentTextInput }).strict().openapi('FeedCommentInput')

export const postComment = createRoute({
  method: 'post',
  path: '/feed/posts/{uuid}/comments',
  tags: ['feed'],
  summary: 'Comment on a post',
  description:
    'Text as JSON rows (or a string split at line breaks), at most 4,000 characters. Any signed-in user who sees the post; 404 otherwise; 422 `post_not_published` on a post an admin hid. Safe to retry with an `Idempotency-Key`.',
  security: bearerSecurity,
  middleware: [signedIn(), idempotency()] as const,
  request: {
    params: uuidParam('post'),
    headers: idempotencyKeyHeader,
    body: { required: true, content: { 'application/json': { schema: commentBody } } },
  },
  responses: {
    201: { description: 'Added', content: { 'application/json': { schema: commentJson } } },
    ...errorResponses(400, 401, 404, 409, 422),
  },
})

export function registerPostComment(app: ApiApp) {
  app.openapi(postComment, async (c) => {
    const me = requireUser(c)
    const { db } = c.get('services')
    const viewer = (await viewerOf(db, me))!
    const row = await addComment(
      db,
      requestContext(c),
      viewer,
      c.req.valid('param').uuid,
      c.req.valid('json').text,
    )
    const [json] = await commentViews(db, [row], me)
    return c.json(json!, 201)
  })
}
