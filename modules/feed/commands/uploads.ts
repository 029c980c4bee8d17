import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import type { Config } from '../../platform/config.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Db } from '../../platform/db.ts'
import { invalidField } from '../../platform/errors.ts'
import { newId } from '../../platform/ids.ts'
import {
  type FileRow,
  type ImageRow,
  insertFile,
  insertImage,
  insertVideo,
  type VideoRow,
} from '../db/media.ts'
import { refusedFile } from '../errors.ts'
import { recogniseVideo, videoPageUrl } from '../rules/videos.ts'

/**
 * Uploads for posts (spec sections 5, 7 and 9): made before the post, attached when it is saved.
 * The bytes decide what a file is, never its name or the type the client declares. A refused file
 * is a 422 at once (the web does not retry it); other failures may be retried.
 *
 * - Images (`POST feed/upload`): PNG or JPG of at most 2 MiB (2,097,152 bytes, the drop limit) and
 *   40 megapixels, stored as JPG (turned upright, transparency on white, metadata such as GPS
 *   removed) in three sizes: at most 320, 800 and 1600 px on the longest side.
 * - Files (`POST feed/files`): PDF, Word, Excel, PowerPoint (both the 2007+ and the older format),
 *   OpenDocument text, spreadsheet and presentation, RTF, plain text and CSV; at most 10 MiB.
 */
export const uploadLimits = {
  imageBytes: 2 * 1024 * 1024,
  imagePixels: 40_000_000,
  fileBytes: 10 * 1024 * 1024,
  /** Multipart overhead allowed on top of the file (boundary, headers of the part). */
  multipartOverhead: 64 * 1024,
} as const

export const imageSizes = { small: 320, medium: 800, large: 1600 } as const
export type ImageSize = keyof typeof imageSizes

export const feedImageDir = (config: Pick<Config, 'DATA_DIR'>) =>
  path.join(config.DATA_DIR, 'uploads', 'feed', 'images')
export const feedFileDir = (config: Pick<Config, 'DATA_DIR'>) =>
  path.join(config.DATA_DIR, 'uploads', 'feed', 'files')
export const imageFile = (config: Pick<Config, 'DATA_DIR'>, id: string, size: ImageSize) =>
  path.join(feedImageDir(config), `${id}-${size}.jpg`)
export const documentFile = (config: Pick<Config, 'DATA_DIR'>, id: string) =>
  path.join(feedFileDir(config), id)

/** A file name as people see it: no folders, no control characters, at most 255 characters. */
export function cleanName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? ''
  const clean = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 255)
  return clean === '' || clean === '.' || clean === '..' ? fallback : clean
}

/** Stores an image upload of the caller's, in three sizes. */
export async function uploadFeedImage(
  db: Db,
  config: Pick<Config, 'DATA_DIR'>,
  ctx: RequestContext,
  uploaderId: string,
  file: File,
): Promise<ImageRow> {
  if (file.size > uploadLimits.imageBytes)
    throw refusedFile('file', 'image_too_large', 'the image must be at most 2 MiB', {
      maximum: uploadLimits.imageBytes,
    })
  const input = Buffer.from(await file.arrayBuffer())
  const meta = await sharp(input, { limitInputPixels: uploadLimits.imagePixels })
    .metadata()
    .catch(() => null)
  if (!meta || (meta.format !== 'jpeg' && meta.format !== 'png'))
    throw refusedFile('file', 'image_not_jpg_png', 'the image must be a JPG or PNG')
  const id = newId()
  const dir = feedImageDir(config)
  await mkdir(dir, { recursive: true })
  let large: { width: number; height: number; size: number } | undefined
  try {
    for (const [size, side] of Object.entries(imageSizes) as [ImageSize, number][]) {
      const { data, info } = await sharp(input, { limitInputPixels: uploadLimits.imagePixels })
        .rotate()
        .resize(side, side, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: size === 'small' ? 75 : 82, mozjpeg: true })
        .toBuffer({ resolveWithObject: true })
      await writeFile(imageFile(config, id, size), data)
      if (size === 'large') large = { width: info.width, height: info.height, size: data.length }
    }
  } catch {
    await removeImageFiles(config, id)
    throw refusedFile('file', 'image_unreadable', 'the image could not be read')
  }
  const name = cleanName(file.name, 'image.jpg').replace(/\.(png|jpe?g)$/i, '.jpg')
  const row = await insertImage(db, {
    id,
    uploader_user_id: uploaderId,
    name,
    width: large!.width,
    height: large!.height,
    bytes: large!.size,
  })
  ctx.log.info({ image_id: id, bytes: large!.size }, 'feed image uploaded')
  return row
}

export async function removeImageFiles(config: Pick<Config, 'DATA_DIR'>, id: string): Promise<void> {
  await Promise.all(
    (Object.keys(imageSizes) as ImageSize[]).map((size) => rm(imageFile(config, id, size), { force: true })),
  )
}

/** The document types a post takes, by what the bytes say (`file-type`'s extension). */
const documentTypes: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  rtf: 'application/rtf',
}

/** Office files of before 2007 are OLE containers (`cfb`): the name's extension tells which. */
const oleTypes: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
}

/** Plain text has no signature: UTF-8 without NUL or other control characters than tab and line breaks. */
const textTypes: Record<string, string> = { txt: 'text/plain; charset=utf-8', csv: 'text/csv; charset=utf-8' }

function isPlainText(bytes: Buffer): boolean {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return false
  }
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) || code === 0x7f)
      return false
  }
  return true
}

/** What a document is by its bytes (and, for the two kinds without a signature of their own, its name). */
export async function sniffDocument(bytes: Buffer, name: string): Promise<string | null> {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? ''
  const sniffed = await fileTypeFromBuffer(bytes)
  if (sniffed) {
    if (sniffed.ext === 'cfb') return oleTypes[ext] ?? null
    return documentTypes[sniffed.ext] ?? null
  }
  return textTypes[ext] && bytes.length > 0 && isPlainText(bytes) ? textTypes[ext] : null
}

/** Stores a document upload of the caller's; its type is sniffed from the bytes. */
export async function uploadFeedFile(
  db: Db,
  config: Pick<Config, 'DATA_DIR'>,
  ctx: RequestContext,
  uploaderId: string,
  file: File,
): Promise<FileRow> {
  if (file.size > uploadLimits.fileBytes)
    throw refusedFile('file', 'file_too_large', 'the file must be at most 10 MiB', {
      maximum: uploadLimits.fileBytes,
    })
  return storeFeedDocument(db, config, ctx, uploaderId, Buffer.from(await file.arrayBuffer()), file.name)
}

/**
 * Stores a document's bytes as a loose upload of the caller's, after the same checks whichever way
 * it came (one request, or a resumable upload put together): the size limit, the type sniffed from
 * the bytes. Refused: 422 naming `file`.
 */
export async function storeFeedDocument(
  db: Db,
  config: Pick<Config, 'DATA_DIR'>,
  ctx: RequestContext,
  uploaderId: string,
  bytes: Buffer,
  fileName: string | undefined,
): Promise<FileRow> {
  if (bytes.length > uploadLimits.fileBytes)
    throw refusedFile('file', 'file_too_large', 'the file must be at most 10 MiB', {
      maximum: uploadLimits.fileBytes,
    })
  const name = cleanName(fileName, 'document')
  const contentType = await sniffDocument(bytes, name).catch(() => null)
  if (!contentType)
    throw refusedFile(
      'file',
      'file_type_not_allowed',
      'the file must be a PDF, an office document (Word, Excel, PowerPoint, OpenDocument), RTF, text or CSV',
    )
  const id = newId()
  await mkdir(feedFileDir(config), { recursive: true })
  await writeFile(documentFile(config, id), bytes)
  const row = await insertFile(db, {
    id,
    uploader_user_id: uploaderId,
    name,
    content_type: contentType,
    bytes: bytes.length,
  })
  ctx.log.info({ file_id: id, bytes: bytes.length, content_type: contentType }, 'feed file uploaded')
  return row
}

/** Recognises a video by its address and keeps it for a draft (a post takes addresses too). */
export async function addVideo(
  db: Db,
  ctx: RequestContext,
  creatorId: string,
  url: string,
): Promise<VideoRow> {
  const video = recogniseVideo(url)
  if (!video) throw invalidField('url', 'video_not_recognised', 'not a YouTube or Vimeo video')
  const row = await insertVideo(db, {
    id: newId(),
    creator_user_id: creatorId,
    provider: video.provider,
    video_id: video.video_id,
    full_url: videoPageUrl(video),
  })
  ctx.log.info({ video_id: row.id, provider: row.provider }, 'feed video recognised')
  return row
}
