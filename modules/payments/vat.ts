/**
 * Dutch VAT (btw): the rates a program can sell at, with the dates they were in force, and the
 * exact split of a gross amount into net and VAT. Prices on the platform are gross (what the payer
 * pays), so VAT is always taken out of an amount, never added on top.
 */

export const vatCodes = ['high', 'low', 'zero', 'exempt'] as const
export type VatCode = (typeof vatCodes)[number]

export const isVatCode = (value: unknown): value is VatCode =>
  typeof value === 'string' && (vatCodes as readonly string[]).includes(value)

export interface VatRate {
  code: VatCode
  /** Percent of the net amount; null when exempt (no VAT applies at all, which is not 0 %). */
  percentage: number | null
  /** First day in force (YYYY-MM-DD). */
  effective_from: string
  /** Last day in force, null while it still is. */
  effective_to: string | null
}

/**
 * Every rate per code over time, oldest first. The high rate went from 19 % to 21 % on
 * 1 October 2012 and the low rate from 6 % to 9 % on 1 January 2019; the zero rate and the
 * exemptions date from the introduction of btw on 1 January 1969. A payment uses the rate in force
 * on the day it was paid, so an old receipt keeps reading as it did.
 */
export const dutchVatRates: readonly VatRate[] = [
  { code: 'high', percentage: 19, effective_from: '2001-01-01', effective_to: '2012-09-30' },
  { code: 'high', percentage: 21, effective_from: '2012-10-01', effective_to: null },
  { code: 'low', percentage: 6, effective_from: '1986-10-01', effective_to: '2018-12-31' },
  { code: 'low', percentage: 9, effective_from: '2019-01-01', effective_to: null },
  { code: 'zero', percentage: 0, effective_from: '1969-01-01', effective_to: null },
  { code: 'exempt', percentage: null, effective_from: '1969-01-01', effective_to: null },
]

/** The rate of `code` in force on `date` (YYYY-MM-DD), or undefined before its first one. */
export function vatRateOn(code: VatCode, date: string): VatRate | undefined {
  return dutchVatRates.find(
    (r) => r.code === code && r.effective_from <= date && (r.effective_to === null || date <= r.effective_to),
  )
}

/** The rates in force on `date`, one per code, in the order of `vatCodes`. */
export function vatRatesOn(date: string): VatRate[] {
  return vatCodes.flatMap((code) => vatRateOn(code, date) ?? [])
}

export interface VatSplit {
  net: bigint
  vat: bigint
}

/**
 * Splits a gross amount in minor units into net + VAT at `percentage` (null: exempt), exactly:
 * VAT = gross × p / (100 + p) rounded half up to the minor unit, and net = gross − VAT, so the
 * two always add up to the gross. A negative gross (a refund) splits as the mirror image of the
 * positive one (half away from zero), so refunding a whole payment reverses exactly its VAT.
 * Percentages may have up to two decimals (computed in basis points, no floating point).
 */
export function splitGross(gross: bigint, percentage: number | null): VatSplit {
  if (percentage === null) return { net: gross, vat: 0n }
  // 0.07 × 100 is 7.000000000000001 in floating point: round to basis points, then check that
  // nothing finer than a hundredth of a percent was asked for.
  const basisPoints = Math.round(percentage * 100)
  if (
    !Number.isSafeInteger(basisPoints) ||
    basisPoints < 0 ||
    Math.abs(basisPoints - percentage * 100) > 1e-6
  ) {
    throw new RangeError(`a VAT percentage must be at least 0 with at most two decimals, got ${percentage}`)
  }
  if (gross < 0n) {
    const mirrored = splitGross(-gross, percentage)
    return { net: -mirrored.net, vat: -mirrored.vat }
  }
  const bp = BigInt(basisPoints)
  const divisor = 10_000n + bp
  // round(x / d) half up for x ≥ 0 is floor((2x + d) / 2d).
  const vat = (2n * gross * bp + divisor) / (2n * divisor)
  return { net: gross - vat, vat }
}
