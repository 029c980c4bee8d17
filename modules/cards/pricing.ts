import { vatRateOn } from '../payments/index.ts'
import { zonedDate } from './dates.ts'

/**
 * What a card costs and what an order of cards comes to (docs/cards.md): the price of a card is
 * set per card type and currency excluding VAT; Dutch high-rate VAT on the order's date is added
 * to it, per card, rounded half up to the minor unit. The face value on the cards carries no VAT
 * when it is sold (a multi-purpose voucher: VAT is due when it is spent), so
 * `amount = quantity × (value + price + VAT on price)`, exactly, in bigint.
 */

/** A VAT percentage (up to two decimals) in basis points: 21 → 2100. */
export function basisPoints(percentage: number): number {
  const bp = Math.round(percentage * 100)
  if (!Number.isSafeInteger(bp) || bp < 0 || Math.abs(bp - percentage * 100) > 1e-6) {
    throw new RangeError(`a VAT percentage must be at least 0 with at most two decimals, got ${percentage}`)
  }
  return bp
}

/** VAT on a net amount in minor units at `bp` basis points, rounded half up (net ≥ 0). */
export function vatOnNet(net: bigint, bp: number): bigint {
  if (net < 0n) throw new RangeError('a price cannot be negative')
  // round(net × bp / 10000) half up is floor((2 × net × bp + 10000) / 20000).
  return (2n * net * BigInt(bp) + 10_000n) / 20_000n
}

/** The VAT rate that applies to the price of a card on `date` (YYYY-MM-DD): the Dutch high rate. */
export function cardVatRate(date: string): { percentage: number; bp: number } {
  const rate = vatRateOn('high', date)
  if (!rate || rate.percentage === null) throw new Error(`no high VAT rate in force on ${date}`)
  return { percentage: rate.percentage, bp: basisPoints(rate.percentage) }
}

export interface CardPrice {
  price: bigint
  vat: bigint
  vat_rate: number
  vat_rate_bp: number
}

/** The price of one card with its VAT, at the rate in force on `at` (Dutch date). */
export function cardPrice(price: bigint, at: Date = new Date()): CardPrice {
  const rate = cardVatRate(zonedDate(at))
  return { price, vat: vatOnNet(price, rate.bp), vat_rate: rate.percentage, vat_rate_bp: rate.bp }
}

export interface OrderPricing {
  quantity: number
  unit_value: bigint
  unit_price: bigint
  unit_vat: bigint
  vat_rate: number
  vat_rate_bp: number
  /** What the order costs: quantity × (value + price + VAT). */
  amount: bigint
  /** What the ledger posting credits: cards (220), income (410) and VAT on sales (210). */
  total_value: bigint
  total_price: bigint
  total_vat: bigint
}

export function priceOrder(quantity: number, unitValue: bigint, price: CardPrice): OrderPricing {
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new RangeError('quantity must be at least 1')
  if (unitValue < 0n) throw new RangeError('a card value cannot be negative')
  const q = BigInt(quantity)
  const total_value = q * unitValue
  const total_price = q * price.price
  const total_vat = q * price.vat
  return {
    quantity,
    unit_value: unitValue,
    unit_price: price.price,
    unit_vat: price.vat,
    vat_rate: price.vat_rate,
    vat_rate_bp: price.vat_rate_bp,
    amount: total_value + total_price + total_vat,
    total_value,
    total_price,
    total_vat,
  }
}
