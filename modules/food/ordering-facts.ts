import { sql } from 'kysely'
import type { DbOrTrx } from '../platform/db.ts'
import {
  findProgram,
  type ProgramSummary,
  programFactsQuery,
  programStatuses,
  programTypes,
} from '../programs/index.ts'
import { findRestaurantRow, type RestaurantRow, type Schedules, schedulesOf } from './db/restaurants.ts'
import { changedLately } from './queries/guest.ts'

/**
 * What the basket needs to know of a restaurant to check and price a line and to say whether it
 * can order (issue 15's benchmark: a basket `PUT` at 300 req/s): the program (title, currency),
 * the restaurant's row (pickup, fees, minimum, switches, pause, time zone), its hours and delivery
 * rows, and its products with their variants and extras. Kept in this process per restaurant and
 * version, as the guest page's menu is (docs/food.md "Speed"): the key is the restaurant's
 * `version` (bumped by every menu, hours or settings change), the program's `updated_at` (title,
 * status) and the pause. The key is read again when the copy is a second old, and at every request
 * while a change made through this process is under a second old (`changedLately`: its transaction
 * may not have committed when it was marked). So a basket is priced from a menu at most a second
 * older than PostgreSQL's; the checkout reads the menu itself and never from here.
 */
export interface ProductFacts {
  id: string
  program_id: string
  title: string
  price: bigint
  is_active: boolean
  vat_code: string
  options: { id: string; kind: string; title: string; price: bigint }[]
}

export interface OrderingFacts {
  program: ProgramSummary
  restaurant: RestaurantRow
  schedules: Schedules
  products: Map<string, ProductFacts>
}

interface Entry {
  key: string
  checkedAt: number
  facts: OrderingFacts
}

const freshMs = 1000
const cacheSize = 500
const cache = new Map<string, Entry>()
/** Product → restaurant, for the products of the restaurants kept here (a `PUT` names only the product). */
const productProgram = new Map<string, string>()
const productProgramSize = 200_000

const productFactsQuery = (db: DbOrTrx) =>
  db.selectFrom('food_products as p').select([
    'p.id',
    'p.program_id',
    'p.title',
    'p.price',
    'p.is_active',
    'p.vat_code',
    sql<ProductFacts['options']>`coalesce((select json_agg(json_build_object('id', o.id, 'kind', o.kind,
        'title', o.title, 'price', o.price) order by o.position) from food_product_options o
        where o.product_id = p.id), '[]')`.as('options'),
  ])

type ProductFactsRow = Omit<ProductFacts, 'price' | 'options'> & {
  price: bigint | string | number
  options: { id: string; kind: string; title: string; price: bigint | string | number }[]
}

const byId = (rows: ProductFactsRow[]) =>
  new Map(
    rows.map((r) => [
      r.id,
      { ...r, price: BigInt(r.price), options: r.options.map((o) => ({ ...o, price: BigInt(o.price) })) },
    ]),
  )

/** Products (active or not) with their variants and extras, read now. */
export async function productFacts(db: DbOrTrx, ids: readonly string[]): Promise<Map<string, ProductFacts>> {
  if (ids.length === 0) return new Map()
  return byId(
    await productFactsQuery(db)
      .where('p.id', 'in', [...new Set(ids)])
      .execute(),
  )
}

/** The key of what the basket reads of an active food restaurant; undefined when guests cannot order there. */
async function keyOf(db: DbOrTrx, programId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('food_restaurants as r')
    .innerJoin(programFactsQuery(db).as('p'), 'p.id', 'r.program_id')
    .select(['r.version', 'r.paused_until', 'p.updated_at', 'p.status', 'p.type'])
    .where('r.program_id', '=', programId)
    .executeTakeFirst()
  if (!row || row.type !== programTypes.foodsManagement || row.status !== programStatuses.active)
    return undefined
  return `${row.version}:${row.updated_at.getTime()}:${row.paused_until?.getTime() ?? ''}`
}

async function loadFacts(db: DbOrTrx, programId: string): Promise<OrderingFacts | undefined> {
  const [program, restaurant, schedules, products] = await Promise.all([
    findProgram(db, programId),
    findRestaurantRow(db, programId),
    schedulesOf(db, programId),
    productFactsQuery(db).where('p.program_id', '=', programId).execute().then(byId),
  ])
  if (!program || !restaurant) return undefined
  return { program, restaurant, schedules, products }
}

/**
 * An active food restaurant's ordering facts, from this process's copy while its key is current
 * (undefined: no such restaurant, or not active). `recheck` reads the key whatever the copy's age
 * (a product the copy does not know may have been added since).
 */
export async function orderingFacts(
  db: DbOrTrx,
  programId: string,
  recheck = false,
): Promise<OrderingFacts | undefined> {
  const now = Date.now()
  const cached = cache.get(programId)
  if (cached && !recheck && now - cached.checkedAt < freshMs && !changedLately()) return cached.facts
  const key = await keyOf(db, programId)
  if (key === undefined) {
    cache.delete(programId)
    return undefined
  }
  if (cached?.key === key) {
    cached.checkedAt = now
    return cached.facts
  }
  // Kept under the key read before loading: a change in between only makes the next check load again.
  const facts = await loadFacts(db, programId)
  if (!facts) return undefined
  cache.delete(programId)
  cache.set(programId, { key, checkedAt: now, facts })
  if (cache.size > cacheSize) cache.delete(cache.keys().next().value as string)
  if (productProgram.size + facts.products.size > productProgramSize) productProgram.clear()
  for (const id of facts.products.keys()) productProgram.set(id, programId)
  return facts
}

/** The restaurant a product belongs to (from the copies kept here, else one indexed read). */
export async function programOfProduct(db: DbOrTrx, productId: string): Promise<string | undefined> {
  const known = productProgram.get(productId)
  if (known) return known
  const row = await db
    .selectFrom('food_products')
    .select('program_id')
    .where('id', '=', productId)
    .executeTakeFirst()
  return row?.program_id
}
