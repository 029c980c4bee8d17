import { sql } from 'kysely'
import type { DbOrTrx } from '../../platform/db.ts'
import { programFactsQuery, programStatuses, programTypes } from '../../programs/index.ts'
import { type BrandingJson, brandingJson } from '../commands/branding.ts'
import type { ImageRow } from '../db/files.ts'
import { type ImageJson, imageJson } from '../files.ts'
import { endOfDay } from '../shared.ts'
import type { RestaurantDetail } from './guest.ts'

/**
 * Domain → brand: a restaurant's guest pages on a domain of its own. The web's server asks with the
 * request's host (`GET food/brand?host=`) and puts the brand in the HTML it renders: title,
 * description, keywords, language, favicon, Google Analytics id, theme colours, and schema.org
 * `Restaurant` with its `Menu` (`GET food/restaurants/{uuid}/json-ld`). `sitemap.xml` and
 * `robots.txt` are answered per host. Only an active restaurant has a brand guests see.
 */

/** A host as compared with domain names: lower case, without port or trailing dot. */
export const hostName = (host: string | undefined | null) =>
  (host ?? '').trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '')

export interface BrandJson extends BrandingJson {
  restaurant: {
    uuid: string
    title: string
    description: string
    image: ImageJson | null
    /** The restaurant's page on this domain. */
    path: string
  }
}

/** The brand of the restaurant a host (domain) serves, or undefined (no brand: the platform's own look). */
export async function brandForHost(db: DbOrTrx, host: string): Promise<BrandJson | undefined> {
  const domain = hostName(host)
  if (!domain) return undefined
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
    .selectAll('b')
    .select(['p.title', 'p.description', 'r.image_id'])
    .where('b.domain_name', '=', domain)
    .executeTakeFirst()
  if (!row) return undefined
  const ids = [row.app_logo_id, row.favicon_logo_id, row.image_id].filter((id): id is string => !!id)
  const images = new Map<string, ImageRow>()
  if (ids.length) {
    for (const image of await db.selectFrom('food_images').selectAll().where('id', 'in', ids).execute()) {
      images.set(image.id, image)
    }
  }
  const picture = row.image_id ? images.get(row.image_id) : undefined
  return {
    ...brandingJson(row.program_id, row, images),
    restaurant: {
      uuid: row.program_id,
      title: row.title,
      description: row.description,
      image: picture ? imageJson(picture) : null,
      path: `/food/place/${row.program_id}`,
    },
  }
}

/** schema.org's way to say "until the end of the day" (Google's guide: open all day is 00:00–23:59). */
const closesOf = (time: string | null) => (time === endOfDay ? '23:59' : time)

const dayNames = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

/** Money in major units as schema.org writes prices ("9.50"). */
const price = (minor: number, currency: string) => {
  const exponent = currency === 'JPY' || currency === 'KRW' || currency === 'ISK' ? 0 : 2
  return (minor / 10 ** exponent).toFixed(exponent)
}

/**
 * schema.org `Restaurant` with its `Menu` (sections and items with offers), opening hours and
 * address, for a restaurant's page: `<script type="application/ld+json">` in the HTML the web renders.
 */
export function restaurantJsonLd(detail: RestaurantDetail, origin: string): Record<string, unknown> {
  const page = `${origin}/food/place/${detail.uuid}`
  const abs = (url: string) => (url.startsWith('http') ? url : `${origin}${url}`)
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    '@id': page,
    url: page,
    name: detail.title,
    description: detail.description,
    ...(detail.image ? { image: abs(detail.image.url) } : {}),
    ...(detail.address ? { address: detail.address } : {}),
    ...(detail.phone ? { telephone: detail.phone } : {}),
    ...(detail.latitude !== null && detail.longitude !== null
      ? { geo: { '@type': 'GeoCoordinates', latitude: detail.latitude, longitude: detail.longitude } }
      : {}),
    currenciesAccepted: detail.currency,
    acceptsReservations: false,
    openingHoursSpecification: [
      ...detail.working_hours
        .filter((d) => d.enabled)
        .map((d) => ({
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: `https://schema.org/${dayNames[d.day_of_week]}`,
          opens: d.start_time,
          closes: closesOf(d.end_time),
        })),
      ...detail.working_hours_exceptions.map((e) => ({
        '@type': 'OpeningHoursSpecification',
        validFrom: e.date,
        validThrough: e.date,
        opens: e.closed ? '00:00' : e.start_time,
        closes: e.closed ? '00:00' : closesOf(e.end_time),
      })),
    ],
    hasMenu: {
      '@type': 'Menu',
      name: detail.title,
      hasMenuSection: detail.categories.map((c) => ({
        '@type': 'MenuSection',
        name: c.title,
        // What search engines read of a dish: its name, words, address and price. Its picture, size
        // and the restaurant's open-or-closed are on the page itself, and an `@id` would only
        // repeat `url`: 200 dishes are half the script without them (docs/food.md, "Speed").
        hasMenuItem: c.products.map((p) => ({
          '@type': 'MenuItem',
          url: `${origin}/food/product/${p.uuid}`,
          name: p.title,
          ...(p.description ? { description: p.description } : {}),
          offers: {
            '@type': 'Offer',
            price: price(p.price, detail.currency),
            priceCurrency: detail.currency,
          },
        })),
      })),
    },
  }
}

const xmlEscape = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch] ?? ch,
  )

/**
 * `sitemap.xml` for a host: on a restaurant's domain its list, its page and its active products; on
 * the platform's own hosts the food list and every active restaurant's page.
 */
export async function sitemapXml(db: DbOrTrx, host: string, origin: string): Promise<string> {
  const brand = await brandForHost(db, host)
  const active = programFactsQuery(db)
    .where('type', '=', programTypes.foodsManagement)
    .where('status', '=', programStatuses.active)
  const rows = await sql<{ path: string; updated: Date }>`
    select '/food/place/' || r.program_id as path, r.updated_at as updated
      from food_restaurants r join (${active}) p on p.id = r.program_id
     where ${brand?.restaurant.uuid ?? null}::uuid is null or r.program_id = ${brand?.restaurant.uuid ?? null}::uuid
    union all
    select '/food/product/' || fp.id, fp.updated_at
      from food_products fp join (${active}) p on p.id = fp.program_id
     where fp.is_active and ${brand?.restaurant.uuid ?? null}::uuid is not null
       and fp.program_id = ${brand?.restaurant.uuid ?? null}::uuid
     limit 49999`.execute(db)
  const urls = [{ path: '/food', updated: null as Date | null }, ...rows.rows]
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(
      (u) =>
        `  <url><loc>${xmlEscape(`${origin}${u.path}`)}</loc>${u.updated ? `<lastmod>${u.updated.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`,
    ),
    '</urlset>',
    '',
  ].join('\n')
}

/**
 * `robots.txt` for a host: guests' food pages may be crawled, the API and signed-in portals not;
 * points at the host's sitemap.
 */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /food',
    'Disallow: /api/',
    'Disallow: /orders',
    'Disallow: /profile',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
}
