import { readFile } from 'node:fs/promises'
import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { notFound } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import {
  addVideo,
  documentFile,
  type ImageSize,
  imageFile,
  imageSizes,
  uploadFeedFile,
  uploadFeedImage,
  uploadLimits,
} from '../commands/uploads.ts'
import { findFile, findImage } from '../db/media.ts'
import { findPost } from '../db/posts.ts'
import { factsOf } from '../queries/posts.ts'
import { viewerOf } from '../queries/viewer.ts'
import { canSee } from '../rules/audience.ts'
import { videoEmbedUrl, videoPageUrl } from '../rules/videos.ts'
import { filePath, imagePath, requestContext, uuidParam } from './schemas.ts'

const fileField = z
  .instanceof(File, { message: 'a file is required' })
  .openapi({ type: 'string', format: 'binary' })

const multipart = {
  required: true,
  content: { 'multipart/form-data': { schema: z.object({ file: fileField }) } },
} as const

const uploadJson = z
  .object({
    uuid: z.uuid(),
    path: z.string(),
    content_type: z.string(),
    name: z.string(),
    size: z.number().int(),
  })
  .openapi('FeedUpload')

const authors = ['owner', 'acceptor', 'admin'] as const

export const postUpload = createRoute({
  method: 'post',
  path: '/feed/upload',
  tags: ['feed'],
  summary: 'Upload an image for a post',
  description:
    'Multipart field `file`: a PNG or JPG (judged by its bytes) of at most 2 MiB (2,097,152 bytes) and 40 megapixels, stored as JPG in three sizes (320, 800, 1600 px; metadata removed). Refused files answer 422 at once (`image_too_large`, `image_not_jpg_png`, `image_unreadable`, also on `file`). Give its uuid in the post’s `images`. Program owners, acceptors and admins.',
  security: bearerSecurity,
  middleware: [signedIn(...authors)] as const,
  request: { body: multipart },
  responses: {
    201: {
      description: 'Stored',
      content: {
        'application/json': {
          schema: uploadJson.extend({
            width: z.number().int(),
            height: z.number().int(),
            sizes: z.object({ small: z.string(), medium: z.string(), large: z.string() }),
          }),
        },
      },
    },
    ...errorResponses(400, 401, 403, 413, 422),
  },
})

export const postFiles = createRoute({
  method: 'post',
  path: '/feed/files',
  tags: ['feed'],
  summary: 'Upload a document for a post',
  description:
    'Multipart field `file`: PDF, Word, Excel, PowerPoint (2007+ and older), OpenDocument text, spreadsheet or presentation, RTF, plain text or CSV, at most 10 MiB. The type is sniffed from the bytes, never taken from the client. Refused files answer 422 at once (`file_too_large`, `file_type_not_allowed`). Give its uuid in the post’s `files`. Program owners, acceptors and admins.',
  security: bearerSecurity,
  middleware: [signedIn(...authors)] as const,
  request: { body: multipart },
  responses: {
    201: { description: 'Stored', content: { 'application/json': { schema: uploadJson } } },
    ...errorResponses(400, 401, 403, 413, 422),
  },
})

export const postVideos = createRoute({
  method: 'post',
  path: '/feed/videos',
  tags: ['feed'],
  summary: 'Recognise a video address',
  description:
    'A YouTube or Vimeo address (400 `video_not_recognised` on `url` otherwise): answers what a post will show. Posts take the addresses themselves (`videos`). Program owners, acceptors and admins.',
  security: bearerSecurity,
  middleware: [signedIn(...authors)] as const,
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: z.object({ url: z.string().max(2048) }).strict() } },
    },
  },
  responses: {
    201: {
      description: 'Recognised',
      content: {
        'application/json': {
          schema: z.object({
            uuid: z.uuid(),
            type: z.enum(['youtube', 'vimeo']),
            url: z.string().openapi({ description: 'The player to embed' }),
            full_url: z.string(),
          }),
        },
      },
    },
    ...errorResponses(400, 401, 403),
  },
})

export const getImage = createRoute({
  method: 'get',
  path: '/feed/images/{uuid}/{size}',
  tags: ['feed'],
  summary: 'An image of a post',
  description:
    'Whoever sees the post (guests: public posts); a loose upload only its uploader. 404 otherwise. Public posts’ images may be cached by anyone, others only by the browser.',
  request: {
    params: uuidParam('image').extend({
      size: z.enum(Object.keys(imageSizes) as [ImageSize, ...ImageSize[]], {
        message: 'small, medium or large',
      }),
    }),
  },
  responses: {
    200: {
      description: 'JPG',
      content: { 'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...errorResponses(400, 404),
  },
})

export const getFile = createRoute({
  method: 'get',
  path: '/feed/files/{uuid}',
  tags: ['feed'],
  summary: 'A file of a post (download)',
  description:
    'Whoever sees the post (guests: public posts); a loose upload only its uploader. 404 otherwise. Always a download, with the sniffed type.',
  request: { params: uuidParam('file') },
  responses: {
    200: {
      description: 'The file',
      content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...errorResponses(400, 404),
  },
})

/**
 * Whether the caller may read an upload: the post it belongs to is one they see; a loose upload
 * (no post yet) is its uploader's alone. Answers whether the post is public (cacheable by all).
 */
async function mayRead(
  c: Parameters<Parameters<ApiApp['openapi']>[1]>[0],
  upload: { uploader_user_id: string; post_id: string | null } | undefined,
): Promise<{ public: boolean }> {
  // A stale token reads as a guest here: an <img> cannot refresh it.
  const caller = c.get('actor').kind === 'user' ? requireUser(c) : null
  if (!upload) throw notFound('upload')
  if (upload.post_id === null) {
    if (caller?.user_id !== upload.uploader_user_id) throw notFound('upload')
    return { public: false }
  }
  const { db } = c.get('services')
  const post = await findPost(db, upload.post_id)
  if (!post || !canSee(await viewerOf(db, caller), factsOf(post))) throw notFound('upload')
  return { public: post.status === 'published' && post.audience === 'everyone' }
}

export function registerUploadRoutes(app: ApiApp) {
  app.openapi(postUpload, async (c) => {
    const me = requireUser(c, ...authors)
    const { db, config } = c.get('services')
    const row = await uploadFeedImage(db, config, requestContext(c), me.user_id, c.req.valid('form').file)
    return c.json(
      {
        uuid: row.id,
        path: imagePath(row.id, 'large'),
        content_type: 'image/jpeg',
        name: row.name,
        size: row.bytes,
        width: row.width,
        height: row.height,
        sizes: {
          small: imagePath(row.id, 'small'),
          medium: imagePath(row.id, 'medium'),
          large: imagePath(row.id, 'large'),
        },
      },
      201,
    )
  })

  app.openapi(postFiles, async (c) => {
    const me = requireUser(c, ...authors)
    const { db, config } = c.get('services')
    const row = await uploadFeedFile(db, config, requestContext(c), me.user_id, c.req.valid('form').file)
    return c.json(
      {
        uuid: row.id,
        path: filePath(row.id),
        content_type: row.content_type,
        name: row.name,
        size: row.bytes,
      },
      201,
    )
  })

  app.openapi(postVideos, async (c) => {
    const me = requireUser(c, ...authors)
    const row = await addVideo(c.get('services').db, requestContext(c), me.user_id, c.req.valid('json').url)
    const video = { provider: row.provider as 'youtube' | 'vimeo', video_id: row.video_id }
    return c.json(
      { uuid: row.id, type: video.provider, url: videoEmbedUrl(video), full_url: videoPageUrl(video) },
      201,
    )
  })

  app.openapi(getImage, async (c) => {
    const { uuid, size } = c.req.valid('param')
    const { db, config } = c.get('services')
    const access = await mayRead(c, await findImage(db, uuid))
    const bytes = await readFile(imageFile(config, uuid, size)).catch(() => null)
    if (!bytes) throw notFound('image')
    return c.body(bytes, 200, {
      'Content-Type': 'image/jpeg',
      'Cache-Control': `${access.public ? 'public' : 'private'}, max-age=3600`,
      'Cross-Origin-Resource-Policy': 'same-site',
    })
  })

  app.openapi(getFile, async (c) => {
    const { uuid } = c.req.valid('param')
    const { db, config } = c.get('services')
    const file = await findFile(db, uuid)
    const access = await mayRead(c, file)
    const bytes = await readFile(documentFile(config, uuid)).catch(() => null)
    if (!bytes || !file) throw notFound('file')
    return c.body(bytes, 200, {
      'Content-Type': file.content_type,
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'Content-Security-Policy': "sandbox; default-src 'none'",
      'Cache-Control': `${access.public ? 'public' : 'private'}, max-age=3600`,
    })
  })
}

/** Upload routes take bodies up to their file limit (plus multipart overhead), not the platform's 2 MiB. */
export const uploadBodyLimits = {
  '/feed/upload': uploadLimits.imageBytes + uploadLimits.multipartOverhead,
  '/feed/files': uploadLimits.fileBytes + uploadLimits.multipartOverhead,
  '/feed/uploads/*': uploadLimits.fileBytes + uploadLimits.multipartOverhead,
}
