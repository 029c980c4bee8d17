import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { toggleLike } from '../commands/interactions.ts'
import { viewerOf } from '../queries/viewer.ts'
import { requestContext, uuidParam } from './schemas.ts'

const body = z
  .object({
    liked: z.boolean().optional().openapi({
      description: 'Set the like (true) or take it back (false); without it the like is toggled',
    }),
  })
  .strict()

export const postLike = createRoute({
  method: 'post',
  path: '/feed/posts/{uuid}/like',
  tags: ['feed'],
  summary: 'Like or unlike a post',
  description:
    'One like per user: toggled, or set with `liked` (then a retry changes nothing). Any signed-in user who sees the post (guests sign in first); 404 otherwise; 422 `post_not_published` on a post an admin hid.',
  security: bearerSecurity,
  middleware: [signedIn()] as const,
  request: {
    params: uuidParam('post'),
    body: { required: false, content: { 'application/json': { schema: body } } },
  },
  responses: {
    200: {
      description: 'The like and the count now',
      content: {
        'application/json': {
          schema: z
            .object({ is_liked_by_user: z.boolean(), likes_count: z.number().int() })
            .openapi('FeedLikeState'),
        },
      },
    },
    ...errorResponses(400, 401, 404, 422),
  },
})

export function registerPostLike(app: ApiApp) {
  app.openapi(postLike, async (c) => {
    const me = requireUser(c)
    const { db } = c.get('services')
    const liked = (c.req.valid('json') as z.infer<typeof body> | undefined)?.liked
    const result = await toggleLike(
      db,
      requestContext(c),
      (await viewerOf(db, me))!,
      c.req.valid('param').uuid,
      liked,
    )
    return c.json({ is_liked_by_user: result.liked, likes_count: result.likes_count }, 200)
  })
}
