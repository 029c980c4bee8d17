import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, idempotencyKeyHeader, z } from '../../platform/http.ts'
import { idempotency } from '../../platform/idempotency.ts'
import type { ApiApp } from '../../platform/module.ts'
import { createPost } from '../commands/posts.ts'
import { announcePost } from '../live/hub.ts'
import { postViews } from '../queries/posts.ts'
import { viewerOf } from '../queries/viewer.ts'
import { postFields, postJson, requestContext } from './schemas.ts'

const body = z
  .object({
    title: postFields.title,
    text: postFields.text,
    link: postFields.link.optional(),
    program_uuid: postFields.program_uuid.optional(),
    audience: postFields.audience.optional(),
    is_private: postFields.is_private.optional(),
    images: postFields.images.default([]),
    files: postFields.files.default([]),
    videos: postFields.videos.default([]),
    tags: postFields.tags.default([]),
  })
  .strict()
  .openapi('FeedPostInput')

export const postPosts = createRoute({
  method: 'post',
  path: '/feed/posts',
  tags: ['feed'],
  summary: 'Write a post',
  description:
    'Program owners, acceptors and admins (card holders comment and like). The title’s line breaks become spaces, the text is split into rows, the link is forced to https, hashtags are taken from the text (plus `tags`). `program_uuid`: the author’s own program (owner), one they take part in (acceptor: 403 `not_program_acceptor` once they left it), any (admin); another’s is 404. `audience` cardholders needs a program. `images` and `files` are the author’s own uploads (400 `unknown_upload` naming `images.N` otherwise), `videos` YouTube or Vimeo addresses. Safe to retry with an `Idempotency-Key`.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'acceptor', 'admin'), idempotency()] as const,
  request: {
    headers: idempotencyKeyHeader,
    body: { required: true, content: { 'application/json': { schema: body } } },
  },
  responses: {
    201: { description: 'Published', content: { 'application/json': { schema: postJson } } },
    ...errorResponses(400, 401, 403, 404, 409),
  },
})

export function registerPostPosts(app: ApiApp) {
  app.openapi(postPosts, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor', 'admin')
    const input = c.req.valid('json')
    const { db } = c.get('services')
    const post = await createPost(db, requestContext(c), me, input)
    announcePost(c.get('services'), post)
    const viewer = await viewerOf(db, me)
    const [json] = await postViews(db, [post.id], viewer, me)
    return c.json(json!, 201)
  })
}
