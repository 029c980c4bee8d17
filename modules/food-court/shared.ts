/**
 * The court fee and the split of one charge (pure; the web and the tests use it as the API does).
 *
 * Rounding rule (docs/food-court.md): the order's fee is `round_half_up(charge × bp / 10000)` for a
 * percent fee, `min(fixed, charge)` for a fixed one. It is taken from the restaurants' parts in
 * proportion to their gross by the largest-remainder method: each gets `floor(F × gross / charge)`,
 * and the cents left go one each to the largest remainders, ties to the earlier restaurant in the
 * cart. So the shares add up to the fee exactly and no share exceeds its restaurant's gross.
 */
export interface CourtFee {
  /** Basis points, 0–10000 (2.5 % = 250). */
  percent_bp?: number | null | undefined
  /** Minor units per order. */
  fixed?: bigint | null | undefined
}

export interface Allocation {
  charge: bigint
  fee: bigint
  parts: { gross: bigint; fee: bigint; amount: bigint }[]
}

/** The fee of an order of `charge` minor units. */
export function courtFeeOf(charge: bigint, fee: CourtFee): bigint {
  if (charge <= 0n) return 0n
  if (fee.fixed !== null && fee.fixed !== undefined) return fee.fixed < charge ? fee.fixed : charge
  const bp = BigInt(fee.percent_bp ?? 0)
  return (charge * bp * 2n + 10000n) / 20000n
}

/** Splits a charge made of the restaurants' gross amounts into their parts and the court fee. */
export function allocate(grosses: readonly bigint[], fee: CourtFee): Allocation {
  if (grosses.some((g) => g <= 0n)) throw new Error('every part needs a positive gross')
  const charge = grosses.reduce((s, g) => s + g, 0n)
  const total = courtFeeOf(charge, fee)
  const shares = grosses.map((g, i) => {
    const exact = total * g
    return { i, share: charge === 0n ? 0n : exact / charge, remainder: charge === 0n ? 0n : exact % charge }
  })
  let left = total - shares.reduce((s, x) => s + x.share, 0n)
  const order = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1,
  )
  for (const s of order) {
    if (left <= 0n) break
    s.share += 1n
    left -= 1n
  }
  return {
    charge,
    fee: total,
    parts: grosses.map((gross, i) => {
      const f = shares[i]!.share
      return { gross, fee: f, amount: gross - f }
    }),
  }
}

/** A fee percent as typed ("2,5", 2.5) → basis points, or null when not a number with ≤ 2 decimals. */
export function percentToBp(value: number | string): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim().replace(',', '.')
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return null
  const [whole, frac = ''] = text.split('.')
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'))
}

/** Basis points → the percent people read (250 → 2.5). */
export const bpToPercent = (bp: number) => bp / 100

// ── The court's rules (spec section 5 "Food court"); the web's forms run the same checks ─────────

export type CourtRuleCode =
  | 'required'
  | 'invalid_domain_name'
  | 'fee_percent_range'
  | 'only_one_fee_field'
  | 'invalid_fee'
  | 'cost_separator_at_edge'

export interface CourtProblem {
  field: string
  code: CourtRuleCode
  message: string
}

export const courtRuleMessages: Record<CourtRuleCode, string> = {
  required: 'This field is required',
  invalid_domain_name: 'The domain name is not valid',
  fee_percent_range: 'The fee percent must be between 0 and 100',
  only_one_fee_field: 'Only one fee field may be filled',
  invalid_fee: 'The fee is not a valid amount',
  cost_separator_at_edge: 'The cost must not start or end with a dot or comma',
}

export interface CourtRuleInput {
  title?: string | null | undefined
  description?: string | null | undefined
  address?: string | null | undefined
  can_pickup_in_rest?: boolean | null | undefined
  image?: string | null | undefined
  domain_name?: string | null | undefined
  split_payment_fee_percent?: number | string | null | undefined
  split_payment_fee_fixed?: number | string | null | undefined
}

export interface CheckedCourt {
  problems: CourtProblem[]
  fee_percent_bp: number | null
  fee_fixed: bigint | null
  domain_name: string | null
}

const blank = (v: string | null | undefined) => v === null || v === undefined || v.trim() === ''
const given = (v: number | string | null | undefined) =>
  v !== null && v !== undefined && String(v).trim() !== ''

/** A domain name as stored: trimmed, lower case, without a trailing dot. */
export const normalizeCourtDomain = (value: string) => value.trim().toLowerCase().replace(/\.$/, '')

/** Spec: dot-separated labels of a-z, 0-9 and hyphens, up to 63 characters per label. */
export function isCourtDomain(value: string): boolean {
  if (!value || value.length > 253) return false
  return value.split('.').every((label) => /^[a-z0-9-]{1,63}$/.test(label))
}

/** A fixed fee as typed ('2,50', '2.5') or minor units (250) → minor units of a 2-decimal currency. */
export function parseFixedFee(value: number | string, exponent = 2): bigint | CourtRuleCode {
  if (typeof value === 'number')
    return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : 'invalid_fee'
  const text = value.trim()
  if (/^[.,]|[.,]$/.test(text)) return 'cost_separator_at_edge'
  const m = new RegExp(`^(\\d{1,9})(?:[.,](\\d{1,${Math.max(exponent, 1)}}))?$`).exec(text)
  if (!m || (exponent === 0 && m[2] !== undefined)) return 'invalid_fee'
  return BigInt(m[1]!) * 10n ** BigInt(exponent) + BigInt((m[2] ?? '').padEnd(exponent, '0') || '0')
}

/**
 * The court's rules: title and description required, address unless pickup, an image for a new
 * court, a valid domain name, the fee percent 0–100 (≤ 2 decimals), and only one of percent and
 * fixed ("Only one fee field may be filled", on both fields).
 */
export function checkCourt(
  input: CourtRuleInput,
  opts: { isNew?: boolean; currencyExponent?: number } = {},
): CheckedCourt {
  const problems: CourtProblem[] = []
  const problem = (field: string, code: CourtRuleCode) =>
    problems.push({ field, code, message: courtRuleMessages[code] })
  if (blank(input.title)) problem('title', 'required')
  if (blank(input.description)) problem('description', 'required')
  if (!input.can_pickup_in_rest && blank(input.address)) problem('address', 'required')
  if (opts.isNew && blank(input.image)) problem('image', 'required')
  let domain: string | null = null
  if (!blank(input.domain_name)) {
    domain = normalizeCourtDomain(input.domain_name!)
    if (!isCourtDomain(domain)) problem('domain_name', 'invalid_domain_name')
  }
  let bp: number | null = null
  let fixed: bigint | null = null
  const hasPercent = given(input.split_payment_fee_percent)
  const hasFixed = given(input.split_payment_fee_fixed)
  if (hasPercent && hasFixed) {
    problem('split_payment_fee_percent', 'only_one_fee_field')
    problem('split_payment_fee_fixed', 'only_one_fee_field')
  } else if (hasPercent) {
    bp = percentToBp(input.split_payment_fee_percent!)
    if (bp === null || bp > 10000) {
      problem('split_payment_fee_percent', 'fee_percent_range')
      bp = null
    }
  } else if (hasFixed) {
    const f = parseFixedFee(input.split_payment_fee_fixed!, opts.currencyExponent ?? 2)
    if (typeof f === 'bigint') fixed = f
    else problem('split_payment_fee_fixed', f)
  }
  return { problems, fee_percent_bp: bp, fee_fixed: fixed, domain_name: domain }
}
