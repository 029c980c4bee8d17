/**
 * Card tokens as people type, paste and scan them. A token is 16 characters in four groups
 * (`XXXX-XXXX-XXXX-XXXX`) from an alphabet without 0, O, 1 and I, so a printed code cannot be
 * misread; people still type lowercase, spaces or no dashes at all, and a scanned QR code gives a
 * whole link (`…/cards/add?token=…`).
 */

export const tokenLength = 16
const groupLength = 4

/** The characters a token may hold: A–Z without I and O, 2–9. */
export const tokenAlphabet = /^[A-HJ-NP-Z2-9]+$/

/** Letters and digits of a text, uppercased, without separators: what the person meant. */
export function tokenCharacters(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '')
}

/** Characters grouped by four with dashes (`ABCD-EF`), at most a whole token. */
export function formatToken(text: string): string {
  const chars = tokenCharacters(text).slice(0, tokenLength)
  return chars.match(new RegExp(`.{1,${groupLength}}`, 'g'))?.join('-') ?? ''
}

/** Whether the text is one whole token, whatever its case and separators. */
export function isCompleteToken(text: string): boolean {
  const chars = tokenCharacters(text)
  return chars.length === tokenLength && tokenAlphabet.test(chars)
}

/** Characters a token never holds (0, O, 1, I), which the person may have typed instead of another. */
export function misreadCharacters(text: string): string[] {
  return [...new Set(tokenCharacters(text).replace(/[A-HJ-NP-Z2-9]/g, ''))]
}

/** What keeps a typed code from being a whole token: too few characters, or ones a token never holds. */
export type TokenShapeProblem = { kind: 'incomplete' } | { kind: 'misread'; characters: string[] }

/** Why the text is not one whole token, or null when it is (checked before asking the API). */
export function tokenShapeProblem(text: string): TokenShapeProblem | null {
  if (isCompleteToken(text)) return null
  const misread = misreadCharacters(text)
  return misread.length > 0 ? { kind: 'misread', characters: misread } : { kind: 'incomplete' }
}

/**
 * The token in something pasted or scanned: a link carrying `?token=`, a text holding a grouped
 * code somewhere, or just the characters. Answers the formatted (possibly partial) token.
 */
export function tokenFromText(text: string): string {
  const trimmed = text.trim()
  try {
    const url = new URL(trimmed)
    const param = url.searchParams.get('token')
    if (param) return formatToken(param)
    const last = url.pathname.split('/').filter(Boolean).pop()
    if (last && isCompleteToken(last)) return formatToken(last)
  } catch {
    // Not a link.
  }
  const grouped = /[A-Z0-9]{4}[-\s]?[A-Z0-9]{4}[-\s]?[A-Z0-9]{4}[-\s]?[A-Z0-9]{4}/i.exec(trimmed)
  if (grouped && grouped[0] !== trimmed) return formatToken(grouped[0])
  return formatToken(trimmed)
}

/**
 * The code in a scanned QR code, only when it holds a whole one: a card's link
 * (`…/cards/add?token=…`) or the bare code. Anything else (a payment QR code, a website) is null.
 */
export function tokenFromScan(text: string): string | null {
  const code = tokenFromText(text)
  return isCompleteToken(code) ? code : null
}

/**
 * Where the caret belongs after reformatting: behind the same number of token characters as
 * before it in the typed text, so typing or deleting in the middle of the code does not throw the
 * caret to the end.
 */
export function caretAfterFormat(typed: string, caret: number, formatted: string): number {
  const before = tokenCharacters(typed.slice(0, caret)).length
  if (before === 0) return 0
  let seen = 0
  for (let i = 0; i < formatted.length; i++) {
    if (formatted[i] !== '-') seen++
    if (seen === before) return i + 1
  }
  return formatted.length
}

/** The last group of a token, for a masked display (`•••• •••• •••• ABCD`). */
export function lastGroup(token: string): string {
  return formatToken(token).split('-').pop() ?? ''
}
