import { splitGross, type VatCode, vatRateOn } from '../../payments/index.ts'

/**
 * The money of an order, in integer minor units (ARCHITECTURE "Money"): prices are gross (what the
 * guest pays); a line's price is (product + variant + extras) × quantity; its VAT is taken out of
 * that gross at the rate of its VAT code in force on the order's day (payments' `vat.ts`), per line,
 * so each stored item carries its own VAT and the order's VAT is their sum. Delivery and the pickup
 * fee are lines of their own at the low rate (they follow the food). Never a float.
 */
export interface PricedLineInput {
  title: string
  quantity: number
  base_price: bigint
  variant: { uuid: string; title: string; price: bigint } | null
  extras: readonly { uuid: string; title: string; price: bigint }[]
  vat_code: VatCode
  product_id?: string
}

export interface PricedLine extends PricedLineInput {
  kind: 'product' | 'delivery' | 'pickup_fee'
  unit_price: bigint
  price: bigint
  vat_rate_bp: number | null
  vat: bigint
}

export interface OrderMoney {
  lines: PricedLine[]
  products_total: bigint
  delivery_cost: bigint
  pickup_fee: bigint
  total: bigint
  vat: bigint
}

function rateOf(code: VatCode, date: string): number | null {
  const rate = vatRateOn(code, date)
  if (!rate) throw new Error(`no ${code} VAT rate on ${date}`)
  return rate.percentage
}

export function priceLine(
  input: PricedLineInput,
  date: string,
  kind: PricedLine['kind'] = 'product',
): PricedLine {
  const unit =
    input.base_price + (input.variant?.price ?? 0n) + input.extras.reduce((s, e) => s + e.price, 0n)
  const price = unit * BigInt(input.quantity)
  const percentage = rateOf(input.vat_code, date)
  return {
    ...input,
    kind,
    unit_price: unit,
    price,
    vat_rate_bp: percentage === null ? null : Math.round(percentage * 100),
    vat: splitGross(price, percentage).vat,
  }
}

export function priceOrder(
  items: readonly PricedLineInput[],
  fees: { delivery_cost: bigint; pickup_fee: bigint },
  date: string,
): OrderMoney {
  const lines = items.map((i) => priceLine(i, date))
  const fee = (title: string, amount: bigint, kind: 'delivery' | 'pickup_fee') =>
    priceLine(
      { title, quantity: 1, base_price: amount, variant: null, extras: [], vat_code: 'low' },
      date,
      kind,
    )
  if (fees.delivery_cost > 0n) lines.push(fee('Delivery', fees.delivery_cost, 'delivery'))
  if (fees.pickup_fee > 0n) lines.push(fee('Pickup fee', fees.pickup_fee, 'pickup_fee'))
  const products_total = lines.filter((l) => l.kind === 'product').reduce((s, l) => s + l.price, 0n)
  const total = lines.reduce((s, l) => s + l.price, 0n)
  const vat = lines.reduce((s, l) => s + l.vat, 0n)
  return { lines, products_total, delivery_cost: fees.delivery_cost, pickup_fee: fees.pickup_fee, total, vat }
}
