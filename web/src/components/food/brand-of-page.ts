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
 * own names (`brandable`); kept five minutes in the query cache. A brand that cannot be read now
 * is no brand: the platform's own look, the pages still work.
 *
 * A host without a restaurant's brand may be a food court's own domain (docs/food-court.md,
 * "Guest pages"): then `court` names it, and `/` and `/food` open the court as a brand's open its
 * restaurant. Asked only when there is no brand (a domain is never both).
 */
export async function brandOfPage(
  queryClient: QueryClient,
  brandable: boolean,
): Promise<{ brand: FoodBrand | null; court: DomainCourt | null; host: string }> {
  const host = await pageHost()
  if (!brandable || !host) return { brand: null, court: null, host }
  const brand = await brandOfHost(queryClient, host)
  if (brand) return { brand, court: null, host }
  return { brand: null, court: await courtOfDomain(queryClient, host), host }
}

/** The food court on its own domain, or null; its query options also come with the first lookup. */
async function courtOfDomain(queryClient: QueryClient, host: string): Promise<DomainCourt | null> {
  try {
    const { guestCourtQueryOptions } = await import('./court-queries.ts')
    const court = await queryClient.ensureQueryData(guestCourtQueryOptions(courtOfHost(host)))
    return court ? { uuid: court.uuid, title: court.title } : null
  } catch {
    return null
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

/** The food court whose own domain the page is on. */
export interface DomainCourt {
  uuid: string
  title: string
}

/** How a court is asked for by the host it is on (without the port), as `/food/court` asks. */
export const courtOfHost = (host: string) => ({ domain: host.split(':')[0] })
