/**
 * Exact conversion between our integer minor units and CCV's decimal amounts, and a JSON reader
 * that keeps numbers as the text CCV sent.
 *
 * CCV writes amounts as JSON numbers in major units (`"amount": 9.99`) and its official PHP
 * library sends them as two-decimal strings (`number_format($amount, 2, ".", "")`). A float never
 * touches an amount here: outgoing amounts are built from the bigint's digits, incoming ones are
 * read from the number's source text (`JSON.parse` hands a reviver the source of each number), so
 * 123456789012345678.91 arrives as exactly that many cents.
 */
import { currencyExponent } from '../../../platform/money.ts'

/** CCV amounts carry two decimals (what CCV's own library always sends). */
export const ccvAmountDecimals = 2

/** A currency whose amounts CCV's two-decimal format can express without rescaling. */
export function ccvSupportsCurrency(currency: string): boolean {
  return /^[A-Z]{3}$/.test(currency) && currencyExponent(currency) === ccvAmountDecimals
}

/**
 * Minor units to CCV's decimal string: 1n → "0.01", 123456n → "1234.56". Refuses a negative
 * amount and a currency without two minor digits (JPY, KWD): CCV's format has no way to say them.
 */
export function toCcvAmount(amount: bigint, currency: string): string {
  if (!ccvSupportsCurrency(currency)) {
    throw new RangeError(`CCV amounts have ${ccvAmountDecimals} decimals; ${currency} cannot be expressed`)
  }
  if (amount < 0n) throw new RangeError('a CCV amount cannot be negative')
  const digits = amount.toString().padStart(ccvAmountDecimals + 1, '0')
  const cut = digits.length - ccvAmountDecimals
  return `${digits.slice(0, cut)}.${digits.slice(cut)}`
}

const decimalPattern = /^(-)?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/

/**
 * CCV's decimal text (a JSON number's source or a string) to minor units: "9.99" → 999n,
 * "12" → 1200n, "9.990" → 999n, "1e2" → 10000n. Throws a RangeError for text that is not a
 * number, and for a value with a fraction of a cent, instead of rounding it away.
 */
export function fromCcvAmount(text: string, currency: string): bigint {
  if (!ccvSupportsCurrency(currency)) {
    throw new RangeError(`CCV amounts have ${ccvAmountDecimals} decimals; ${currency} cannot be expressed`)
  }
  const m = decimalPattern.exec(text.trim())
  if (!m) throw new RangeError(`not a decimal amount: ${JSON.stringify(text.slice(0, 40))}`)
  const [, sign, whole = '', fraction = '', exponent = '0'] = m
  // value = (whole.fraction) × 10^exponent; in cents: digits × 10^(exponent − |fraction| + 2)
  const digits = BigInt(whole + fraction)
  const shift = Number(exponent) - fraction.length + ccvAmountDecimals
  if (!Number.isSafeInteger(shift) || Math.abs(shift) > 1000) throw new RangeError('amount out of range')
  let cents: bigint
  if (shift >= 0) {
    cents = digits * 10n ** BigInt(shift)
  } else {
    const divisor = 10n ** BigInt(-shift)
    if (digits % divisor !== 0n) throw new RangeError(`amount ${text} has a fraction of a cent`)
    cents = digits / divisor
  }
  return sign ? -cents : cents
}

/** JSON as CCV sent it, except that every number is its source text (a string). */
export type ExactJson = string | boolean | null | ExactJson[] | { [key: string]: ExactJson }

type SourceReviver = (key: string, value: unknown, context?: { source?: string }) => unknown

/** `JSON.parse` that keeps each number's source text, so no amount passes through a float. */
export function parseExactJson(text: string): ExactJson {
  const keepSource: SourceReviver = (_key, value, context) =>
    typeof value === 'number' ? (context?.source ?? String(value)) : value
  return JSON.parse(text, keepSource as (key: string, value: unknown) => unknown) as ExactJson
}

/** A JSON number token with exactly this text, for `JSON.stringify` (the fake writes amounts so). */
export function rawJsonNumber(text: string): unknown {
  if (!decimalPattern.test(text)) throw new RangeError(`not a JSON number: ${text}`)
  return (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON(text)
}
