import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { updatePost } from '../commands/posts.ts'
import { postViews } from '../queries/posts.ts'
import { viewerOf } from '../queries/viewer.ts'
import { postFields, postJson, requestContext, uuidParam } from './schemas.ts'

const body = z
  .object({
    title: postFields.title.optional(),
    text: postFields.text.optional(),
    link: postFields.link.optional(),
    program_uuid: postFields.program_uuid.optional(),
    audience: postFields.audience.optional(),
    is_private: postFields.is_private.optional(),
    images: postFields.images.optional(),
    files: postFields.files.optional(),
    videos: postFields.videos.optional(),
    tags: postFields.tags.optional(),
  })
  .strict()
  .openapi('FeedPostPatch')

export const patchPost = createRoute({
  method: 'patch',
  path: '/feed/posts/{uuid}',
  tags: ['feed'],
  summary: 'Edit a post (its author)',
  description:
    'Only the fields given change (the post then says edited). Given `text` or `tags`, the tags become the text’s hashtags plus `tags`; given lists (`images`, `files`, `videos`) replace the post’s. A post the caller does not see: 404; one they see but did not write: 403 `not_post_author`.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'acceptor', 'admin')] as const,
  request: {
    params: uuidParam('post'),
    body: { required: true, content: { 'application/json': { schema: body } } },
  },
  responses: {
    200: { description: 'Saved', content: { 'application/json': { schema: postJson } } },
    ...errorResponses(400, 401, 403, 404),
  },
})

export function registerPatchPost(app: ApiApp) {
  app.openapi(patchPost, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor', 'admin')
    const { db } = c.get('services')
    const viewer = (await viewerOf(db, me))!
    const post = await updatePost(
      db,
      requestContext(c),
      viewer,
      c.req.valid('param').uuid,
      c.req.valid('json'),
    )
    const [json] = await postViews(db, [post.id], viewer, me)
    return c.json(json!, 200)
  })
}
