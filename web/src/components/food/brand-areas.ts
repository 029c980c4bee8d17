import type { FoodBrand } from './queries.ts'

/**
 * The product areas an owner may switch off on their restaurant's domain (`disable_{product}` of
 * the brand, spec food.md section 3; docs/food.md "Domain → brand"), and the card-holder portal's
 * paths that belong to each. On that domain a switched-off area is neither linked nor served:
 * its navigation entries are left out and its paths lead to the domain's start.
 */
export type ProductArea = 'card' | 'credit' | 'payment' | 'food' | 'food_court'

const areaPaths: [ProductArea, RegExp][] = [
  ['food_court', /^\/(food-court|court)(\/|$)/],
  ['food', /^\/(food|orders)(\/|$)/],
  ['card', /^\/(cards|order)(\/|$)/],
  ['credit', /^\/bills(\/|$)/],
  ['payment', /^\/pay(\/|$)/],
]

/** The product area a path of the card-holder portal belongs to, or null (profile, posts, help…). */
export function areaOfPath(pathname: string): ProductArea | null {
  for (const [area, pattern] of areaPaths) if (pattern.test(pathname)) return area
  return null
}

type Switches = Pick<
  FoodBrand,
  'disable_card' | 'disable_credit' | 'disable_payment' | 'disable_food' | 'disable_food_court'
>

/** Whether the brand switched off the area of this path (never without a brand). */
export function brandHides(brand: Switches | null | undefined, pathname: string): boolean {
  if (!brand) return false
  const area = areaOfPath(pathname)
  return area !== null && brand[`disable_${area}`]
}

/**
 * Where `/` leads on a restaurant's domain: straight to the restaurant (spec section 2: the card
 * holder's start is the food area, and this domain's food is this one restaurant). With its food
 * switched off, to the portal's home when signed in, else to sign in.
 */
export function brandStart(
  brand: Switches & { restaurant: { uuid: string } },
  signedIn: boolean,
): { to: '/food/place/$uuid'; params: { uuid: string } } | { to: '/home' | '/sign-in' } {
  if (!brand.disable_food) return { to: '/food/place/$uuid', params: { uuid: brand.restaurant.uuid } }
  return { to: signedIn ? '/home' : '/sign-in' }
}
