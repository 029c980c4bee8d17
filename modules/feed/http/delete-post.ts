import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { deletePost as deletePostCommand } from '../commands/posts.ts'
import { viewerOf } from '../queries/viewer.ts'
import { requestContext, uuidParam } from './schemas.ts'

export const deletePost = createRoute({
  method: 'delete',
  path: '/feed/posts/{uuid}',
  tags: ['feed'],
  summary: 'Delete a post (its author)',
  description:
    'Gone for everybody (admins still list it as deleted). A post the caller does not see: 404; one they see but did not write: 403 `not_post_author` (admins hide or remove with a reason: POST feed/admin/posts/{uuid}/moderation).',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'acceptor', 'admin')] as const,
  request: { params: uuidParam('post') },
  responses: {
    204: { description: 'Deleted' },
    ...errorResponses(400, 401, 403, 404),
  },
})

export function registerDeletePost(app: ApiApp) {
  app.openapi(deletePost, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor', 'admin')
    const { db } = c.get('services')
    await deletePostCommand(db, requestContext(c), (await viewerOf(db, me))!, c.req.valid('param').uuid)
    return c.body(null, 204)
  })
}
