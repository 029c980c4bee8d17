import type { DbOrTrx } from '../../platform/db.ts'
import { programFactsQuery, programStatuses, programTypes } from '../../programs/index.ts'
import { hostName } from './brand.ts'
import { changedLately, restaurantPageStamp } from './guest.ts'

/**
 * Stamps of the food guest pages for the web's shared render (`services/api/web.ts`, docs/food.md
 * "Speed"): the API process keeps one render of a guest page per host, address and language, and
 * answers it again while its stamp is unchanged, however old it is. A stamp must therefore change
 * with everything the page shows: the restaurant (`restaurantPageStamp`: its version, the pause and
 * the clock's part, once a minute) and the brand of the host the page is drawn in (`brandStamp`).
 */

/** How long a host's brand is trusted without asking PostgreSQL (as a restaurant's version is). */
const freshMs = 1000
const hosts = new Map<string, { checkedAt: number; stamp: string }>()
const hostsKept = 1000

/**
 * The brand a host shows, as a stamp: which restaurant's domain it is, and that restaurant's
 * version and program change (its brand, logos, title and description all bump one of them); `-`
 * for a host without a brand. Read once a second, and at each request in the second after a change
 * through this process.
 */
async function brandStamp(db: DbOrTrx, host: string): Promise<string> {
  const domain = hostName(host)
  if (!domain) return '-'
  const now = Date.now()
  const known = hosts.get(domain)
  if (known && now - known.checkedAt < freshMs && !changedLately()) return known.stamp
  const row = await db
    .selectFrom('food_brandings as b')
    .innerJoin('food_restaurants as r', 'r.program_id', 'b.program_id')
    .innerJoin(
      programFactsQuery(db)
        .where('type', '=', programTypes.foodsManagement)
        .where('status', '=', programStatuses.active)
        .as('p'),
      'p.id',
      'b.program_id',
    )
    .select(['b.program_id', 'r.version', 'p.updated_at'])
    .where('b.domain_name', '=', domain)
    .executeTakeFirst()
  const stamp = row ? `${row.program_id}:${row.version}:${row.updated_at.getTime()}` : '-'
  if (hosts.size >= hostsKept) hosts.clear()
  hosts.set(domain, { checkedAt: now, stamp })
  return stamp
}

const placePath = /^\/food\/place\/([^/]+)\/?$/

/**
 * The stamp of a food guest page: `/food/place/{uuid}` by its restaurant and the host's brand;
 * the other food pages (the list, a dish, the basket) are not vouched for (`null`: the shared
 * render serves them for a second); `undefined` outside the food area.
 */
export async function guestPageStamp(
  db: DbOrTrx,
  url: URL,
  host: string,
  at = new Date(),
): Promise<string | null | undefined> {
  if (url.pathname !== '/food' && !url.pathname.startsWith('/food/')) return undefined
  const place = placePath.exec(url.pathname)
  if (!place) return null
  const [restaurant, brand] = await Promise.all([
    restaurantPageStamp(db, place[1] ?? '', at),
    brandStamp(db, host),
  ])
  // A restaurant guests do not see: its not-found page, rendered each time (never shared).
  if (restaurant === undefined) return null
  return `${restaurant}|${brand}`
}
