/**
 * The post rules of spec section 5 as the editor applies them while typing (the API applies them
 * again, modules/feed/rules): the title on one line, the text in rows, the link on https, the
 * hashtags of the text (`#Café`, `#café` and `#CAFÉ` are one tag).
 */

/** Characters of a title, a post's text and a comment's text (modules/feed/rules/text.ts). */
export const feedLimits = {
  title: 200,
  text: 10_000,
  comment: 4000,
  images: 10,
  files: 10,
  videos: 5,
} as const

/** Largest image the drop zone takes (spec section 9: 2097152 bytes). */
export const imageDropLimit = 2_097_152
/** Largest document (docs/feed.md: 10 MiB). */
export const fileLimit = 10 * 1024 * 1024

/** A title as it is stored: line breaks become spaces. */
export const oneLineTitle = (title: string): string => title.replace(/\r\n|\r|\n/g, ' ')

/** A post's or comment's text as rows, split at line breaks. */
export const textRows = (text: string): string[] => text.split(/\r\n|\r|\n/)

/** A link forced to https (`example.com` → `https://example.com`); empty: none. */
export function httpsLink(link: string): string | null {
  const trimmed = link.trim()
  if (trimmed === '') return null
  const withoutScheme = trimmed.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/^\/\//, '')
  return `https://${withoutScheme}`
}

const tagPattern = /(^|[^\p{L}\p{M}\p{N}_&/#])#([\p{L}\p{M}\p{N}_]+)/gu

/** The key of a tag: NFC, case folded (as the API keys it). */
export const tagKey = (tag: string): string =>
  tag.replace(/^#/, '').normalize('NFC').toUpperCase().toLowerCase().normalize('NFC')

/** The hashtags of text rows, first seen first, without duplicates. */
export function hashtags(rows: readonly string[]): string[] {
  const keys = new Set<string>()
  for (const row of rows) {
    for (const m of row.normalize('NFC').matchAll(tagPattern)) {
      const key = tagKey(m[2] ?? '')
      if (key.length > 0 && key.length <= 64) keys.add(key)
    }
  }
  return [...keys]
}

/** A row cut into plain text and hashtags, for showing the tags as links. */
export type RowPart = { text: string } | { tag: string; shown: string }

export function rowParts(row: string): RowPart[] {
  const parts: RowPart[] = []
  let at = 0
  for (const m of row.matchAll(tagPattern)) {
    const start = (m.index ?? 0) + (m[1]?.length ?? 0)
    if (start > at) parts.push({ text: row.slice(at, start) })
    const shown = `#${m[2] ?? ''}`
    parts.push({ tag: tagKey(m[2] ?? ''), shown })
    at = start + shown.length
  }
  if (at < row.length) parts.push({ text: row.slice(at) })
  return parts
}
