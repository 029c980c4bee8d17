import type { Context } from 'hono'
import { notFound } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp, AppEnv } from '../../platform/module.ts'
import { brandForHost, hostName, restaurantJsonLd, robotsTxt, sitemapXml } from '../queries/brand.ts'
import { guestProduct, listRestaurants, restaurantDetail, restaurantDetailBody } from '../queries/guest.ts'
import {
  announcementSchema,
  brandingSchema,
  exceptionSchema,
  imageSchema,
  optionSchema,
  resultOf,
  thumbnailSchema,
  uuidParam,
  workingHoursSchema,
} from './schemas.ts'

/**
 * The guest routes: public (no sign-in), as the card-holder portal opens on `/food` for anyone.
 * `session_id` is accepted as the specification names it; the food session (delivery address) comes
 * with ordering (issue 14 part 2), until then the delivery cost is the restaurant's lowest.
 */

const sessionQuery = z.object({
  session_id: z.string().max(64).optional().openapi({ description: 'The food session (ordering, part 2)' }),
  search: z.string().max(100).optional(),
})

const openingFields = {
  closed: z
    .boolean()
    .openapi({ description: 'Guests cannot order now (outside hours, read-only, ordering off)' }),
  closed_message: z
    .string()
    .nullable()
    .openapi({ description: 'The owner’s own words when ordering is off' }),
  closed_reason: z
    .enum(['closed_now', 'closed_today', 'read_only', 'ordering_disabled'])
    .nullable()
    .openapi({ description: 'Why, for the web to word' }),
  opened_at: z
    .string()
    .nullable()
    .openapi({ description: "Today's opening (or the open period's), 'HH:MM' local" }),
  closed_at: z
    .string()
    .nullable()
    .openapi({ description: "Today's closing, 'HH:MM' local (earlier: after midnight)" }),
  next_opening: z.iso.datetime().nullable(),
  current_day_of_week: z
    .number()
    .int()
    .openapi({ description: 'Monday 1 … Sunday 7, in the restaurant’s zone' }),
}

const listItemSchema = z
  .object({
    uuid: z.uuid(),
    title: z.string(),
    image: thumbnailSchema.nullable(),
    delivery_cost: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'Minor units; the lowest, null without delivery' }),
    currency: z.string(),
    read_only_mode: z.boolean(),
    online_ordering: z.boolean(),
    time_zone: z.string().openapi({ description: 'The restaurant’s IANA zone, its hours’ clock' }),
    ...openingFields,
  })
  .openapi('FoodRestaurantListItem')

const menuProductSchema = z
  .object({
    uuid: z.uuid(),
    category_uuid: z.uuid(),
    title: z.string(),
    description: z.string(),
    image: thumbnailSchema.nullable(),
    price: z.number().int(),
    quantity: z.number(),
    unit: z.string(),
    keywords: z.array(z.string()),
    has_options: z.boolean(),
  })
  .openapi('FoodMenuProduct')

const detailSchema = z
  .object({
    uuid: z.uuid(),
    title: z.string(),
    description: z.string(),
    image: imageSchema.nullable(),
    address: z.string(),
    phone: z.string(),
    currency: z.string(),
    delivery_cost: z.number().int().nullable(),
    min_order_amount: z.number().int(),
    read_only_mode: z.boolean(),
    online_ordering: z.boolean(),
    can_pickup_in_rest: z.boolean(),
    pickup_fee_heading: z.string(),
    pickup_fee: z.number().int().nullable(),
    default_asap: z.boolean(),
    type_of_delivery: z.number().int(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    time_zone: z.string(),
    tc_pdf_url: z.string().nullable(),
    privacy_pdf_url: z.string().nullable(),
    paused_until: z
      .string()
      .nullable()
      .openapi({ description: 'The kitchen paused new orders until then (ISO); null when not paused' }),
    ...openingFields,
    today: z.object({ date: z.string(), exception: z.boolean() }),
    working_hours: z.array(workingHoursSchema),
    working_hours_exceptions: z.array(exceptionSchema),
    announcements: z.array(announcementSchema.pick({ uuid: true, announcement: true })),
    categories: z.array(
      z.object({
        uuid: z.uuid(),
        title: z.string(),
        products_count: z.number().int(),
        products: z.array(menuProductSchema),
      }),
    ),
  })
  .openapi('FoodRestaurant')

const guestProductSchema = z
  .object({
    uuid: z.uuid(),
    category_uuid: z.uuid(),
    title: z.string(),
    description: z.string(),
    image: imageSchema.nullable(),
    price: z.number().int(),
    currency: z.string(),
    quantity: z.number(),
    unit: z.string(),
    is_active: z.boolean(),
    nutrition_facts: z.string(),
    notes: z.string(),
    keywords: z.array(z.string()),
    variants: z.array(optionSchema),
    extras: z.array(optionSchema),
    can_order: z.boolean(),
    restaurant_closed: z.boolean(),
    restaurant: z.object({ uuid: z.uuid(), title: z.string(), ...openingFields }),
  })
  .openapi('FoodGuestProduct')

export const getRestaurants = createRoute({
  method: 'get',
  path: '/food/restaurants',
  tags: ['food'],
  summary: 'Restaurants for guests, with announcements',
  description:
    'Active restaurants by title. `search` matches a restaurant’s title or one of its products’ titles and keywords; `domain` keeps the restaurant of a branded domain. Opening and closing today, closed now or not, in each restaurant’s time zone. Public.',
  request: {
    query: sessionQuery.extend({
      domain: z
        .string()
        .max(253)
        .optional()
        .openapi({ description: 'A branded domain (the request’s host)' }),
    }),
  },
  responses: {
    200: {
      description: 'Restaurants and their announcements',
      content: {
        'application/json': {
          schema: z.object({
            data: z.array(listItemSchema),
            announcements: z.array(
              z.object({
                uuid: z.uuid(),
                announcement: z.string(),
                restaurant_uuid: z.uuid(),
                restaurant_title: z.string(),
              }),
            ),
          }),
        },
      },
    },
    ...errorResponses(400),
  },
})

export const getRestaurant = createRoute({
  method: 'get',
  path: '/food/restaurants/{uuid}',
  tags: ['food'],
  summary: 'A restaurant with its menu, for guests',
  description:
    'Categories with their active products in the owner’s order, the week’s working hours with today (`current_day_of_week`, `today`) and the exceptions from today on (an exception for today replaces or closes it), open or closed now in the restaurant’s zone. `search` keeps the products whose title, description or keyword holds it. A restaurant that is not active: 404. Public.',
  request: { params: uuidParam('restaurant'), query: sessionQuery },
  responses: {
    200: {
      description: 'The restaurant',
      content: { 'application/json': { schema: resultOf(detailSchema) } },
    },
    304: { description: 'Unchanged since the answer whose `ETag` was sent as `If-None-Match`' },
    ...errorResponses(400, 404),
  },
})

export const getRestaurantJsonLd = createRoute({
  method: 'get',
  path: '/food/restaurants/{uuid}/json-ld',
  tags: ['food'],
  summary: 'schema.org Restaurant with its Menu (JSON-LD)',
  description:
    'For the `<script type="application/ld+json">` of the restaurant’s page: address, geo, opening hours, menu sections and items with offers. URLs on `host` (default: the request’s). Public.',
  request: { params: uuidParam('restaurant'), query: z.object({ host: z.string().max(253).optional() }) },
  responses: {
    200: {
      description: 'JSON-LD',
      content: { 'application/ld+json': { schema: z.record(z.string(), z.unknown()) } },
    },
    ...errorResponses(400, 404),
  },
})

export const getProduct = createRoute({
  method: 'get',
  path: '/food/products/{uuid}',
  tags: ['food'],
  summary: 'A product with its variants and extras, for guests',
  description:
    '`can_order` and `restaurant_closed` say whether it can be ordered now. An inactive product or one of a restaurant that is not active: 404. Public.',
  request: { params: uuidParam('product'), query: sessionQuery.pick({ session_id: true }) },
  responses: {
    200: {
      description: 'The product',
      content: { 'application/json': { schema: resultOf(guestProductSchema) } },
    },
    ...errorResponses(400, 404),
  },
})

export const getBrand = createRoute({
  method: 'get',
  path: '/food/brand',
  tags: ['food'],
  summary: 'The brand of a domain (for server-rendered pages)',
  description:
    'The restaurant a domain serves and its brand: SEO title, description, keywords and language, Google Analytics id, theme colours, logos (favicon sizes 32, 180, 192, 512). `host` defaults to the request’s Host. A host without a brand (the platform’s own): 404. Public.',
  request: { query: z.object({ host: z.string().max(253).optional() }) },
  responses: {
    200: {
      description: 'The brand',
      content: {
        'application/json': {
          schema: resultOf(
            brandingSchema
              .extend({
                restaurant: z.object({
                  uuid: z.uuid(),
                  title: z.string(),
                  description: z.string(),
                  image: imageSchema.nullable(),
                  path: z.string(),
                }),
              })
              .openapi('FoodBrand'),
          ),
        },
      },
    },
    ...errorResponses(400, 404),
  },
})

const hostQuery = z.object({ host: z.string().max(253).optional() })

export const getSitemap = createRoute({
  method: 'get',
  path: '/food/sitemap.xml',
  tags: ['food'],
  summary: 'sitemap.xml of a host',
  description:
    'A restaurant’s domain: its list, page and active products; the platform’s hosts: every active restaurant. Also served as `/sitemap.xml` on every host. Public.',
  request: { query: hostQuery },
  responses: { 200: { description: 'Sitemap', content: { 'application/xml': { schema: z.string() } } } },
})

export const getRobots = createRoute({
  method: 'get',
  path: '/food/robots.txt',
  tags: ['food'],
  summary: 'robots.txt of a host',
  description:
    'Food pages may be crawled, the API and portals not. Also served as `/robots.txt` on every host. Public.',
  request: { query: hostQuery },
  responses: { 200: { description: 'robots.txt', content: { 'text/plain': { schema: z.string() } } } },
})

/** Whether `If-None-Match` names `etag` (or `*`); weak and strong tags alike, as for a GET. */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t === etag || t === `W/${etag}`
  })
}

/** `preferredCoding` of the Accept-Encoding values seen (browsers send a handful). */
const codingOf = new Map<string, 'br' | 'gzip' | undefined>()

/** brotli, else gzip, when `Accept-Encoding` takes it (a q of 0 refuses). */
export function preferredCoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined
  if (codingOf.has(header)) return codingOf.get(header)
  const coding = parseCoding(header)
  if (codingOf.size >= 100) codingOf.clear()
  codingOf.set(header, coding)
  return coding
}

function parseCoding(header: string): 'br' | 'gzip' | undefined {
  const taken = new Map<string, number>()
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    taken.set(name.trim() === 'x-gzip' ? 'gzip' : name.trim(), q === undefined ? 1 : Number(q.slice(2)) || 0)
  }
  const any = taken.get('*') ?? 0
  if ((taken.get('br') ?? any) > 0) return 'br'
  if ((taken.get('gzip') ?? any) > 0) return 'gzip'
  return undefined
}

/** The host a request was made to: a proxy's X-Forwarded-Host only behind a trusted proxy (TRUST_PROXY). */
export function hostOf(c: Context<AppEnv>): string {
  const forwarded = c.get('services').config.TRUST_PROXY ? c.req.header('x-forwarded-host') : undefined
  return (forwarded?.split(',')[0] ?? c.req.header('host') ?? '').trim().toLowerCase()
}

/** The origin pages of `host` are served on: the platform's scheme (https in production), that host. */
export function originOf(c: Context<AppEnv>, host?: string): string {
  const scheme = new URL(c.get('services').config.PUBLIC_URL).protocol
  const name = (host ?? hostOf(c))
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9.:-]/g, '')
  return name ? `${scheme}//${name}` : c.get('services').config.PUBLIC_URL
}

export const requestHost = (c: Context<AppEnv>, host?: string) => hostName(host ?? hostOf(c))

export async function sitemapResponse(c: Context<AppEnv>, host?: string) {
  const xml = await sitemapXml(c.get('services').db, requestHost(c, host), originOf(c, host))
  return c.body(xml, 200, {
    'Content-Type': 'application/xml; charset=utf-8',
    'Cache-Control': 'public, max-age=3600',
  })
}

export function robotsResponse(c: Context<AppEnv>, host?: string) {
  return c.body(robotsTxt(originOf(c, host)), 200, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'public, max-age=3600',
  })
}

export function registerGuestRoutes(app: ApiApp) {
  app.openapi(getRestaurants, async (c) => {
    const query = c.req.valid('query')
    const answer = await listRestaurants(c.get('services').db, query)
    c.header('Cache-Control', 'no-store')
    return c.json(answer, 200)
  })

  app.openapi(getRestaurant, async (c) => {
    const body = await restaurantDetailBody(
      c.get('services').db,
      c.req.valid('param').uuid,
      c.req.valid('query'),
    )
    // Kept by browsers but asked again each time (`no-cache`): an unchanged menu is a 304 of no body.
    const headers: Record<string, string> = {
      'Content-Type': 'application/json; charset=UTF-8',
      'Cache-Control': 'no-cache',
      ETag: body.etag,
      Vary: 'Accept-Encoding',
    }
    if (ifNoneMatch(c.req.header('if-none-match'), body.etag)) return c.body(null, 304, headers) as never
    // Compressed once a minute per restaurant (DetailBody), not per guest: 200 dishes are 100 KiB of JSON.
    const coding = preferredCoding(c.req.header('accept-encoding'))
    if (coding) {
      return c.body(await body.encoded(coding), 200, { ...headers, 'Content-Encoding': coding }) as never
    }
    return c.body(body.bytes, 200, headers) as never
  })

  app.openapi(getRestaurantJsonLd, async (c) => {
    const detail = await restaurantDetail(c.get('services').db, c.req.valid('param').uuid)
    const doc = restaurantJsonLd(detail, originOf(c, c.req.valid('query').host))
    return c.body(JSON.stringify(doc), 200, { 'Content-Type': 'application/ld+json; charset=utf-8' }) as never
  })

  app.openapi(getProduct, async (c) => {
    const result = await guestProduct(c.get('services').db, c.req.valid('param').uuid)
    c.header('Cache-Control', 'no-store')
    return c.json({ result }, 200)
  })

  app.openapi(getBrand, async (c) => {
    const brand = await brandForHost(c.get('services').db, requestHost(c, c.req.valid('query').host))
    if (!brand) throw notFound('brand')
    return c.json({ result: brand }, 200)
  })

  app.openapi(getSitemap, async (c) => (await sitemapResponse(c, c.req.valid('query').host)) as never)
  app.openapi(getRobots, (c) => robotsResponse(c, c.req.valid('query').host) as never)
}
