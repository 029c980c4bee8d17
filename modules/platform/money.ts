import { z } from 'zod'

/**
 * Money is an integer amount of minor units (cents) and an ISO 4217 currency code. Never a float:
 * arithmetic stays exact and sums of postings balance to the cent.
 */
export interface Money {
  readonly amount: bigint
  readonly currency: string
}

/** Minor-unit exponent per currency; ISO 4217 lists the exceptions to the usual 2. */
const exponents: Record<string, number> = {
  JPY: 0,
  KRW: 0,
  ISK: 0,
  HUF: 2,
  BHD: 3,
  KWD: 3,
  JOD: 3,
  OMR: 3,
  TND: 3,
}

export const currencyExponent = (currency: string): number => exponents[currency] ?? 2

export const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as EUR')

/** JSON shape of money in the API: `{"amount": 1250, "currency": "EUR"}` means €12.50. */
export const moneySchema = z
  .object({
    amount: z.number().int('must be a whole number of minor units (cents)').safe(),
    currency: currencyCode,
  })
  .strict()
  .transform((m): Money => ({ amount: BigInt(m.amount), currency: m.currency }))

export function money(amount: bigint | number, currency: string): Money {
  if (typeof amount === 'number' && !Number.isSafeInteger(amount)) {
    throw new RangeError(`money amount must be an integer number of minor units, got ${amount}`)
  }
  if (!/^[A-Z]{3}$/.test(currency)) throw new RangeError(`invalid currency code ${currency}`)
  return { amount: BigInt(amount), currency }
}

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new RangeError(`currency mismatch: ${a.currency} and ${b.currency}`)
}

export function add(a: Money, b: Money): Money {
  sameCurrency(a, b)
  return { amount: a.amount + b.amount, currency: a.currency }
}

export function subtract(a: Money, b: Money): Money {
  sameCurrency(a, b)
  return { amount: a.amount - b.amount, currency: a.currency }
}

export const isZero = (m: Money): boolean => m.amount === 0n

/**
 * Splits an amount into parts proportional to `weights` without losing or inventing a cent: the
 * remainder left by rounding down goes one cent at a time to the largest fractional shares.
 */
export function allocate(m: Money, weights: readonly number[]): Money[] {
  if (weights.length === 0 || weights.some((w) => !Number.isInteger(w) || w < 0)) {
    throw new RangeError('weights must be non-negative integers')
  }
  const total = weights.reduce((s, w) => s + BigInt(w), 0n)
  if (total === 0n) throw new RangeError('weights must not all be zero')
  const sign = m.amount < 0n ? -1n : 1n
  const abs = m.amount * sign
  const shares = weights.map((w) => (abs * BigInt(w)) / total)
  const remainders = weights.map((w, i) => ({ i, r: (abs * BigInt(w)) % total }))
  let left = abs - shares.reduce((s, x) => s + x, 0n)
  remainders.sort((a, b) => (b.r > a.r ? 1 : b.r < a.r ? -1 : a.i - b.i))
  for (const { i } of remainders) {
    if (left === 0n) break
    shares[i] = shares[i]! + 1n
    left -= 1n
  }
  return shares.map((s) => ({ amount: s * sign, currency: m.currency }))
}

/** Plain JSON form for responses and event payloads (bigint does not serialize). */
export const toJson = (m: Money): { amount: number; currency: string } => ({
  amount: Number(m.amount),
  currency: m.currency,
})

/** Exact decimal string of minor units (-1234 cents → "-12.34"): Intl formats it without floats. */
function decimalString(amount: bigint, currency: string): `${number}` {
  const exp = currencyExponent(currency)
  const sign = amount < 0n ? '-' : ''
  const digits = (amount < 0n ? -amount : amount).toString().padStart(exp + 1, '0')
  const whole = digits.slice(0, digits.length - exp)
  const fraction = digits.slice(digits.length - exp)
  return (exp === 0 ? `${sign}${whole}` : `${sign}${whole}.${fraction}`) as `${number}`
}

/** Human form in a language, e.g. `€ 12,50` in nl, exact to the cent for any amount. */
export function formatMoney(locale: string, value: Money): string {
  const key = `${locale}|${value.currency}`
  let format = moneyFormats.get(key)
  if (!format) {
    const exp = currencyExponent(value.currency)
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: value.currency,
      minimumFractionDigits: exp,
      maximumFractionDigits: exp,
    })
    // Making a format costs about a millisecond (a reminder e-mail formats several amounts).
    if (moneyFormats.size < 1000) moneyFormats.set(key, format)
  }
  return format.format(decimalString(value.amount, value.currency))
}
const moneyFormats = new Map<string, Intl.NumberFormat>()
