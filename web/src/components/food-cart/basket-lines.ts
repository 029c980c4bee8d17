/**
 * A basket line is a product with one variant (or none) and a set of extras (spec section 2
 * "Cart"): the same dish with other extras is another line. Pure helpers over the basket's shape,
 * shared by the product page, the menu and the cart (and the food court's cart later).
 */
export interface LineShape {
  product_id: string
  product_variant: { uuid: string } | null
  product_extras: { uuid: string }[]
  quantity: number
}

export interface BasketShape {
  restaurants: { products: LineShape[] }[]
}

/** The identity of a line: product, variant and the extras in any order. */
export function lineKey(product: string, variant: string | null, extras: readonly string[]): string {
  return [product, variant ?? '-', ...[...extras].sort()].join('|')
}

const keyOf = (line: LineShape) =>
  lineKey(
    line.product_id,
    line.product_variant?.uuid ?? null,
    line.product_extras.map((e) => e.uuid),
  )

/** How many of this combination the basket already holds (0 when none). */
export function quantityInBasket(
  basket: BasketShape | undefined,
  product: string,
  variant: string | null,
  extras: readonly string[],
): number {
  if (!basket) return 0
  const key = lineKey(product, variant, extras)
  for (const r of basket.restaurants)
    for (const line of r.products) if (keyOf(line) === key) return line.quantity
  return 0
}

/** The count a line may have: whole, 0 … 9999 (spec section 5: the stepper's 4 digits, not below 0). */
export function clampQuantity(n: number): number {
  if (!Number.isFinite(n)) return 0
  return Math.min(9999, Math.max(0, Math.trunc(n)))
}
