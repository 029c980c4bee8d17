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
