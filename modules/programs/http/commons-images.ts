import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { notFound } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { imageDir, imageFileName, uploadImage } from '../commands/upload-image.ts'
import type { ProgramImageRow } from '../db/images.ts'
import { programImageUrl } from '../queries/images.ts'
import { requestContext, resultOf } from './schemas.ts'

export const imageSchema = z
  .object({
    uuid: z.uuid(),
    file: z.string().openapi({ example: '0193a5c2-7f1e-7b4c-9d2a-3e5f6a7b8c9d.jpg' }),
    url: z.string().openapi({ description: 'Where the JPG is served (no sign-in needed)' }),
    width: z.number().int(),
    height: z.number().int(),
    size: z.number().int().openapi({ description: 'Bytes of the stored JPG' }),
    created: z.iso.datetime(),
  })
  .openapi('ProgramImage')

const toImageJson = (r: ProgramImageRow) => ({
  uuid: r.id,
  file: r.file,
  url: programImageUrl(r.file),
  width: r.width,
  height: r.height,
  size: r.bytes,
  created: r.created_at.toISOString(),
})

export const postImage = createRoute({
  method: 'post',
  path: '/manager/commons/images',
  tags: ['manager'],
  summary: 'Upload an image',
  description:
    'Multipart field `image`: a JPG or PNG (judged by its bytes) of at most 1 MB; 360×360 px fits best. Stored as JPG (transparency on white, metadata removed, at most 2048 px on the longest side). Wrong type or too large: 400 on `image`; a body over the platform limit: 413. Program owners, acceptors and admins.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'acceptor', 'admin')] as const,
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({
            image: z
              .instanceof(File, { message: 'an image file is required' })
              .openapi({ type: 'string', format: 'binary' }),
          }),
        },
      },
    },
  },
  responses: {
    201: { description: 'Stored', content: { 'application/json': { schema: resultOf(imageSchema) } } },
    ...errorResponses(400, 401, 403, 413),
  },
})

export const getImage = createRoute({
  method: 'get',
  path: '/manager/commons/images/{file}',
  tags: ['manager'],
  summary: 'An uploaded image',
  description:
    'Public, like avatars: program images appear on pages guests see (cards, restaurants). The name is unguessable and never reused, so the answer is cached for good.',
  request: { params: z.object({ file: z.string().regex(imageFileName, 'not an image') }) },
  responses: {
    200: {
      description: 'JPG image',
      content: { 'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...errorResponses(400, 404),
  },
})

export function registerImageRoutes(app: ApiApp) {
  app.openapi(postImage, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor', 'admin')
    const { image } = c.req.valid('form')
    const { db, config } = c.get('services')
    const row = await uploadImage(db, config, requestContext(c), me.user_id, image)
    return c.json({ result: toImageJson(row) }, 201)
  })

  app.openapi(getImage, async (c) => {
    const { file } = c.req.valid('param')
    const bytes = await readFile(path.join(imageDir(c.get('services').config), file)).catch(() => null)
    if (!bytes) throw notFound('image')
    return c.body(bytes, 200, {
      'Content-Type': 'image/jpeg',
      'Cache-Control': 'public, max-age=31536000, immutable',
    })
  })
}
