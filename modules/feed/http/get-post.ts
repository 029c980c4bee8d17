import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { postViews, visiblePost } from '../queries/posts.ts'
import { viewerOf } from '../queries/viewer.ts'
import { postJson, viewerCaller } from './schemas.ts'

export const getPost = createRoute({
  method: 'get',
  path: '/feed/posts/{uuid}',
  tags: ['feed'],
  summary: 'A post, by uuid or by its address',
  description:
    'The post page (`/posts/{url}`) reads it by its `url`; anything else by its uuid. A post the viewer may not see (another audience, hidden, deleted) is 404, as one that does not exist. Guests read public posts.',
  request: {
    params: z.object({
      uuid: z
        .string()
        .min(1)
        .max(100)
        .openapi({ param: { name: 'uuid', in: 'path' }, description: 'The post’s uuid or its url' }),
    }),
  },
  responses: {
    200: { description: 'The post', content: { 'application/json': { schema: postJson } } },
    ...errorResponses(400, 401, 404),
  },
})

export function registerGetPost(app: ApiApp) {
  app.openapi(getPost, async (c) => {
    const caller = viewerCaller(c)
    const { db } = c.get('services')
    const viewer = await viewerOf(db, caller)
    const post = await visiblePost(db, viewer, c.req.valid('param').uuid)
    const [json] = await postViews(db, [post.id], viewer, caller)
    return c.json(json!, 200)
  })
}
