import type { QueryClient } from '@tanstack/react-query'
import { pageHost } from './host.ts'
import type { FoodBrand } from './queries.ts'

/**
 * The restaurant's brand of a host, or null for the platform's own look: a brand that cannot be
 * read now is no brand, the pages still work. The food area's query options come with the first
 * lookup (a dynamic import), so a page on one of the platform's own names, which never looks a
 * brand up, does not load them in its entry chunk (README, Weight).
 */
export async function brandOfHost(queryClient: QueryClient, host: string): Promise<FoodBrand | null> {
  try {
    const { brandQueryOptions } = await import('./queries.ts')
    return await queryClient.ensureQueryData(brandQueryOptions(host))
  } catch {
    return null
  }
}

/**
 * The restaurant's brand of the host the page is on (docs/food.md, "Domain → brand"), looked up
 * once per page by the root route so that every page and frame of that domain can follow it (its
 * colours and logo in the food area, its `disable_*` switches in the navigation and routes, `/`
 * to the restaurant). Only on the card-holder portal on a host that is not one of the platform's
 * own names (`brandable`); kept five minutes in the query cache.
 */
export async function brandOfPage(
  queryClient: QueryClient,
  brandable: boolean,
): Promise<{ brand: FoodBrand | null; host: string }> {
  const host = await pageHost()
  if (!brandable || !host) return { brand: null, host }
  return { brand: await brandOfHost(queryClient, host), host }
}
