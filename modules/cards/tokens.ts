import { randomBytes } from 'node:crypto'

/**
 * Card tokens: what a card holder types to activate a card, printed on it as
 * `XXXX-XXXX-XXXX-XXXX`. 16 characters of a 32-letter alphabet without the look-alikes 0/O and
 * 1/I (80 bits from the CSPRNG: guessing one is hopeless, and activation is rate limited besides).
 */
export const tokenAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
export const tokenPattern = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/

const group = (chars: string) => chars.match(/.{4}/g)!.join('-')

/** A new random token. 256 is a multiple of 32, so taking 5 bits of each byte is unbiased. */
export function newToken(): string {
  const bytes = randomBytes(16)
  let chars = ''
  for (const b of bytes) chars += tokenAlphabet[b & 31]
  return group(chars)
}

/** `count` new tokens, distinct among themselves. */
export function newTokens(count: number): string[] {
  const tokens = new Set<string>()
  while (tokens.size < count) tokens.add(newToken())
  return [...tokens]
}

/**
 * A token as typed (any case, with or without dashes or spaces) in its printed form, or null when
 * it cannot be one. Only case and separators are forgiven: 0, O, 1 and I never occur in a token.
 */
export function normalizeToken(input: string): string | null {
  const chars = input.toUpperCase().replace(/[\s-]/g, '')
  if (chars.length !== 16) return null
  const token = group(chars)
  return tokenPattern.test(token) ? token : null
}
