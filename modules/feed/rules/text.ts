import { invalidField } from '../../platform/errors.ts'

/**
 * The text rules of a post and a comment (spec section 5, "Post title: line breaks become spaces;
 * post text is split into rows at line breaks; a post link is normalised to https"). Pure: the
 * routes' schemas call them, the tests call them directly.
 */

export const textLimits = {
  /** Characters of a post title (after line breaks became spaces). */
  title: 200,
  /** Characters of a post's or comment's text, all rows together. */
  text: 10_000,
  comment: 4000,
  /** Rows of a post's or comment's text. */
  rows: 500,
  link: 2048,
} as const

const lineBreak = /\r\n|[\n\r\u0085\u2028\u2029]/

/**
 * A post title: every line break (and tab) becomes a space, runs of spaces one space, no space at
 * either end. `"Open\nday"` → `"Open day"`.
 */
export function postTitle(raw: string): string {
  return raw
    .replace(/\r\n|[\n\r\t\u0085\u2028\u2029]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
}

/**
 * Text as rows, split at line breaks (`\n`, `\r\n`, `\r`, Unicode line and paragraph separators):
 * the JSON document `{"rows": [...]}` the specification stores. Rows given as a list are split
 * further when one holds a line break. Trailing spaces of a row go; empty rows at the start and
 * end go, empty rows between paragraphs stay.
 */
export function textRows(raw: string | readonly string[]): string[] {
  const rows = (typeof raw === 'string' ? [raw] : raw)
    .flatMap((r) => r.split(lineBreak))
    .map((r) => r.trimEnd())
  let start = 0
  let end = rows.length
  while (start < end && rows[start] === '') start++
  while (end > start && rows[end - 1] === '') end--
  return rows.slice(start, end)
}

/** The number of characters of rows as the limits count them (line breaks not counted). */
export const rowsLength = (rows: readonly string[]) => rows.reduce((n, r) => n + r.length, 0)

/**
 * A post's link, forced to https: `http://x.nl/a` → `https://x.nl/a`, `x.nl/a` → `https://x.nl/a`.
 * Other schemes (`javascript:`, `ftp:`, `data:`), credentials in the URL and hosts that are no host
 * name are refused with a 400 naming `field`. Empty: no link (null).
 */
export function httpsLink(raw: string | null | undefined, field = 'link'): string | null {
  const value = (raw ?? '').trim()
  if (value === '') return null
  let candidate: string
  if (/^https?:\/\//i.test(value)) candidate = value.replace(/^https?:/i, 'https:')
  else if (value.startsWith('//')) candidate = `https:${value}`
  else if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(value))
    throw invalidField(field, 'link_not_http', 'the link must be a web address (http or https)')
  else candidate = `https://${value}`
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    throw invalidField(field, 'link_invalid', 'the link is not a valid web address')
  }
  if (url.protocol !== 'https:') throw invalidField(field, 'link_not_http', 'the link must be a web address')
  if (url.username || url.password)
    throw invalidField(field, 'link_has_credentials', 'the link must not contain a user name or password')
  const host = url.hostname
  const isIpv6 = host.startsWith('[')
  if (!isIpv6 && !/^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z0-9-]{1,63}$/i.test(host))
    throw invalidField(field, 'link_invalid', 'the link is not a valid web address')
  if (url.href.length > textLimits.link)
    throw invalidField(field, 'too_long', `at most ${textLimits.link} characters`, {
      maximum: textLimits.link,
    })
  return url.href
}
