import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { invalidField, notFound } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { bearerSecurity, requireUser, signedIn } from '../auth.ts'
import { findUserById, updateUser } from '../db/users.ts'
import { ownProfile } from '../profile-fields.ts'
import { profileSchema } from './get-profile.ts'

/** Avatars: JPG or PNG up to 1 MB in; stored as a 360×360 JPG without metadata (no GPS leaks). */
export const avatarLimits = { maxBytes: 1024 * 1024, side: 360 } as const
const fileName = /^[0-9a-f-]{36}-[0-9a-f]{16}\.jpg$/

const avatarDir = (dataDir: string) => path.join(dataDir, 'uploads', 'avatars')

export const postAvatar = createRoute({
  method: 'post',
  path: '/user/profile/avatar',
  tags: ['user'],
  summary: 'Upload my avatar',
  description:
    'Multipart field `avatar`: a JPG or PNG of at most 1 MB (360×360 px fits best). Stored as a 360×360 JPG.',
  security: bearerSecurity,
  middleware: [signedIn()] as const,
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({
            avatar: z
              .instanceof(File, { message: 'an image file is required' })
              .openapi({ type: 'string', format: 'binary' }),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: 'The profile with its new avatar',
      content: { 'application/json': { schema: profileSchema } },
    },
    ...errorResponses(400, 401, 413),
  },
})

export const getAvatar = createRoute({
  method: 'get',
  path: '/user/avatars/{file}',
  tags: ['user'],
  summary: 'An avatar image',
  request: { params: z.object({ file: z.string().regex(fileName, 'not an avatar') }) },
  responses: {
    200: {
      description: 'JPG image',
      content: { 'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...errorResponses(400, 404),
  },
})

export function registerAvatarRoutes(app: ApiApp) {
  app.openapi(postAvatar, async (c) => {
    const me = requireUser(c)
    const { avatar } = c.req.valid('form')
    if (avatar.size > avatarLimits.maxBytes)
      throw invalidField('avatar', 'image_too_large', 'the image must be at most 1 MB', {
        maximum: avatarLimits.maxBytes,
      })
    const input = Buffer.from(await avatar.arrayBuffer())
    // Trust the bytes, not the file name or the declared type.
    const meta = await sharp(input)
      .metadata()
      .catch(() => null)
    if (!meta || (meta.format !== 'jpeg' && meta.format !== 'png')) {
      throw invalidField('avatar', 'image_not_jpg_png', 'the image must be a JPG or PNG')
    }
    const jpg = await sharp(input)
      .rotate()
      .resize(avatarLimits.side, avatarLimits.side, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer()
    const { db, config } = c.get('services')
    const dir = avatarDir(config.DATA_DIR)
    await mkdir(dir, { recursive: true })
    const name = `${me.user_id}-${randomBytes(8).toString('hex')}.jpg`
    await writeFile(path.join(dir, name), jpg)
    const previous = (await findUserById(db, me.user_id))?.avatar
    const user = await updateUser(db, me.user_id, { avatar: name })
    if (previous && fileName.test(previous)) await rm(path.join(dir, previous), { force: true })
    return c.json(ownProfile(user), 200)
  })

  app.openapi(getAvatar, async (c) => {
    const { file } = c.req.valid('param')
    const bytes = await readFile(path.join(avatarDir(c.get('services').config.DATA_DIR), file)).catch(
      () => null,
    )
    if (!bytes) throw notFound('avatar')
    // A new upload gets a new name, so an avatar never changes under its URL.
    return c.body(bytes, 200, {
      'Content-Type': 'image/jpeg',
      'Cache-Control': 'public, max-age=31536000, immutable',
    })
  })
}
