import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import type { Config } from '../../platform/config.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Db } from '../../platform/db.ts'
import { invalidField } from '../../platform/errors.ts'
import { newId } from '../../platform/ids.ts'
import { insertProgramImage, type ProgramImageRow } from '../db/images.ts'

/**
 * Program images (spec section 5): JPG or PNG of at most 1 MB in, judged by the bytes, never the
 * name or declared type; stored as JPG (transparency on white), turned upright, without metadata
 * (no GPS or camera details leak) and at most 2048 px on the longest side. The specification's
 * preferred 360×360 is for the owner to choose: pictures are not cropped.
 */
export const imageLimits = { maxBytes: 1024 * 1024, maxSide: 2048 } as const

export const imageDir = (config: Pick<Config, 'DATA_DIR'>) => path.join(config.DATA_DIR, 'uploads', 'images')
export const imageFileName = /^[0-9a-f-]{36}\.jpg$/

export async function uploadImage(
  db: Db,
  config: Pick<Config, 'DATA_DIR'>,
  ctx: RequestContext,
  ownerUserId: string,
  file: Blob,
): Promise<ProgramImageRow> {
  if (file.size > imageLimits.maxBytes)
    throw invalidField('image', 'image_too_large', 'the image must be at most 1 MB', {
      maximum: imageLimits.maxBytes,
    })
  const input = Buffer.from(await file.arrayBuffer())
  const meta = await sharp(input)
    .metadata()
    .catch(() => null)
  if (!meta || (meta.format !== 'jpeg' && meta.format !== 'png')) {
    throw invalidField('image', 'image_not_jpg_png', 'the image must be a JPG or PNG')
  }
  const { data, info } = await sharp(input)
    .rotate()
    .resize(imageLimits.maxSide, imageLimits.maxSide, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw invalidField('image', 'image_unreadable', 'the image could not be read')
    })
  const id = newId()
  const dir = imageDir(config)
  await mkdir(dir, { recursive: true })
  const name = `${id}.jpg`
  await writeFile(path.join(dir, name), data)
  const row = await insertProgramImage(db, {
    id,
    owner_user_id: ownerUserId,
    file: name,
    width: info.width,
    height: info.height,
    bytes: data.length,
  })
  ctx.log.info({ image_id: id, bytes: data.length }, 'program image uploaded')
  return row
}
