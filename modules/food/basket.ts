import { sql } from 'kysely'
import type { VatCode } from '../payments/index.ts'
import type { DbOrTrx } from '../platform/db.ts'
import { businessRule, notFound } from '../platform/errors.ts'
import { newId } from '../platform/ids.ts'
import { documentUri } from './files.ts'
import { openingAt } from './hours.ts'
import { orderingFacts, type ProductFacts, productFacts, programOfProduct } from './ordering-facts.ts'
import { type AreaAnswer, deliveryTo } from './orders/area.ts'
import { type PricedLineInput, priceOrder } from './orders/pricing.ts'
import { openingJson } from './queries/guest.ts'
import {
  areaOfRestaurant,
  deliveryAreaOf,
  invalidSession,
  type SessionRow,
  sessionJson,
  sessionOf,
} from './session.ts'

// Counter orders check their lines against the menu read now, through the basket's names.
export { type ProductFacts, productFacts } from './ordering-facts.ts'

/**
 * The basket of a food session (spec sections 2, 3, 7): lines per restaurant × product × variant ×
 * extras with a count. `PUT` sets a line's count (0 removes it; a restaurant without lines is gone
 * from the answer); a variant or extra that is not the product's is refused (`not_valid_variants`,
 * `not_valid_extras`). The request names only what is ordered, never a price: every price is read
 * from the menu each time the basket is shown or checked out.
 */
export interface BasketLineInput {
  product_id: string
  quantity: number
  variant_uuid?: string | null | undefined
  extra_uuids?: readonly string[] | undefined
}

export const notValidVariants = () =>
  businessRule('the variant is not one of this product’s', 'not_valid_variants')
export const notValidExtras = () => businessRule('an extra is not one of this product’s', 'not_valid_extras')
export const basketIsEmpty = () =>
  businessRule('the basket has nothing of this restaurant', 'basket_is_empty')

const lineKey = (product: string, variant: string | null, extras: readonly string[]) =>
  `${product}|${variant ?? ''}|${[...extras].sort().join(',')}`

/** Checks a line against the menu: its variant and extras must be the product's own. */
export function checkLine(product: ProductFacts, variant: string | null, extras: readonly string[]) {
  if (variant && !product.options.some((o) => o.kind === 'variant' && o.id === variant))
    throw notValidVariants()
  if (extras.some((e) => !product.options.some((o) => o.kind === 'extra' && o.id === e)))
    throw notValidExtras()
  if (new Set(extras).size !== extras.length) throw notValidExtras()
}

/** A basket line as stored: what is ordered, never a price. */
export interface BasketLineRow {
  id: string
  program_id: string
  product_id: string
  variant_id: string | null
  extra_ids: string[]
  quantity: number
}

/** A session with its basket lines, in the order they were first put in. */
export interface BasketRead {
  session: SessionRow
  lines: BasketLineRow[]
}

const lineJson = (l: string) =>
  sql`json_build_object('id', ${sql.ref(`${l}.id`)}, 'program_id', ${sql.ref(`${l}.program_id`)},
    'product_id', ${sql.ref(`${l}.product_id`)}, 'variant_id', ${sql.ref(`${l}.variant_id`)},
    'extra_ids', ${sql.ref(`${l}.extra_ids`)}, 'quantity', ${sql.ref(`${l}.quantity`)})`

/** The session and its lines in one round trip (`invalid_session` when there is none). */
async function readBasket(db: DbOrTrx, sessionId: string): Promise<BasketRead> {
  const row = await db
    .selectFrom('food_sessions as s')
    .selectAll('s')
    .select(
      sql<BasketLineRow[]>`coalesce((select json_agg(${lineJson('l')} order by l.created_at, l.id)
        from food_basket_lines l where l.session_id = s.id), '[]')`.as('lines'),
    )
    .where('s.id', '=', sessionId)
    .executeTakeFirst()
  if (!row) throw invalidSession()
  const { lines, ...session } = row
  return { session: session as SessionRow, lines }
}

/** The insert of a line after checking it against the menu (refusals as `putBasketLine` says). */
async function lineWrite(
  db: DbOrTrx,
  sessionId: string,
  input: BasketLineInput,
  variant: string | null,
  extras: readonly string[],
  key: string,
) {
  const programId = await programOfProduct(db, input.product_id)
  let facts = programId === undefined ? undefined : await orderingFacts(db, programId)
  let product = facts?.products.get(input.product_id)
  // A product added since this process read the menu: read the restaurant's key now.
  if (programId !== undefined && facts && !product) {
    facts = await orderingFacts(db, programId, true)
    product = facts?.products.get(input.product_id)
  }
  try {
    if (!programId || !product?.is_active) throw notFound('product')
    checkLine(product, variant, input.extra_uuids ?? [])
  } catch (refusal) {
    await sessionOf(db, sessionId)
    throw refusal
  }
  return sql`insert into food_basket_lines (id, session_id, program_id, product_id, variant_id, extra_ids, line_key, quantity)
            select ${newId()}, s.id, ${programId}, ${product.id}, ${variant}, ${extras}::uuid[], ${key}, ${input.quantity}
              from food_sessions s where s.id = ${sessionId}
            on conflict on constraint food_basket_lines_key do update set quantity = excluded.quantity
            returning id, program_id, product_id, variant_id, extra_ids, quantity, created_at`
}

/**
 * `PUT basket/{sessionUuid}`: sets the count of one line (0 removes it) and answers the session
 * with its lines after the change. The product, its variant and extras are checked against the
 * restaurant's ordering facts (`ordering-facts.ts`, kept in the process per version); the line is
 * written and the basket read back in one statement, so a `PUT` is one round trip to PostgreSQL
 * while the menu is unchanged. Refused: `invalid_session` first (as before), then an unknown or
 * inactive product (404), then `not_valid_variants` / `not_valid_extras`; nothing is written then.
 */
export async function putBasketLine(
  db: DbOrTrx,
  sessionId: string,
  input: BasketLineInput,
): Promise<BasketRead> {
  const variant = input.variant_uuid ?? null
  const extras = [...new Set(input.extra_uuids ?? [])].sort()
  const key = lineKey(input.product_id, variant, extras)
  // Removing a line needs no menu: a line whose dish, variant or extra the owner has since
  // removed or switched off must still leave the basket (its key is what was put in).
  const write =
    input.quantity === 0
      ? sql`delete from food_basket_lines where session_id = ${sessionId} and line_key = ${key}`
      : await lineWrite(db, sessionId, input, variant, extras, key)
  // The statement's own snapshot does not see the written row: the other lines are read as they
  // were and the written one added from what the write returns.
  const written = input.quantity === 0 ? sql`` : sql`union all select * from w`
  const result = await sql<SessionRow & { lines: BasketLineRow[] }>`
    with w as (${write})
    select s.*, coalesce((select json_agg(${lineJson('l')} order by l.created_at, l.id) from (
             select id, program_id, product_id, variant_id, extra_ids, quantity, created_at
               from food_basket_lines where session_id = s.id and line_key <> ${key}
             ${written}) l), '[]') as lines
      from food_sessions s where s.id = ${sessionId}
  `
    .execute(db)
    .catch((e: unknown) => {
      // The product was deleted since the menu was read (another process, within its second).
      if ((e as { code?: string }).code === '23503') throw notFound('product')
      throw e
    })
  const row = result.rows[0]
  if (!row) throw invalidSession()
  const { lines, ...session } = row
  return { session, lines }
}

/** `POST basket/{sessionUuid}`: empties the basket (or one restaurant's part of it). */
export async function clearBasket(db: DbOrTrx, sessionId: string, programId?: string): Promise<void> {
  await sessionOf(db, sessionId)
  let q = db.deleteFrom('food_basket_lines').where('session_id', '=', sessionId)
  if (programId) q = q.where('program_id', '=', programId)
  await q.execute()
}

export interface BasketProductJson {
  line_id: string
  product_id: string
  title: string
  quantity: number
  product_variant: { uuid: string; title: string; price: number } | null
  product_extras: { uuid: string; title: string; price: number; checked: true }[]
  unit_price: number
  price: number
  vat_code: VatCode
}

export interface BasketRestaurantJson {
  details: {
    uuid: string
    title: string
    address: string
    currency: string
    can_pickup_in_rest: boolean
    pickup_fee_heading: string
    pickup_fee: number | null
    min_order_amount: number
    privacy_pdf_url: string | null
    tc_pdf_url: string | null
    closed: boolean
    closed_message: string | null
    closed_reason: string | null
    closed_at: string | null
    /** When it opens next (closed now, within a week), as an instant; the web words it in `time_zone`. */
    next_opening: string | null
    time_zone: string
    default_asap: boolean
  }
  products: BasketProductJson[]
  order: {
    can_order: boolean
    /** Why not, for the web to word (first that applies). */
    refusal: string | null
    products: number
    delivery: number | null
    pickup_fee: number
    total: number
    vat: number
    restaurant_available: boolean
  }
}

export interface PricedBasket {
  program_id: string
  lines: (PricedLineInput & { line_id: string; variant_id: string | null; extra_ids: string[] })[]
}

/**
 * Lines grouped per restaurant (in the order they were first put in) and priced from the menu
 * given; a line whose product is gone or inactive, or whose variant or extra the owner removed
 * since, is left out (no longer orderable as it was).
 */
function priceLines(
  rows: readonly BasketLineRow[],
  productOf: (line: BasketLineRow) => ProductFacts | undefined,
): PricedBasket[] {
  const byProgram = new Map<string, PricedBasket>()
  for (const r of rows) {
    const p = productOf(r)
    if (!p?.is_active) continue
    const variant = r.variant_id ? p.options.find((o) => o.kind === 'variant' && o.id === r.variant_id) : null
    const extras = r.extra_ids.map((e) => p.options.find((o) => o.kind === 'extra' && o.id === e))
    if (variant === undefined || extras.some((e) => !e)) continue
    const group = byProgram.get(r.program_id) ?? { program_id: r.program_id, lines: [] }
    byProgram.set(r.program_id, group)
    group.lines.push({
      line_id: r.id,
      product_id: p.id,
      title: p.title,
      quantity: r.quantity,
      base_price: p.price,
      variant: variant ? { uuid: variant.id, title: variant.title, price: variant.price } : null,
      extras: extras.map((e) => ({ uuid: e!.id, title: e!.title, price: e!.price })),
      vat_code: p.vat_code as VatCode,
      variant_id: r.variant_id,
      extra_ids: r.extra_ids,
    })
  }
  return [...byProgram.values()]
}

/** The session's lines grouped per restaurant, checked and priced from the menu read now (the checkout). */
export async function basketLines(
  db: DbOrTrx,
  sessionId: string,
  programId?: string,
): Promise<PricedBasket[]> {
  let q = db
    .selectFrom('food_basket_lines')
    .select(['id', 'program_id', 'product_id', 'variant_id', 'extra_ids', 'quantity'])
    .where('session_id', '=', sessionId)
    .orderBy('created_at')
    .orderBy('id')
  if (programId) q = q.where('program_id', '=', programId)
  const rows = await q.execute()
  const products = await productFacts(
    db,
    rows.map((r) => r.product_id),
  )
  return priceLines(rows, (r) => products.get(r.product_id))
}

/** What delivering to the session costs from one restaurant (null: pickup or outside the area). */
export async function sessionArea(
  db: DbOrTrx,
  session: SessionRow,
  programId: string,
): Promise<AreaAnswer | null> {
  if (session.pickup_in_restaurant) return null
  return areaOfRestaurant(db, programId, session)
}

/** `GET basket/{sessionUuid}`: the basket as the cart page shows it. */
export async function basketJson(db: DbOrTrx, sessionId: string, at = new Date()) {
  return basketOf(db, await readBasket(db, sessionId), at)
}

/**
 * A session's basket priced and checked now from the restaurants' ordering facts (kept in the
 * process per version, `ordering-facts.ts`): no round trip to PostgreSQL while the menus are
 * unchanged. The checkout prices from the menu it reads itself.
 */
export async function basketOf(db: DbOrTrx, { session, lines }: BasketRead, at = new Date()) {
  const programIds = [...new Set(lines.map((l) => l.program_id))]
  const factsOf = new Map(
    await Promise.all(programIds.map(async (id) => [id, await orderingFacts(db, id)] as const)),
  )
  const groups = priceLines(lines, (l) => factsOf.get(l.program_id)?.products.get(l.product_id))
  const restaurants: BasketRestaurantJson[] = []
  let defaultAsap = false
  for (const g of groups) {
    const facts = factsOf.get(g.program_id)
    if (!facts) continue
    const { program, restaurant, schedules } = facts
    defaultAsap ||= restaurant.default_asap
    const opening = openingJson(openingAt(at, { time_zone: restaurant.time_zone, ...schedules }), restaurant)
    const area = session.pickup_in_restaurant
      ? null
      : deliveryTo(deliveryAreaOf(restaurant, schedules), session)
    const pickup = session.pickup_in_restaurant
    const pickupFee = pickup ? BigInt(restaurant.pickup_fee ?? 0) : 0n
    const deliveryCost = !pickup && area?.inside ? BigInt(area.cost) : 0n
    const money = priceOrder(
      g.lines,
      { delivery_cost: deliveryCost, pickup_fee: pickupFee },
      at.toISOString().slice(0, 10),
    )
    const available = pickup ? restaurant.can_pickup_in_rest : area?.inside === true
    const paused = restaurant.paused_until && restaurant.paused_until.getTime() > at.getTime()
    const refusal = opening.closed
      ? (opening.closed_reason ?? 'closed_now')
      : paused
        ? 'ordering_paused'
        : !available
          ? pickup
            ? 'pickup_not_available'
            : area && !area.inside && area.why === 'location_needed'
              ? 'delivery_address_required'
              : 'outside_delivery_area'
          : money.products_total < BigInt(restaurant.min_order_amount)
            ? 'min_order_amount'
            : null
    restaurants.push({
      details: {
        uuid: program.uuid,
        title: program.title,
        address: restaurant.address,
        currency: program.currency,
        can_pickup_in_rest: restaurant.can_pickup_in_rest,
        pickup_fee_heading: restaurant.pickup_fee_heading,
        pickup_fee: restaurant.pickup_fee === null ? null : Number(restaurant.pickup_fee),
        min_order_amount: Number(restaurant.min_order_amount),
        privacy_pdf_url: restaurant.privacy_document_id ? documentUri(restaurant.privacy_document_id) : null,
        tc_pdf_url: restaurant.tc_document_id ? documentUri(restaurant.tc_document_id) : null,
        closed: opening.closed,
        closed_message: opening.closed_message,
        closed_reason: opening.closed_reason,
        closed_at: opening.closed_at,
        next_opening: opening.next_opening,
        time_zone: restaurant.time_zone,
        default_asap: restaurant.default_asap,
      },
      products: money.lines
        .filter((l) => l.kind === 'product')
        .map((l, i) => ({
          line_id: g.lines[i]!.line_id,
          product_id: l.product_id!,
          title: l.title,
          quantity: l.quantity,
          product_variant: l.variant ? { ...l.variant, price: Number(l.variant.price) } : null,
          product_extras: l.extras.map((e) => ({ ...e, price: Number(e.price), checked: true as const })),
          unit_price: Number(l.unit_price),
          price: Number(l.price),
          vat_code: l.vat_code,
        })),
      order: {
        can_order: refusal === null,
        refusal,
        products: Number(money.products_total),
        delivery: pickup ? null : area?.inside ? area.cost : null,
        pickup_fee: Number(pickupFee),
        total: Number(money.total),
        vat: Number(money.vat),
        restaurant_available: available,
      },
    })
  }
  return { session: sessionJson(session), default_asap: defaultAsap, restaurants }
}

/**
 * The basket as the food routes answer it (`GET`, `PUT`, `POST basket/{session}`): the fields of
 * spec section 7 the cart and the checkout read, and no more. Left out of `basketJson`'s whole
 * answer (which the food court's cart narrows itself): the session's address and position (the
 * session's own call has them), `default_asap` (the slots call answers `asap_only`), each line's
 * VAT code and each option's price (the line's `unit_price` and `price` are what the cart shows),
 * `closed_reason` (the refusal says it) and `restaurant_available` (the refusal again).
 */
export function basketAnswer(full: Awaited<ReturnType<typeof basketJson>>) {
  return {
    session: { uuid: full.session.uuid, pickup_in_restaurant: full.session.pickup_in_restaurant },
    restaurants: full.restaurants.map(({ details: d, products, order: o }) => ({
      details: {
        uuid: d.uuid,
        title: d.title,
        address: d.address,
        currency: d.currency,
        can_pickup_in_rest: d.can_pickup_in_rest,
        pickup_fee_heading: d.pickup_fee_heading,
        pickup_fee: d.pickup_fee,
        min_order_amount: d.min_order_amount,
        privacy_pdf_url: d.privacy_pdf_url,
        tc_pdf_url: d.tc_pdf_url,
        closed: d.closed,
        closed_message: d.closed_message,
        closed_at: d.closed_at,
        next_opening: d.next_opening,
        time_zone: d.time_zone,
      },
      products: products.map((l) => ({
        line_id: l.line_id,
        product_id: l.product_id,
        title: l.title,
        quantity: l.quantity,
        product_variant: l.product_variant
          ? { uuid: l.product_variant.uuid, title: l.product_variant.title }
          : null,
        product_extras: l.product_extras.map((e) => ({ uuid: e.uuid, title: e.title, checked: e.checked })),
        unit_price: l.unit_price,
        price: l.price,
      })),
      order: {
        can_order: o.can_order,
        refusal: o.refusal,
        products: o.products,
        delivery: o.delivery,
        pickup_fee: o.pickup_fee,
        total: o.total,
        vat: o.vat,
      },
    })),
  }
}
