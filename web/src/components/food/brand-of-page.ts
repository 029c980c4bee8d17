import type { QueryClient } from '@tanstack/react-query'
import { pageHost } from './host.ts'
import { brandQueryOptions, type FoodBrand } from './queries.ts'

/**
 * The restaurant's brand of the host the page is on (docs/food.md, "Domain → brand"), looked up
 * once per page by the root route so that every page and frame of that domain can follow it (its
 * colours and logo in the food area, its `disable_*` switches in the navigation and routes, `/`
 * to the restaurant). Only on the card-holder portal on a host that is not one of the platform's
 * own names (`brandable`); kept five minutes in the query cache. A brand that cannot be read now
 * is no brand: the platform's own look, the pages still work.
 */
export async function brandOfPage(
  queryClient: QueryClient,
  brandable: boolean,
): Promise<{ brand: FoodBrand | null; host: string }> {
  const host = await pageHost()
  if (!brandable || !host) return { brand: null, host }
  try {
    return { brand: await queryClient.ensureQueryData(brandQueryOptions(host)), host }
  } catch {
    return { brand: null, host }
  }
}

const hexColour = /^#[0-9a-f]{3,8}$/i

/** The platform's own colour: `theme-color` of every page without a brand. */
export const platformThemeColor = '#4d7cfe'

/**
 * The page's one `<meta name="theme-color">` (the root writes it): the brand's colour on its domain,
 * else the platform's. Only one tag: a browser reading two may take either.
 */
export function themeColor(brand: FoodBrand | null | undefined): string {
  return brand && hexColour.test(brand.theme.color) ? brand.theme.color : platformThemeColor
}
