/**
 * Input masks of the sandbox's card form, as payment pages format while you type: the number in
 * groups of four, the expiry as `MM / YY`, the CVC as three digits. Pure functions of the typed
 * text, so pasting, autofill and deleting all end in the same shape.
 */

const digitsOf = (text: string) => text.replace(/\D/g, '')

/** `4242424242424242` → `4242 4242 4242 4242` (16 digits at most). */
export function formatCardNumber(text: string): string {
  return digitsOf(text)
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ')
}

/**
 * `1230` → `12 / 30`. The slash appears once a year digit is typed, so deleting back over it never
 * gets stuck; a first digit above 1 is a month of its own (`4` → `04`).
 */
export function formatExpiry(text: string): string {
  let digits = digitsOf(text).slice(0, 4)
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits
}

/** Three digits (the specification's CVC). */
export function formatCvc(text: string): string {
  return digitsOf(text).slice(0, 3)
}

/** An expiry some years ahead, `MM / YY`, for filling in a test card. */
export function futureExpiry(now = new Date(), years = 3): string {
  return `12 / ${String((now.getFullYear() + years) % 100).padStart(2, '0')}`
}
