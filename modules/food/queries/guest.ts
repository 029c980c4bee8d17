import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { sql } from 'kysely'
import type { DbOrTrx } from '../../platform/db.ts'
import { AppError, notFound } from '../../platform/errors.ts'
import { programFactsQuery, programStatuses, programTypes } from '../../programs/index.ts'
import type { ImageRow } from '../db/files.ts'
import { documentUri, type ImageJson, imageJson, type ThumbnailJson, thumbnailJson } from '../files.ts'
import { type ExceptionRow, type Opening, openingAt } from '../hours.ts'
import type { Unit, WorkingHoursRow } from '../shared.ts'

/**
 * What guests read (spec section 7 "Food: session, restaurants, basket"): the restaurant list, a
 * restaurant with its menu, a product. Only active programs and active products are shown; any
 * other uuid is 404 alike. Each answer is one round trip to PostgreSQL (the JSON is assembled
 * there), and a restaurant's menu is kept in this process by its version, so a page of 200
 * products costs one indexed lookup while nothing changed. Open or closed is worked out per
 * request in the restaurant's time zone (hours.ts).
 */

type Image = Pick<ImageRow, 'id' | 'kind' | 'width' | 'height' | 'widths'>

/** Why guests cannot order now; the web words it. */
export type ClosedReason = 'closed_now' | 'closed_today' | 'read_only' | 'ordering_disabled'

interface Ordering {
  read_only_mode: boolean
  disable_online_ordering: boolean
  order_limit_message: string
}

/** Open or closed now, with today's hours, as the list and the detail show it. */
export interface OpeningJson {
  closed: boolean
  closed_message: string | null
  closed_reason: ClosedReason | null
  opened_at: string | null
  closed_at: string | null
  next_opening: string | null
  current_day_of_week: number
}

/**
 * Guests cannot order while the restaurant is outside its hours, in read-only mode or with online
 * ordering off. `closed_message` is the owner's own words (`order_limit_message`) when they switched
 * ordering off; the web words the other reasons from `closed_reason`.
 */
export function openingJson(opening: Opening, ordering: Ordering): OpeningJson {
  const reason: ClosedReason | null = ordering.read_only_mode
    ? 'read_only'
    : ordering.disable_online_ordering
      ? 'ordering_disabled'
      : opening.open
        ? null
        : opening.opened_at === null
          ? 'closed_today'
          : 'closed_now'
  const ownWords = (reason === 'read_only' || reason === 'ordering_disabled') && ordering.order_limit_message
  return {
    closed: reason !== null,
    closed_message: ownWords ? ordering.order_limit_message : null,
    closed_reason: reason,
    opened_at: opening.opened_at,
    closed_at: opening.closed_at,
    next_opening: opening.next_opening?.toISOString() ?? null,
    current_day_of_week: opening.day_of_week,
  }
}

const image = (i: Image | null | undefined): ImageJson | null => (i ? imageJson(i) : null)
const thumbnail = (i: Image | null | undefined): ThumbnailJson | null => (i ? thumbnailJson(i) : null)

// ── Restaurant list ──────────────────────────────────────────────────────────────────────────────

export interface RestaurantListItem extends OpeningJson {
  uuid: string
  title: string
  image: ThumbnailJson | null
  /** The lowest delivery cost (minor units; the session's own once sessions exist), null without delivery. */
  delivery_cost: number | null
  currency: string
  read_only_mode: boolean
  online_ordering: boolean
  /** The restaurant's IANA zone: `next_opening` is worded on its clock. */
  time_zone: string
}

export interface ListedAnnouncement {
  uuid: string
  announcement: string
  restaurant_uuid: string
  restaurant_title: string
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/** Only what a guest may see: active food programs (the programs module's facts, joined). */
const activeFoodPrograms = (db: DbOrTrx) =>
  programFactsQuery(db)
    .where('type', '=', programTypes.foodsManagement)
    .where('status', '=', programStatuses.active)

const hoursJson = sql`coalesce((select json_agg(json_build_object('day_of_week', h.day_of_week, 'enabled', h.enabled,
    'start_time', to_char(h.start_time, 'HH24:MI'), 'end_time', to_char(h.end_time, 'HH24:MI')) order by h.day_of_week)
  from food_working_hours h where h.program_id = r.program_id), '[]')`

// Exceptions from two days back: yesterday's (local) hours may still run past midnight.
const exceptionsJson = sql`coalesce((select json_agg(json_build_object('date', e.date::text, 'closed', e.closed,
    'start_time', to_char(e.start_time, 'HH24:MI'), 'end_time', to_char(e.end_time, 'HH24:MI')) order by e.date)
  from food_working_hours_exceptions e where e.program_id = r.program_id and e.date >= current_date - 2), '[]')`

const imageOf = (column: string) =>
  sql`(select json_build_object('id', i.id, 'kind', i.kind, 'width', i.width, 'height', i.height, 'widths', i.widths)
  from food_images i where i.id = ${sql.ref(column)})`

const deliveryCost = sql`case when r.type_of_delivery = 1
    then (select min(z.cost) from food_delivery_zip_codes z where z.program_id = r.program_id)
    else (select min(d.cost) from food_delivery_ranges d where d.program_id = r.program_id) end`

interface HoursColumns {
  time_zone: string
  working_hours: WorkingHoursRow[]
  working_hours_exceptions: ExceptionRow[]
}

/**
 * `GET food/restaurants`: the active restaurants (by title; `search` matches a restaurant's title
 * or one of its active products' titles and keywords; `domain` keeps the one restaurant of a branded
 * domain), with their hours today, and the announcements of those restaurants, newest first.
 */
export async function listRestaurants(
  db: DbOrTrx,
  query: { search?: string | undefined; domain?: string | undefined },
  at = new Date(),
): Promise<{ data: RestaurantListItem[]; announcements: ListedAnnouncement[] }> {
  const search = query.search?.trim() ? likePattern(query.search.trim()) : null
  const domain = query.domain?.trim().toLowerCase().replace(/:\d+$/, '') || null
  const result = await sql<{ data: ListedRow[]; announcements: ListedAnnouncement[] }>`
    with listed as (
      select p.id as uuid, p.title, p.currency, r.time_zone, r.read_only_mode, r.disable_online_ordering,
             r.order_limit_message, ${deliveryCost} as delivery_cost, ${imageOf('r.image_id')} as image,
             ${hoursJson} as working_hours, ${exceptionsJson} as working_hours_exceptions
        from food_restaurants r
        join (${activeFoodPrograms(db)}) p on p.id = r.program_id
       where (${search}::text is null or p.title ilike ${search} or exists (
               select 1 from food_products fp where fp.program_id = r.program_id and fp.is_active
                  and (fp.title ilike ${search} or array_to_string(fp.keywords, ' ') ilike ${search})))
         and (${domain}::text is null or exists (
               select 1 from food_brandings b where b.program_id = r.program_id and b.domain_name = ${domain}))
    )
    select coalesce((select json_agg(l order by lower(l.title), l.uuid) from listed l), '[]') as data,
           coalesce((select json_agg(json_build_object('uuid', a.id, 'announcement', a.announcement,
                       'restaurant_uuid', l.uuid, 'restaurant_title', l.title) order by a.created_at desc)
                       from food_announcements a join listed l on l.uuid = a.program_id), '[]') as announcements
  `.execute(db)
  const row = result.rows[0] ?? { data: [], announcements: [] }
  return {
    data: row.data.map((r) => ({
      uuid: r.uuid,
      title: r.title,
      image: thumbnail(r.image),
      delivery_cost: r.delivery_cost === null ? null : Number(r.delivery_cost),
      currency: r.currency,
      read_only_mode: r.read_only_mode,
      online_ordering: !r.disable_online_ordering,
      time_zone: r.time_zone,
      ...openingJson(openingAt(at, r), r),
    })),
    announcements: row.announcements,
  }
}

interface ListedRow extends HoursColumns, Ordering {
  uuid: string
  title: string
  currency: string
  delivery_cost: number | string | null
  image: Image | null
}

// ── Restaurant detail ────────────────────────────────────────────────────────────────────────────

export interface MenuProduct {
  uuid: string
  category_uuid: string
  title: string
  description: string
  image: ThumbnailJson | null
  price: number
  quantity: number
  unit: string
  keywords: string[]
  /** The product has variants or extras to choose (its page shows them). */
  has_options: boolean
}

export interface MenuCategory {
  uuid: string
  title: string
  products_count: number
  products: MenuProduct[]
}

/** What a restaurant's page shows that does not change with the time of day. */
interface RestaurantDoc extends HoursColumns, Ordering {
  uuid: string
  /** The kitchen's pause (`PATCH programs/{uuid}/pause`): no new orders before it. */
  paused_until: Date | null
  title: string
  description: string
  image: ImageJson | null
  currency: string
  address: string
  phone: string
  delivery_cost: number | null
  min_order_amount: number
  can_pickup_in_rest: boolean
  pickup_fee_heading: string
  pickup_fee: number | null
  default_asap: boolean
  type_of_delivery: number
  latitude: number | null
  longitude: number | null
  tc_pdf_url: string | null
  privacy_pdf_url: string | null
  announcements: { uuid: string; announcement: string }[]
  categories: MenuCategory[]
}

interface CachedRestaurant {
  key: string
  /** When the version was last read (ms); 0 after a change made in this process. */
  checkedAt: number
  doc: RestaurantDoc
  /** `categories` already as JSON: 200 products are not serialised again for every guest. */
  categoriesJson: string
  /** The whole answer of the current minute and its compressed forms, made once for every guest. */
  body?: DetailBody
  /** The page stamp of the current minute (`restaurantPageStamp`). */
  stamp?: { minute: number; text: string }
}

/**
 * A restaurant page's answer for one minute: open or closed, today's hours and the next opening
 * change only when a minute turns (hours are whole minutes in every zone), so the JSON, its brotli
 * and its gzip are made once a minute per restaurant (and after a change), not per guest.
 */
export class DetailBody {
  readonly minute: number
  readonly text: string
  /** A strong validator of this answer (restaurant version, minute, the text's hash), for `ETag`. */
  readonly etag: string
  #bytes: Uint8Array<ArrayBuffer> | undefined
  #br: Promise<Uint8Array<ArrayBuffer>> | undefined
  #gzip: Promise<Uint8Array<ArrayBuffer>> | undefined

  constructor(minute: number, text: string) {
    this.minute = minute
    this.text = text
    this.etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`
  }

  /** The answer as UTF-8, encoded once for the minute. */
  get bytes(): Uint8Array<ArrayBuffer> {
    this.#bytes ??= Buffer.from(this.text)
    return this.#bytes
  }

  /**
   * The answer in a content coding (made on first use, kept for the minute), as bytes handed to
   * every guest as they are: no copy per request.
   */
  encoded(coding: 'br' | 'gzip'): Promise<Uint8Array<ArrayBuffer>> {
    if (coding === 'br') {
      this.#br ??= brotliAsync(this.text, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }).then(ownBytes)
      return this.#br
    }
    this.#gzip ??= gzipAsync(this.text, { level: 9 }).then(ownBytes)
    return this.#gzip
  }
}

/** A Buffer's bytes as a Uint8Array of their own (zlib's may be a view into a larger pool). */
const ownBytes = (b: Buffer): Uint8Array<ArrayBuffer> => new Uint8Array(b)

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Restaurants kept in this process, by program id; the least recently built go first. */
const cache = new Map<string, CachedRestaurant>()
const cacheSize = 500

/**
 * How long a copy is served without asking PostgreSQL for the restaurant's version. A change made
 * through this process is seen by its next request (`restaurantChanged`); one made through another
 * API process (or the programs module: a title, a block) within this long. A menu a second old is
 * fine for guests, and a busy page then costs no database round trip at all.
 */
const freshMs = 1000

/** Restaurants changed through this process in the last second: their version is read each time. */
const recheckUntil = new Map<string, number>()
/** When a change was last made through this process (any restaurant; ms). */
let lastChange = 0

/**
 * A change guests can see was made to this restaurant: read its version again at each request for
 * the next second.
 */
export function restaurantChanged(programId: string): void {
  const cached = cache.get(programId)
  // Called inside the change's transaction, before it commits: a request meanwhile reads the old
  // version. So the version is read by every request for a second, not only the next one.
  if (cached) cached.checkedAt = 0
  recheckUntil.set(programId, Date.now() + freshMs)
  if (recheckUntil.size > cacheSize) recheckUntil.delete(recheckUntil.keys().next().value as string)
  lastChange = Date.now()
}

/**
 * A change was made through this process (to any restaurant) in the last second: what depends on
 * it is read again each time meanwhile (its transaction may not have committed when it was marked).
 */
export const changedLately = () => Date.now() - lastChange < freshMs

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The version of what a guest sees of an active restaurant: the food module's own counter (menu,
 * hours, announcements, brand) and the program's last change (title, description). Undefined
 * when the restaurant is not shown to guests.
 */
async function versionOf(db: DbOrTrx, uuid: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('food_restaurants as r')
    .innerJoin(activeFoodPrograms(db).as('p'), 'p.id', 'r.program_id')
    .select(['r.version', 'p.updated_at', 'r.paused_until'])
    .where('r.program_id', '=', uuid)
    .executeTakeFirst()
  // The pause does not bump the version (the kitchen sets it often): it is part of the key instead.
  return row && `${row.version}:${row.updated_at.getTime()}:${row.paused_until?.getTime() ?? ''}`
}

async function loadRestaurant(db: DbOrTrx, uuid: string): Promise<RestaurantDoc | undefined> {
  const result = await sql<RestaurantRowJson>`
    select p.id as uuid, p.title, p.description, p.currency,
           r.address, r.phone, r.min_order_amount, r.order_limit_message, r.read_only_mode, r.disable_online_ordering,
           r.can_pickup_in_rest, r.pickup_fee_heading, r.pickup_fee, r.default_asap, r.type_of_delivery,
           r.latitude, r.longitude, r.time_zone, r.tc_document_id, r.privacy_document_id, r.paused_until,
           ${deliveryCost} as delivery_cost, ${imageOf('r.image_id')} as image,
           ${hoursJson} as working_hours, ${exceptionsJson} as working_hours_exceptions,
           coalesce((select json_agg(json_build_object('uuid', a.id, 'announcement', a.announcement) order by a.created_at desc)
              from food_announcements a where a.program_id = r.program_id), '[]') as announcements,
           coalesce((select json_agg(json_build_object('uuid', c.id, 'title', c.title, 'products', coalesce((
                select json_agg(json_build_object('uuid', fp.id, 'category_uuid', fp.category_id, 'title', fp.title,
                         'description', fp.description, 'price', fp.price, 'quantity', fp.quantity, 'unit', fp.unit,
                         'keywords', fp.keywords,
                         'image', json_build_object('id', i.id, 'kind', i.kind, 'width', i.width, 'height', i.height, 'widths', i.widths),
                         'has_options', exists (select 1 from food_product_options o where o.product_id = fp.id))
                         order by fp.position, fp.created_at)
                  from food_products fp join food_images i on i.id = fp.image_id
                 where fp.category_id = c.id and fp.is_active), '[]')) order by c.position, c.created_at)
              from food_categories c where c.program_id = r.program_id), '[]') as categories
      from food_restaurants r
      join (${activeFoodPrograms(db)}) p on p.id = r.program_id
     where r.program_id = ${uuid}::uuid
  `.execute(db)
  const r = result.rows[0]
  if (!r) return undefined
  const categories = r.categories
    .map((c) => ({
      uuid: c.uuid,
      title: c.title,
      products_count: c.products.length,
      products: c.products.map((p) => ({
        uuid: p.uuid,
        category_uuid: p.category_uuid,
        title: p.title,
        description: p.description,
        image: thumbnail(p.image),
        price: Number(p.price),
        quantity: Number(p.quantity),
        unit: p.unit,
        keywords: p.keywords,
        has_options: p.has_options,
      })),
    }))
    .filter((c) => c.products_count > 0)
  return {
    uuid: r.uuid,
    title: r.title,
    description: r.description,
    image: image(r.image),
    currency: r.currency,
    address: r.address,
    phone: r.phone,
    delivery_cost: r.delivery_cost === null ? null : Number(r.delivery_cost),
    min_order_amount: Number(r.min_order_amount),
    read_only_mode: r.read_only_mode,
    disable_online_ordering: r.disable_online_ordering,
    order_limit_message: r.order_limit_message,
    can_pickup_in_rest: r.can_pickup_in_rest,
    pickup_fee_heading: r.pickup_fee_heading,
    pickup_fee: r.pickup_fee === null ? null : Number(r.pickup_fee),
    default_asap: r.default_asap,
    type_of_delivery: r.type_of_delivery,
    latitude: r.latitude,
    longitude: r.longitude,
    time_zone: r.time_zone,
    tc_pdf_url: r.tc_document_id ? documentUri(r.tc_document_id) : null,
    privacy_pdf_url: r.privacy_document_id ? documentUri(r.privacy_document_id) : null,
    working_hours: r.working_hours,
    working_hours_exceptions: r.working_hours_exceptions,
    announcements: r.announcements,
    paused_until: r.paused_until === null ? null : new Date(r.paused_until),
    categories,
  }
}

interface RestaurantRowJson extends HoursColumns, Ordering {
  uuid: string
  title: string
  description: string
  currency: string
  address: string
  phone: string
  min_order_amount: bigint | number
  can_pickup_in_rest: boolean
  pickup_fee_heading: string
  pickup_fee: bigint | number | null
  default_asap: boolean
  type_of_delivery: number
  latitude: number | null
  longitude: number | null
  tc_document_id: string | null
  privacy_document_id: string | null
  paused_until: Date | string | null
  delivery_cost: bigint | number | string | null
  image: Image | null
  announcements: { uuid: string; announcement: string }[]
  categories: {
    uuid: string
    title: string
    products: (Omit<MenuProduct, 'image' | 'price' | 'quantity'> & {
      image: Image
      price: number
      quantity: number
    })[]
  }[]
}

/**
 * The restaurant's page data, from this process's copy while its version is current. The version
 * is read at most once a second per restaurant, by one query that every request arriving meanwhile
 * shares, and it is read again ahead of time (`refreshAheadMs`) while the copy still serves: a busy
 * restaurant's guests never all wait for PostgreSQL when the second turns (that wait was the
 * answer's p99, docs/food.md "Speed"). After a change through this process every request reads the
 * version itself for a second (its transaction may not have committed yet).
 */
async function cachedRestaurant(db: DbOrTrx, uuid: string): Promise<CachedRestaurant> {
  if (!uuidPattern.test(uuid)) throw notFound('restaurant')
  const cached = cache.get(uuid)
  const now = Date.now()
  const recheck = recheckUntil.get(uuid)
  if (recheck !== undefined && recheck <= now) recheckUntil.delete(uuid)
  if (recheck !== undefined && recheck > now) return checkVersion(db, uuid, now)
  const age = cached ? now - cached.checkedAt : freshMs
  if (cached && age < freshMs) {
    if (age >= refreshAheadMs && !db.isTransaction) void sharedCheck(db, uuid).catch(() => {})
    return cached
  }
  // A transaction may see its own changes: it reads for itself, never for others.
  return db.isTransaction ? checkVersion(db, uuid, now) : sharedCheck(db, uuid)
}

/** How old a copy may get before its version is read again in the background (ms; < `freshMs`). */
const refreshAheadMs = 750

/** The version reads under way, one per restaurant, shared by every request that needs one. */
const checking = new Map<string, Promise<CachedRestaurant>>()

function sharedCheck(db: DbOrTrx, uuid: string): Promise<CachedRestaurant> {
  let check = checking.get(uuid)
  if (!check) {
    check = checkVersion(db, uuid, Date.now()).finally(() => checking.delete(uuid))
    checking.set(uuid, check)
  }
  return check
}

/**
 * Reads the version (as of `startedAt`, which it is then current from) and loads the restaurant
 * again when it moved.
 */
async function checkVersion(db: DbOrTrx, uuid: string, startedAt: number): Promise<CachedRestaurant> {
  const key = await versionOf(db, uuid)
  if (key === undefined) {
    cache.delete(uuid)
    throw notFound('restaurant')
  }
  const cached = cache.get(uuid)
  if (cached && cached.key === key) {
    cached.checkedAt = Math.max(cached.checkedAt, startedAt)
    return cached
  }
  // Kept under the version read before loading: a change in between only makes the next request load again.
  const doc = await loadRestaurant(db, uuid)
  if (!doc) throw notFound('restaurant')
  const entry = { key, checkedAt: startedAt, doc, categoriesJson: JSON.stringify(doc.categories) }
  cache.delete(uuid)
  cache.set(uuid, entry)
  if (cache.size > cacheSize) cache.delete(cache.keys().next().value as string)
  return entry
}

/** A restaurant's page as guests read it (spec section 3 "Restaurant detail"). */
export interface RestaurantDetail extends OpeningJson {
  uuid: string
  title: string
  description: string
  image: ImageJson | null
  address: string
  phone: string
  currency: string
  delivery_cost: number | null
  min_order_amount: number
  read_only_mode: boolean
  online_ordering: boolean
  can_pickup_in_rest: boolean
  pickup_fee_heading: string
  pickup_fee: number | null
  default_asap: boolean
  type_of_delivery: number
  latitude: number | null
  longitude: number | null
  time_zone: string
  tc_pdf_url: string | null
  privacy_pdf_url: string | null
  /** While the kitchen has paused new orders: until when (ISO); null otherwise. */
  paused_until: string | null
  /** Today's date in the restaurant's zone and whether an exception sets today's hours. */
  today: { date: string; exception: boolean }
  working_hours: WorkingHoursRow[]
  /** Exceptions from today on. */
  working_hours_exceptions: ExceptionRow[]
  announcements: { uuid: string; announcement: string }[]
  categories: MenuCategory[]
}

function detailHead(doc: RestaurantDoc, at: Date): Omit<RestaurantDetail, 'categories'> {
  const opening = openingAt(at, doc)
  return {
    uuid: doc.uuid,
    title: doc.title,
    description: doc.description,
    image: doc.image,
    address: doc.address,
    phone: doc.phone,
    currency: doc.currency,
    delivery_cost: doc.delivery_cost,
    min_order_amount: doc.min_order_amount,
    read_only_mode: doc.read_only_mode,
    online_ordering: !doc.disable_online_ordering,
    can_pickup_in_rest: doc.can_pickup_in_rest,
    pickup_fee_heading: doc.pickup_fee_heading,
    pickup_fee: doc.pickup_fee,
    default_asap: doc.default_asap,
    type_of_delivery: doc.type_of_delivery,
    latitude: doc.latitude,
    longitude: doc.longitude,
    time_zone: doc.time_zone,
    tc_pdf_url: doc.tc_pdf_url,
    privacy_pdf_url: doc.privacy_pdf_url,
    // Made once a minute: a pause that ends inside the minute shows until the minute turns.
    paused_until:
      doc.paused_until && doc.paused_until.getTime() > at.getTime() ? doc.paused_until.toISOString() : null,
    ...openingJson(opening, doc),
    today: { date: opening.date, exception: opening.exception },
    working_hours: doc.working_hours,
    working_hours_exceptions: doc.working_hours_exceptions.filter((e) => e.date >= opening.date),
    announcements: doc.announcements,
  }
}

/** Products whose title, description or a keyword holds `search` (any case); empty categories go. */
function searchMenu(categories: MenuCategory[], search: string): MenuCategory[] {
  const needle = search.toLocaleLowerCase()
  const hit = (p: MenuProduct) =>
    p.title.toLocaleLowerCase().includes(needle) ||
    p.description.toLocaleLowerCase().includes(needle) ||
    p.keywords.some((k) => k.toLocaleLowerCase().includes(needle))
  return categories
    .map((c) => {
      const products = c.products.filter(hit)
      return { ...c, products, products_count: products.length }
    })
    .filter((c) => c.products_count > 0)
}

/**
 * `GET food/restaurants/{uuid}` as the JSON text of `{result: RestaurantDetail}`: the part that
 * changes with the clock is made for the current minute, the menu spliced in as cached JSON. With
 * `search` the menu is filtered and nothing is kept.
 */
export async function restaurantDetailBody(
  db: DbOrTrx,
  uuid: string,
  query: { search?: string | undefined } = {},
  at = new Date(),
): Promise<DetailBody> {
  const entry = await cachedRestaurant(db, uuid)
  const minute = Math.floor(at.getTime() / 60_000)
  const search = query.search?.trim()
  if (!search && entry.body?.minute === minute) return entry.body
  const head = JSON.stringify(detailHead(entry.doc, at))
  const categories = search ? JSON.stringify(searchMenu(entry.doc.categories, search)) : entry.categoriesJson
  const body = new DetailBody(minute, `{"result":${head.slice(0, -1)},"categories":${categories}}}`)
  if (!search) entry.body = body
  return body
}

/**
 * What a guest page of the restaurant shows, as a stamp (the web's shared render, docs/food.md
 * "Speed"): its version (menu, hours, announcements, brand, title, pause; `cachedRestaurant`, so a
 * change through this process counts at once and one made elsewhere within a second) and everything
 * that moves with the clock (open or closed, today's hours and date, the next opening, a pause
 * running out), worked out once a minute. Two equal stamps mean the same page. `undefined` when
 * guests do not see the restaurant (its page is the not-found page).
 */
export async function restaurantPageStamp(
  db: DbOrTrx,
  uuid: string,
  at = new Date(),
): Promise<string | undefined> {
  let entry: CachedRestaurant
  try {
    entry = await cachedRestaurant(db, uuid)
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return undefined
    throw error
  }
  const minute = Math.floor(at.getTime() / 60_000)
  if (entry.stamp?.minute !== minute) {
    const clock = createHash('sha256')
      .update(JSON.stringify(detailHead(entry.doc, at)))
      .digest('base64url')
    entry.stamp = { minute, text: `${entry.key}:${clock}` }
  }
  return entry.stamp.text
}

/** The same restaurant as an object (JSON-LD, sitemaps). */
export async function restaurantDetail(
  db: DbOrTrx,
  uuid: string,
  at = new Date(),
): Promise<RestaurantDetail> {
  const entry = await cachedRestaurant(db, uuid)
  return { ...detailHead(entry.doc, at), categories: entry.doc.categories }
}

// ── Product ──────────────────────────────────────────────────────────────────────────────────────

export interface GuestOption {
  uuid: string
  title: string
  quantity: number
  unit: Unit
  price: number
}

/** A product's page (spec section 3 "Product"): with its variants and extras and whether it can be ordered now. */
export interface GuestProduct {
  uuid: string
  category_uuid: string
  title: string
  description: string
  image: ImageJson | null
  price: number
  currency: string
  quantity: number
  unit: string
  is_active: boolean
  nutrition_facts: string
  notes: string
  keywords: string[]
  variants: GuestOption[]
  extras: GuestOption[]
  can_order: boolean
  restaurant_closed: boolean
  restaurant: { uuid: string; title: string } & OpeningJson
}

/** `GET food/products/{uuid}`: an active product of an active restaurant, else 404. */
export async function guestProduct(db: DbOrTrx, uuid: string, at = new Date()): Promise<GuestProduct> {
  if (!uuidPattern.test(uuid)) throw notFound('product')
  const result = await sql<GuestProductRow>`
    select fp.id as uuid, fp.category_id as category_uuid, fp.title, fp.description, fp.price, fp.quantity, fp.unit,
           fp.is_active, fp.nutrition_facts, fp.notes, fp.keywords, p.currency, p.id as restaurant_uuid,
           p.title as restaurant_title, r.time_zone, r.read_only_mode, r.disable_online_ordering, r.order_limit_message,
           ${imageOf('fp.image_id')} as image,
           ${hoursJson} as working_hours, ${exceptionsJson} as working_hours_exceptions,
           coalesce((select json_agg(json_build_object('uuid', o.id, 'kind', o.kind, 'title', o.title,
                       'quantity', o.quantity, 'unit', o.unit, 'price', o.price) order by o.kind, o.position)
                       from food_product_options o where o.product_id = fp.id), '[]') as options
      from food_products fp
      join food_restaurants r on r.program_id = fp.program_id
      join (${activeFoodPrograms(db)}) p on p.id = fp.program_id
     where fp.id = ${uuid}::uuid and fp.is_active
  `.execute(db)
  const r = result.rows[0]
  if (!r) throw notFound('product')
  const opening = openingJson(openingAt(at, r), r)
  const option = (o: GuestProductRow['options'][number]): GuestOption => ({
    uuid: o.uuid,
    title: o.title,
    quantity: Number(o.quantity),
    unit: o.unit as Unit,
    price: Number(o.price),
  })
  return {
    uuid: r.uuid,
    category_uuid: r.category_uuid,
    title: r.title,
    description: r.description,
    image: image(r.image),
    price: Number(r.price),
    currency: r.currency,
    quantity: Number(r.quantity),
    unit: r.unit,
    is_active: r.is_active,
    nutrition_facts: r.nutrition_facts,
    notes: r.notes,
    keywords: r.keywords,
    variants: r.options.filter((o) => o.kind === 'variant').map(option),
    extras: r.options.filter((o) => o.kind === 'extra').map(option),
    can_order: !opening.closed,
    restaurant_closed: opening.closed,
    restaurant: { uuid: r.restaurant_uuid, title: r.restaurant_title, ...opening },
  }
}

interface GuestProductRow extends HoursColumns, Ordering {
  uuid: string
  category_uuid: string
  title: string
  description: string
  price: bigint
  quantity: string
  unit: string
  is_active: boolean
  nutrition_facts: string
  notes: string
  keywords: string[]
  currency: string
  restaurant_uuid: string
  restaurant_title: string
  image: Image | null
  options: { uuid: string; kind: string; title: string; quantity: number; unit: string; price: number }[]
}
