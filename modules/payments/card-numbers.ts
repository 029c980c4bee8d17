/**
 * Payment card numbers, expiries and CVCs (not the gift cards of module `cards`): the card rules of
 * the specification (food spec section 5), shared by `POST payment/pay` and the sandbox's hosted
 * page: a card number of 16 digits in four groups of four (spaces optional) that passes the Luhn
 * check, an expiry of month 1–12 not in the past ('MM / YY' on forms), a CVC of exactly three
 * digits. Messages are the specification's. Card data only passes through here: the caller keeps at
 * most the brand and the last four digits.
 */

export const cardMessages = {
  number: 'The card number is not valid',
  expiry: 'The expiration date is not valid',
  cvc: 'The cvc code is not valid',
} as const

/** Digits of a card number written as four groups of four, or undefined when it is not one. */
export function parseCardNumber(input: string): string | undefined {
  const trimmed = input.trim()
  if (!/^\d{4}( ?\d{4}){3}$/.test(trimmed)) return undefined
  const digits = trimmed.replace(/ /g, '')
  return luhn(digits) ? digits : undefined
}

export function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/** Month and four-digit year of an expiry, when valid and not in the past (a card is valid through its month). */
export function parseExpiry(
  month: number | string,
  year: number | string,
  now = new Date(),
): { month: number; year: number } | undefined {
  const m = typeof month === 'number' ? month : /^\d{1,2}$/.test(month.trim()) ? Number(month) : Number.NaN
  let y = typeof year === 'number' ? year : /^\d{2}(\d{2})?$/.test(year.trim()) ? Number(year) : Number.NaN
  if (!Number.isInteger(m) || !Number.isInteger(y) || m < 1 || m > 12) return undefined
  if (y < 100) y += 2000
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth()
  if (y * 12 + (m - 1) < current || y > now.getUTCFullYear() + 25) return undefined
  return { month: m, year: y }
}

/** An expiry as typed on a form: 'MM / YY' (spaces around the slash optional). */
export function parseExpiryText(
  input: string,
  now = new Date(),
): { month: number; year: number } | undefined {
  const match = /^(\d{2}) ?\/ ?(\d{2})$/.exec(input.trim())
  return match ? parseExpiry(match[1] as string, match[2] as string, now) : undefined
}

export const isValidCvc = (cvc: string) => /^\d{3}$/.test(cvc)

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa'
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard'
  if (/^3[47]/.test(digits)) return 'amex'
  if (/^6(011|5)/.test(digits)) return 'discover'
  if (/^(67|5018|5020|5038|6304)/.test(digits)) return 'maestro'
  return 'unknown'
}
