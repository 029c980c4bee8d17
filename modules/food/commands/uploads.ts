import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import type { Config } from '../../platform/config.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Db } from '../../platform/db.ts'
import { invalidField } from '../../platform/errors.ts'
import { newId } from '../../platform/ids.ts'
import {
  type DocumentKind,
  type DocumentRow,
  type ImageKind,
  type ImageRow,
  insertDocument,
  insertImage,
} from '../db/files.ts'
import { foodFileDir, imageFileName } from '../files.ts'
import { imageMaxBytes, imageWidths, logoMinSide } from '../shared.ts'

/** PDFs: as large as the platform's request body allows (2 MB by default). */
export const documentMaxBytes = 2 * 1024 * 1024

/** The widths a logo is kept in (PNG): the app logo for headers, the favicon for tabs and home screens. */
const logoWidths: Record<'app_logo' | 'favicon_logo', readonly number[]> = {
  app_logo: [128, 256, 512],
  favicon_logo: [32, 180, 192, 512],
}

/**
 * Stores an uploaded image in several widths for `srcset`, judged by its bytes, never its name or
 * declared type (spec section 5: png, jpg, jpeg under 2 MB). Restaurant and product pictures are
 * kept as WebP and JPG (transparency on white) at 160, 320, 640 and 960 px wide, never enlarged (a
 * narrower original adds its own width); logos stay PNG and must be large enough (site logo at
 * least 256×256, favicon at least 512×512). Turned upright, without metadata (no GPS or camera
 * details leak). The field named in errors is `field`.
 */
export async function storeImage(
  db: Db,
  config: Pick<Config, 'DATA_DIR'>,
  ctx: RequestContext,
  uploadedBy: string,
  file: Blob,
  kind: ImageKind,
  field = 'image',
): Promise<ImageRow> {
  if (file.size >= imageMaxBytes) {
    throw invalidField(field, 'image_too_large', 'the image must be smaller than 2 MB', {
      maximum: imageMaxBytes,
    })
  }
  const input = Buffer.from(await file.arrayBuffer())
  const meta = await sharp(input)
    .metadata()
    .catch(() => null)
  const logo = kind === 'app_logo' || kind === 'favicon_logo'
  if (logo && meta?.format !== 'png') throw invalidField(field, 'logo_not_png', 'a logo must be a PNG')
  if (!meta || (meta.format !== 'jpeg' && meta.format !== 'png')) {
    throw invalidField(field, 'image_not_jpg_png', 'the image must be a JPG or PNG')
  }
  const upright = sharp(input).rotate()
  const { width, height } = await upright
    .clone()
    .toBuffer({ resolveWithObject: true })
    .then((r) => r.info)
    .catch(() => {
      throw invalidField(field, 'image_unreadable', 'the image could not be read')
    })
  if (logo) {
    const min = logoMinSide[kind]
    if (width < min || height < min) {
      throw invalidField(field, 'logo_too_small', `the logo must be at least ${min}×${min} pixels`, {
        minimum: min,
      })
    }
  }

  const id = newId()
  const dir = foodFileDir(config)
  await mkdir(dir, { recursive: true })
  const targets = logo ? logoWidths[kind] : imageWidths
  const widths = targets.filter((w) => w <= width)
  if (!logo && width < (targets.at(-1) ?? 0) && !widths.includes(width)) widths.push(width)
  if (!widths.length) widths.push(width)
  for (const w of widths) {
    const resized = upright.clone().resize({ width: w, withoutEnlargement: true })
    if (logo) {
      await writeFile(
        path.join(dir, imageFileName(id, w, 'png')),
        await resized.png({ compressionLevel: 9 }).toBuffer(),
      )
    } else {
      const flat = resized.flatten({ background: '#ffffff' })
      const [webp, jpg] = await Promise.all([
        flat.clone().webp({ quality: 80 }).toBuffer(),
        flat.clone().jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
      ])
      await Promise.all([
        writeFile(path.join(dir, imageFileName(id, w, 'webp')), webp),
        writeFile(path.join(dir, imageFileName(id, w, 'jpg')), jpg),
      ])
    }
  }
  const row = await insertImage(db, { id, uploaded_by: uploadedBy, kind, width, height, widths })
  ctx.log.info({ image_id: id, kind, widths }, 'food image stored')
  return row
}

/** Stores a terms-and-conditions or privacy PDF (judged by its bytes) and answers its row. */
export async function storeDocument(
  db: Db,
  config: Pick<Config, 'DATA_DIR'>,
  ctx: RequestContext,
  uploadedBy: string,
  file: Blob,
  kind: DocumentKind,
): Promise<DocumentRow> {
  if (file.size > documentMaxBytes) {
    throw invalidField('file', 'pdf_too_large', 'the PDF must be at most 2 MB', { maximum: documentMaxBytes })
  }
  const bytes = Buffer.from(await file.arrayBuffer())
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw invalidField('file', 'pdf_required', 'the file must be a PDF')
  }
  const id = newId()
  const dir = foodFileDir(config)
  await mkdir(dir, { recursive: true })
  await writeFile(path.join(dir, `${id}.pdf`), bytes)
  const row = await insertDocument(db, { id, uploaded_by: uploadedBy, kind, bytes: bytes.length })
  ctx.log.info({ document_id: id, kind, bytes: bytes.length }, 'food document stored')
  return row
}
