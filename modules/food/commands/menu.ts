import type { VatCode } from '../../payments/index.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Db, Trx } from '../../platform/db.ts'
import { conflict, notFound } from '../../platform/errors.ts'
import { newId } from '../../platform/ids.ts'
import type { ProgramSummary } from '../../programs/index.ts'
import { type Caller, foodProgramOf } from '../access.ts'
import { findImage } from '../db/files.ts'
import {
  type CategoryRow,
  countProducts,
  deleteCategoryRow,
  deleteProductRow,
  findCategoryRow,
  findProductRow,
  insertCategoryRow,
  insertProductRow,
  nextCategoryPosition,
  nextProductPosition,
  optionRows,
  type ProductRow,
  replaceOptions,
  updateCategoryRow,
  updateProductRow,
} from '../db/menu.ts'
import { bumpVersion, ensureRestaurantRow } from '../db/restaurants.ts'
import { type FieldIssue, invalidInput } from '../errors.ts'
import { exponentOf } from '../queries/restaurant.ts'
import { checkCategory, checkProduct, type OptionInput, type ValidOption } from '../shared.ts'

/**
 * The menu: categories and products with their variants and extras, in the order the owner or the
 * restaurant's staff give them (spec sections 3 and 5). Every change bumps the restaurant's version,
 * so the guest pages show it at once. A blocked program's menu is frozen (422 `program_blocked`).
 */

/** The program a category or product is in, for a change by its owner or staff (else 404). */
async function programOfRow(trx: Trx, me: Caller, programId: string): Promise<ProgramSummary> {
  return foodProgramOf(trx, me, programId, { who: 'staff', lock: trx, change: true })
}

export async function createCategory(
  db: Db,
  ctx: RequestContext,
  me: Caller,
  input: { program_uuid: string; title: string },
): Promise<CategoryRow> {
  const problems = checkCategory(input)
  if (problems.length) throw invalidInput(problems)
  const row = await db.transaction().execute(async (trx) => {
    const program = await foodProgramOf(trx, me, input.program_uuid, {
      who: 'staff',
      lock: trx,
      change: true,
    })
    await ensureRestaurantRow(trx, program.uuid)
    const created = await insertCategoryRow(trx, {
      id: newId(),
      program_id: program.uuid,
      title: input.title.trim(),
      position: await nextCategoryPosition(trx, program.uuid),
    })
    await bumpVersion(trx, program.uuid)
    return created
  })
  ctx.log.info({ program_id: row.program_id, category_id: row.id }, 'category created')
  return row
}

export async function updateCategory(
  db: Db,
  ctx: RequestContext,
  me: Caller,
  id: string,
  input: { title?: string | undefined; position?: number | undefined },
): Promise<CategoryRow> {
  if (input.title !== undefined) {
    const problems = checkCategory(input)
    if (problems.length) throw invalidInput(problems)
  }
  return db.transaction().execute(async (trx) => {
    const found = await findCategoryRow(trx, id)
    if (!found) throw notFound('category')
    await programOfRow(trx, me, found.program_id)
    const row = await updateCategoryRow(trx, id, {
      ...(input.title !== undefined ? { title: input.title.trim() } : {}),
      ...(input.position !== undefined ? { position: input.position } : {}),
    })
    await bumpVersion(trx, found.program_id)
    ctx.log.info({ category_id: id }, 'category changed')
    return row
  })
}

/** Deletes an empty category; one with products is refused (409 `category_not_empty`): move or delete them first. */
export async function deleteCategory(db: Db, ctx: RequestContext, me: Caller, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const found = await findCategoryRow(trx, id)
    if (!found) throw notFound('category')
    await programOfRow(trx, me, found.program_id)
    if ((await countProducts(trx, id)) > 0) {
      throw conflict('the category still has products: move or delete them first', 'category_not_empty')
    }
    await deleteCategoryRow(trx, id)
    await bumpVersion(trx, found.program_id)
  })
  ctx.log.info({ category_id: id }, 'category deleted')
}

/** A product's fields as `POST`/`PATCH food/products` take them. */
export interface ProductChange {
  category_uuid?: string | undefined
  title?: string | undefined
  description?: string | undefined
  image?: string | undefined
  price?: number | string | null | undefined
  quantity?: number | undefined
  unit?: string | undefined
  is_active?: boolean | undefined
  nutrition_facts?: string | undefined
  notes?: string | undefined
  vat_code?: VatCode | undefined
  keywords?: string[] | undefined
  position?: number | undefined
  variants?: OptionInput[] | undefined
  extras?: OptionInput[] | undefined
}

export async function createProduct(
  db: Db,
  ctx: RequestContext,
  me: Caller,
  change: ProductChange,
): Promise<ProductRow> {
  const categoryUuid = change.category_uuid?.trim()
  if (!categoryUuid) throw invalidInput(checkProduct(change).problems)
  const row = await db.transaction().execute(async (trx) => {
    const category = await findCategoryRow(trx, categoryUuid)
    if (!category) throw notFound('category')
    const program = await programOfRow(trx, me, category.program_id)
    return saveProduct(trx, me, program, undefined, change)
  })
  ctx.log.info({ program_id: row.program_id, product_id: row.id }, 'product created')
  return row
}

export async function updateProduct(
  db: Db,
  ctx: RequestContext,
  me: Caller,
  id: string,
  change: ProductChange,
): Promise<ProductRow> {
  const row = await db.transaction().execute(async (trx) => {
    const found = await findProductRow(trx, id)
    if (!found) throw notFound('product')
    const program = await programOfRow(trx, me, found.program_id)
    return saveProduct(trx, me, program, found, change)
  })
  ctx.log.info({ product_id: id }, 'product saved')
  return row
}

export async function deleteProduct(db: Db, ctx: RequestContext, me: Caller, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const found = await findProductRow(trx, id)
    if (!found) throw notFound('product')
    await programOfRow(trx, me, found.program_id)
    await deleteProductRow(trx, id)
    await bumpVersion(trx, found.program_id)
  })
  ctx.log.info({ product_id: id }, 'product deleted')
}

/**
 * Checks the product as it would be saved (the change over what is stored) by every rule of spec
 * section 5, then writes it with its complete variant and extra rows. The category must be one of
 * the restaurant's, the image an upload of the caller (or the product's own).
 */
async function saveProduct(
  trx: Trx,
  me: Caller,
  program: ProgramSummary,
  existing: ProductRow | undefined,
  change: ProductChange,
): Promise<ProductRow> {
  const stored = existing ? await optionRows(trx, [existing.id]) : []
  const asInput = (kind: 'variant' | 'extra'): OptionInput[] =>
    stored
      .filter((o) => o.kind === kind)
      .map((o) => ({
        uuid: o.id,
        title: o.title,
        quantity: Number(o.quantity),
        unit: o.unit,
        price: Number(o.price),
      }))
  const merged = {
    category_uuid: change.category_uuid ?? existing?.category_id,
    title: change.title ?? existing?.title,
    description: change.description ?? existing?.description,
    image: change.image ?? existing?.image_id,
    price: change.price ?? (existing ? Number(existing.price) : undefined),
    quantity: change.quantity ?? (existing ? Number(existing.quantity) : undefined),
    unit: change.unit ?? existing?.unit,
    keywords: change.keywords ?? existing?.keywords,
    variants: change.variants ?? asInput('variant'),
    extras: change.extras ?? asInput('extra'),
  }
  const checked = checkProduct(merged, { currencyExponent: exponentOf(program) })
  const problems: FieldIssue[] = [...checked.problems]

  if (change.category_uuid !== undefined && change.category_uuid !== existing?.category_id) {
    const category = await findCategoryRow(trx, change.category_uuid)
    if (!category || category.program_id !== program.uuid) {
      problems.push({
        field: 'category_uuid',
        code: 'category_unknown',
        message: 'no such category in this restaurant',
      })
    }
  }
  if (change.image !== undefined && change.image !== existing?.image_id) {
    const image = await findImage(trx, change.image)
    if (!image || image.uploaded_by !== me.user_id || image.kind !== 'product') {
      problems.push({
        field: 'image',
        code: 'image_unknown',
        message: 'no such image: upload it with POST food/products/images',
      })
    }
  }
  const own = new Set(stored.map((o) => `${o.kind}:${o.id}`))
  const withIds = (kind: 'variant' | 'extra', field: 'variants' | 'extras', rows: ValidOption[]) =>
    rows.map((r, i) => {
      if (r.uuid && !own.has(`${kind}:${r.uuid}`)) {
        problems.push({
          field: `${field}.${i}.uuid`,
          code: 'option_unknown',
          message: `no such ${kind} of this product`,
        })
      }
      return { ...r, id: r.uuid ?? newId() }
    })
  const variants = withIds('variant', 'variants', checked.value.variants)
  const extras = withIds('extra', 'extras', checked.value.extras)
  if (problems.length) throw invalidInput(problems)

  const categoryId = merged.category_uuid as string
  const columns = {
    category_id: categoryId,
    title: (merged.title as string).trim(),
    description: (merged.description as string).trim(),
    image_id: merged.image as string,
    price: BigInt(checked.value.price),
    quantity: String(merged.quantity),
    unit: merged.unit as string,
    keywords: checked.value.keywords,
    ...(change.is_active !== undefined ? { is_active: change.is_active } : {}),
    ...(change.nutrition_facts !== undefined ? { nutrition_facts: change.nutrition_facts.trim() } : {}),
    ...(change.notes !== undefined ? { notes: change.notes.trim() } : {}),
    ...(change.vat_code !== undefined ? { vat_code: change.vat_code } : {}),
  }
  let row: ProductRow
  if (existing) {
    const moved = categoryId !== existing.category_id
    const position = change.position ?? (moved ? await nextProductPosition(trx, categoryId) : undefined)
    row = await updateProductRow(trx, existing.id, {
      ...columns,
      ...(position !== undefined ? { position } : {}),
    })
  } else {
    row = await insertProductRow(trx, {
      id: newId(),
      program_id: program.uuid,
      ...columns,
      position: change.position ?? (await nextProductPosition(trx, categoryId)),
    })
  }
  if (!existing || change.variants !== undefined) await replaceOptions(trx, row.id, 'variant', variants)
  if (!existing || change.extras !== undefined) await replaceOptions(trx, row.id, 'extra', extras)
  await bumpVersion(trx, program.uuid)
  return row
}

/** One entry of `POST food/products/order`: a category or a product and its index in its list. */
export interface OrderEntry {
  category_uuid?: string | undefined
  product_uuid?: string | undefined
  index: number
}

/**
 * Manual order of categories and products (drag and drop, spec section 7 `products/order`): each
 * entry names one of the restaurant's categories or products and its index (a product's among the
 * products of its category). An entry naming anything else is refused, and nothing changes.
 */
export async function reorderMenu(
  db: Db,
  ctx: RequestContext,
  me: Caller,
  input: { program_uuid: string; order: OrderEntry[] },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const program = await foodProgramOf(trx, me, input.program_uuid, {
      who: 'staff',
      lock: trx,
      change: true,
    })
    const categoryIds = input.order.flatMap((e) => (e.category_uuid ? [e.category_uuid] : []))
    const productIds = input.order.flatMap((e) => (e.product_uuid ? [e.product_uuid] : []))
    const [categories, products] = await Promise.all([
      categoryIds.length
        ? trx
            .selectFrom('food_categories')
            .select('id')
            .where('program_id', '=', program.uuid)
            .where('id', 'in', categoryIds)
            .execute()
        : [],
      productIds.length
        ? trx
            .selectFrom('food_products')
            .select('id')
            .where('program_id', '=', program.uuid)
            .where('id', 'in', productIds)
            .execute()
        : [],
    ])
    const knownCategories = new Set(categories.map((c) => c.id))
    const knownProducts = new Set(products.map((p) => p.id))
    const problems: FieldIssue[] = []
    for (const [i, e] of input.order.entries()) {
      if (e.category_uuid && !knownCategories.has(e.category_uuid)) {
        problems.push({
          field: `order.${i}.category_uuid`,
          code: 'category_unknown',
          message: 'no such category',
        })
      }
      if (e.product_uuid && !knownProducts.has(e.product_uuid)) {
        problems.push({
          field: `order.${i}.product_uuid`,
          code: 'product_unknown',
          message: 'no such product',
        })
      }
    }
    if (problems.length) throw invalidInput(problems)
    for (const e of input.order) {
      if (e.category_uuid) {
        await trx
          .updateTable('food_categories')
          .set({ position: e.index })
          .where('id', '=', e.category_uuid)
          .execute()
      } else if (e.product_uuid) {
        await trx
          .updateTable('food_products')
          .set({ position: e.index })
          .where('id', '=', e.product_uuid)
          .execute()
      }
    }
    await bumpVersion(trx, program.uuid)
  })
  ctx.log.info({ program_id: input.program_uuid, entries: input.order.length }, 'menu reordered')
}
