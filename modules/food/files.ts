import path from 'node:path'
import type { Config } from '../platform/config.ts'
import type { ImageRow } from './db/files.ts'

/**
 * Where the food module's files live and how they are named and linked. Images are stored once per
 * width (`<id>-<width>.webp` and `.jpg`; logos `.png`) so pages can offer `srcset`; documents as
 * `<id>.pdf`. Names are unguessable and never reused: the files are served publicly and cached for good.
 */
export const foodFileDir = (config: Pick<Config, 'DATA_DIR'>) => path.join(config.DATA_DIR, 'uploads', 'food')

export const imageFilePattern = /^[0-9a-f-]{36}-\d{1,4}\.(webp|jpg|png)$/
export const documentFilePattern = /^([0-9a-f-]{36})\.pdf$/

const base = '/api/v1/food'

export const imageFileName = (id: string, width: number, ext: 'webp' | 'jpg' | 'png') =>
  `${id}-${width}.${ext}`
export const imageUrl = (id: string, width: number, ext: 'webp' | 'jpg' | 'png') =>
  `${base}/images/${imageFileName(id, width, ext)}`

export const documentUri = (id: string) => `${base}/documents/${id}.pdf`

/** The document id a URI answered by an upload names, or null. */
export function documentIdOf(uri: string): string | null {
  const m = /^(?:https?:\/\/[^/]+)?\/api\/v1\/food\/documents\/([0-9a-f-]{36})\.pdf$/.exec(uri.trim())
  return m?.[1] ?? null
}

/** An image as the API shows it: the default picture and the `srcset` candidates. */
export interface ImageJson {
  uuid: string
  /** A JPG (PNG for logos) of a good middle width, for `src`. */
  url: string
  width: number
  height: number
  /** `srcset` of WebP candidates (`… 160w, … 320w`); empty for logos. */
  srcset: string
  /** `srcset` of JPG candidates (PNG for logos), for browsers without WebP. */
  srcset_fallback: string
}

export function imageJson(row: Pick<ImageRow, 'id' | 'kind' | 'width' | 'height' | 'widths'>): ImageJson {
  const logo = row.kind === 'app_logo' || row.kind === 'favicon_logo'
  const fallback = logo ? 'png' : 'jpg'
  const widths = [...row.widths].sort((a, b) => a - b)
  const middle = widths.find((w) => w >= 640) ?? widths.at(-1) ?? row.width
  const list = (ext: 'webp' | 'jpg' | 'png') =>
    widths.map((w) => `${imageUrl(row.id, w, ext)} ${w}w`).join(', ')
  return {
    uuid: row.id,
    url: imageUrl(row.id, middle, fallback),
    width: row.width,
    height: row.height,
    srcset: logo ? '' : list('webp'),
    srcset_fallback: list(fallback),
  }
}

/**
 * A picture in a list (the menu's 200 dishes, the restaurant list): WebP candidates up to 640 px
 * only, as a thumbnail is at most 320 CSS px wide; `url` a JPG for browsers without WebP. A third
 * of the full `ImageJson`, which a page of 200 dishes feels.
 */
export interface ThumbnailJson {
  uuid: string
  url: string
  width: number
  height: number
  srcset: string
}

export function thumbnailJson(row: Pick<ImageRow, 'id' | 'width' | 'height' | 'widths'>): ThumbnailJson {
  const widths = [...row.widths].sort((a, b) => a - b)
  const small = widths.filter((w) => w <= 640)
  const list = small.length ? small : widths.slice(0, 1)
  const src = list.find((w) => w >= 320) ?? list.at(-1) ?? row.width
  return {
    uuid: row.id,
    url: imageUrl(row.id, src, 'jpg'),
    width: row.width,
    height: row.height,
    srcset: list.map((w) => `${imageUrl(row.id, w, 'webp')} ${w}w`).join(', '),
  }
}
