import { type Insertable, type Selectable, sql, type Updateable } from 'kysely'
import type { DB, DbOrTrx } from '../../platform/db.ts'
import type { ValidOption } from '../shared.ts'

export type CategoryRow = Selectable<DB['food_categories']>
export type ProductRow = Selectable<DB['food_products']>
export type OptionRow = Selectable<DB['food_product_options']>

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function findCategoryRow(db: DbOrTrx, id: string): Promise<CategoryRow | undefined> {
  if (!uuidPattern.test(id)) return undefined
  return db.selectFrom('food_categories').selectAll().where('id', '=', id).executeTakeFirst()
}

/** A restaurant's categories in their order, each with how many products it holds. */
export function listCategoryRows(db: DbOrTrx, programId: string) {
  return db
    .selectFrom('food_categories as c')
    .selectAll('c')
    .select((eb) =>
      eb
        .selectFrom('food_products as p')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('p.category_id', '=', 'c.id')
        .as('products_count'),
    )
    .where('c.program_id', '=', programId)
    .orderBy('c.position')
    .orderBy('c.created_at')
    .execute()
}

export function insertCategoryRow(db: DbOrTrx, row: Insertable<DB['food_categories']>): Promise<CategoryRow> {
  return db.insertInto('food_categories').values(row).returningAll().executeTakeFirstOrThrow()
}

export function updateCategoryRow(
  db: DbOrTrx,
  id: string,
  set: Updateable<DB['food_categories']>,
): Promise<CategoryRow> {
  return db
    .updateTable('food_categories')
    .set({ ...set, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function deleteCategoryRow(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('food_categories').where('id', '=', id).execute()
}

/** The position after the last category (new ones go to the end). */
export async function nextCategoryPosition(db: DbOrTrx, programId: string): Promise<number> {
  const row = await db
    .selectFrom('food_categories')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('program_id', '=', programId)
    .executeTakeFirst()
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1
}

export async function countProducts(db: DbOrTrx, categoryId: string): Promise<number> {
  const row = await db
    .selectFrom('food_products')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('category_id', '=', categoryId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function findProductRow(db: DbOrTrx, id: string): Promise<ProductRow | undefined> {
  if (!uuidPattern.test(id)) return undefined
  return db.selectFrom('food_products').selectAll().where('id', '=', id).executeTakeFirst()
}

/** A restaurant's products (optionally of one category), in the menu's order. */
export function listProductRows(db: DbOrTrx, programId: string, categoryId?: string): Promise<ProductRow[]> {
  let q = db
    .selectFrom('food_products as p')
    .innerJoin('food_categories as c', 'c.id', 'p.category_id')
    .selectAll('p')
    .where('p.program_id', '=', programId)
  if (categoryId) q = q.where('p.category_id', '=', categoryId)
  return q.orderBy('c.position').orderBy('p.position').orderBy('p.created_at').execute()
}

export function insertProductRow(db: DbOrTrx, row: Insertable<DB['food_products']>): Promise<ProductRow> {
  return db.insertInto('food_products').values(row).returningAll().executeTakeFirstOrThrow()
}

export function updateProductRow(
  db: DbOrTrx,
  id: string,
  set: Updateable<DB['food_products']>,
): Promise<ProductRow> {
  return db
    .updateTable('food_products')
    .set({ ...set, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function deleteProductRow(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('food_products').where('id', '=', id).execute()
}

export async function nextProductPosition(db: DbOrTrx, categoryId: string): Promise<number> {
  const row = await db
    .selectFrom('food_products')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('category_id', '=', categoryId)
    .executeTakeFirst()
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1
}

/** The variants and extras of products, in their order. */
export async function optionRows(db: DbOrTrx, productIds: readonly string[]): Promise<OptionRow[]> {
  if (!productIds.length) return []
  return db
    .selectFrom('food_product_options')
    .selectAll()
    .where('product_id', 'in', [...productIds])
    .orderBy('kind')
    .orderBy('position')
    .execute()
}

/**
 * Replaces a product's variants or extras with the checked rows: rows that name one of its own
 * options keep their id (a basket line refers to it), the rest are new; options not listed go.
 */
export async function replaceOptions(
  db: DbOrTrx,
  productId: string,
  kind: 'variant' | 'extra',
  rows: readonly (ValidOption & { id: string })[],
): Promise<void> {
  const keep = rows.map((r) => r.id)
  let del = db.deleteFrom('food_product_options').where('product_id', '=', productId).where('kind', '=', kind)
  if (keep.length) del = del.where('id', 'not in', keep)
  await del.execute()
  if (!rows.length) return
  await db
    .insertInto('food_product_options')
    .values(
      rows.map((r, position) => ({
        id: r.id,
        product_id: productId,
        kind,
        title: r.title,
        quantity: String(r.quantity),
        unit: r.unit,
        price: BigInt(r.price),
        position,
      })),
    )
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        title: eb.ref('excluded.title'),
        quantity: eb.ref('excluded.quantity'),
        unit: eb.ref('excluded.unit'),
        price: eb.ref('excluded.price'),
        position: eb.ref('excluded.position'),
      })),
    )
    .execute()
}
