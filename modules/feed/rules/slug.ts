import { randomInt } from 'node:crypto'

/**
 * The readable address of a post (`/posts/{url}`): its title in lower-case Latin letters and digits
 * joined by hyphens, then a random suffix that keeps it unique and unguessable from the title
 * (`koffie-van-de-week-k3x9q2m7`). Made once: an edited title keeps the address, so links live on.
 * Accents are dropped (`café` → `cafe`), Cyrillic is transliterated (the platform speaks ru and uk).
 */

export const slugLimits = { words: 60, suffix: 8 } as const

// Cyrillic letters and their Latin spelling (Ukrainian national and Russian passport style; `-`: none).
const cyrillicLetters = 'абвгґдеёєжзиіїйклмнопрстуфхцчшщъыьэюя'
const latinSpellings =
  'a b v g g d e e ie zh z i i i i k l m n o p r s t u f kh ts ch sh shch - y - e iu ia'.split(' ')
const cyrillic: Record<string, string> = Object.fromEntries(
  [...cyrillicLetters].map((ch, i) => [ch, latinSpellings[i] === '-' ? '' : latinSpellings[i]!]),
)
const special: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', þ: 'th', ð: 'd' }

/** The title part of a slug: at most 60 characters, cut at a hyphen; `post` when nothing is left. */
export function slugWords(title: string): string {
  const latin = [...title.toLowerCase()].map((ch) => cyrillic[ch] ?? special[ch] ?? ch).join('')
  const words = latin
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  if (words === '') return 'post'
  if (words.length <= slugLimits.words) return words
  const cut = words.slice(0, slugLimits.words + 1)
  const lastHyphen = cut.lastIndexOf('-')
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut.slice(0, slugLimits.words)).replace(/-+$/, '')
}

const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** A random suffix of 8 characters of a–z and 0–9 (about 41 bits). */
export function slugSuffix(): string {
  let s = ''
  for (let i = 0; i < slugLimits.suffix; i++) s += alphabet[randomInt(alphabet.length)]
  return s
}

/** A post's address from its title: `slugWords(title)-suffix`. */
export const postSlug = (title: string, suffix = slugSuffix()) => `${slugWords(title)}-${suffix}`

/** Whether a string has the shape of a post address (so a uuid and an address never mix). */
export const isSlug = (value: string) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value) && value.length <= 100
