/**
 * Hashtags (spec section 3: "taken from the description as a hash followed by word characters,
 * without duplicates"). Word characters are letters, combining marks, digits and `_` of any
 * script, so `#café`, `#Straße` and `#кава` are tags. A hash inside a word or address (`a#b`,
 * `/page#top`, `&#39;`) starts none.
 *
 * Tags are one by their key: Unicode NFC (a precomposed `é` and `e` + combining accent are the same
 * letters) and case folded, so `#Café`, `#café`, `#CAFÉ` and `#CAFE\u0301` are the tag `café`.
 */

export const tagLimits = { length: 64, perPost: 30 } as const

const tagPattern = /(^|[^\p{L}\p{M}\p{N}_&/#])#([\p{L}\p{M}\p{N}_]+)/gu
const wholeTag = /^#?([\p{L}\p{M}\p{N}_]+)$/u

/**
 * The key of a tag: NFC, then case folded. JavaScript has no full case folding; upper-casing then
 * lower-casing gives it for the letters that matter here (`ß` → `ss`, final `ς` → `σ`, ligatures
 * `ﬁ` → `fi`), with a last NFC for letters whose folding decomposes.
 */
export function tagKey(tag: string): string {
  return tag.replace(/^#/, '').normalize('NFC').toUpperCase().toLowerCase().normalize('NFC')
}

/** Whether a string is one tag (with or without its hash): word characters only, not too long. */
export function isTag(value: string): boolean {
  const m = wholeTag.exec(value.normalize('NFC'))
  return m !== null && tagKey(m[1]!).length <= tagLimits.length
}

/**
 * The hashtags of text rows (or any strings), by key, first seen first, without duplicates. A tag
 * longer than the limit is not one (it is left as text).
 */
export function hashtags(rows: readonly string[]): string[] {
  const keys = new Set<string>()
  for (const row of rows) {
    for (const m of row.normalize('NFC').matchAll(tagPattern)) {
      const key = tagKey(m[2]!)
      if (key.length <= tagLimits.length) keys.add(key)
    }
  }
  return [...keys]
}
