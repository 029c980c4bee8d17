/**
 * The card order screen's sums, kept apart from the API calls so they can be tested alone: the
 * quantity a person typed, and what an order of cards comes to (docs/cards.md).
 */

/** Limits of one order (modules/cards/codes.ts). */
export const orderQuantity = { min: 1, max: 10_000 } as const

/** The VAT rate, a percentage in the API (21), as a fraction (0.21). */
export function vatFraction(rate: number | string): number {
  const n = typeof rate === 'string' ? Number.parseFloat(rate) : rate
  return Number.isFinite(n) ? n / 100 : 0
}

/** A typed number of cards: a whole number within the order limits, or null. */
export function parseQuantity(text: string): number | null {
  const t = text.trim()
  if (!/^\d+$/.test(t)) return null
  const n = Number(t)
  return n >= orderQuantity.min && n <= orderQuantity.max ? n : null
}

export interface OrderBreakdown {
  quantity: number
  /** Face value of the cards, minor units. */
  value: number
  /** Price of the cards excluding VAT. */
  price: number
  /** VAT on the price (per card, as the API rounds it, times the quantity). */
  vat: number
  total: number
}

/** What `quantity` cards cost (docs/cards.md): quantity × (value + price + VAT on the price). */
export function orderBreakdown(
  quantity: number,
  unitValue: number,
  unit: { price: number; vat: number },
): OrderBreakdown {
  const value = quantity * unitValue
  const price = quantity * unit.price
  const vat = quantity * unit.vat
  return { quantity, value, price, vat, total: value + price + vat }
}
