import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { deleteComment, editComment } from '../commands/interactions.ts'
import { viewerOf } from '../queries/viewer.ts'
import { commentJson, commentViews } from './comments.ts'
import { commentBody } from './post-comment.ts'
import { requestContext } from './schemas.ts'

const params = z.object({
  uuid: z.uuid('not a post id').openapi({ param: { name: 'uuid', in: 'path' } }),
  commentUuid: z.uuid('not a comment id').openapi({ param: { name: 'commentUuid', in: 'path' } }),
})

const who =
  'Its author, the owner of the post’s program and admins; others who see the post: 403 `not_comment_author`; a post they do not see, or a comment not of that post: 404.'

export const postCommentEdit = createRoute({
  method: 'post',
  path: '/feed/posts/{uuid}/comments/{commentUuid}',
  tags: ['feed'],
  summary: 'Edit a comment',
  description: `The comment then says edited. ${who}`,
  security: bearerSecurity,
  middleware: [signedIn()] as const,
  request: { params, body: { required: true, content: { 'application/json': { schema: commentBody } } } },
  responses: {
    200: { description: 'Saved', content: { 'application/json': { schema: commentJson } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const deleteCommentRoute = createRoute({
  method: 'delete',
  path: '/feed/posts/{uuid}/comments/{commentUuid}',
  tags: ['feed'],
  summary: 'Delete a comment',
  description: who,
  security: bearerSecurity,
  middleware: [signedIn()] as const,
  request: { params },
  responses: {
    204: { description: 'Deleted' },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export function registerChangeComment(app: ApiApp) {
  app.openapi(postCommentEdit, async (c) => {
    const me = requireUser(c)
    const { db } = c.get('services')
    const { uuid, commentUuid } = c.req.valid('param')
    const viewer = (await viewerOf(db, me))!
    const row = await editComment(db, requestContext(c), viewer, uuid, commentUuid, c.req.valid('json').text)
    const [json] = await commentViews(db, [row], me)
    return c.json(json!, 200)
  })

  app.openapi(deleteCommentRoute, async (c) => {
    const me = requireUser(c)
    const { db } = c.get('services')
    const { uuid, commentUuid } = c.req.valid('param')
    await deleteComment(db, requestContext(c), (await viewerOf(db, me))!, uuid, commentUuid)
    return c.body(null, 204)
  })
}
