import type { VatCode } from '../../payments/index.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { notFound } from '../../platform/errors.ts'
import { type Caller, foodProgramOf } from '../access.ts'
import { findImages } from '../db/files.ts'
import {
  type CategoryRow,
  findCategoryRow,
  listCategoryRows,
  listProductRows,
  type OptionRow,
  optionRows,
  type ProductRow,
} from '../db/menu.ts'
import { type ImageJson, imageJson } from '../files.ts'
import type { Unit } from '../shared.ts'

export interface CategoryJson {
  uuid: string
  title: string
  position: number
  products_count: number
}

export interface OptionJson {
  uuid: string
  title: string
  quantity: number
  unit: Unit
  price: number
}

/** A product as the owner's menu screens show it (spec section 3 "Product"), prices in minor units. */
export interface ProductJson {
  uuid: string
  category_uuid: string
  title: string
  description: string
  image: ImageJson | null
  price: number
  currency: string
  quantity: number
  unit: Unit
  is_active: boolean
  nutrition_facts: string
  notes: string
  vat_code: VatCode
  keywords: string[]
  position: number
  variants: OptionJson[]
  extras: OptionJson[]
}

export const categoryJson = (row: CategoryRow, productsCount: number): CategoryJson => ({
  uuid: row.id,
  title: row.title,
  position: row.position,
  products_count: productsCount,
})

const optionJson = (o: OptionRow): OptionJson => ({
  uuid: o.id,
  title: o.title,
  quantity: Number(o.quantity),
  unit: o.unit as Unit,
  price: Number(o.price),
})

/** Products with their options and images, as JSON (two more queries for any number of products). */
export async function productsJson(
  db: DbOrTrx,
  rows: readonly ProductRow[],
  currency: string,
): Promise<ProductJson[]> {
  const [options, images] = await Promise.all([
    optionRows(
      db,
      rows.map((r) => r.id),
    ),
    findImages(
      db,
      rows.map((r) => r.image_id),
    ),
  ])
  const byProduct = Map.groupBy(options, (o) => o.product_id)
  return rows.map((r) => {
    const own = byProduct.get(r.id) ?? []
    const image = images.get(r.image_id)
    return {
      uuid: r.id,
      category_uuid: r.category_id,
      title: r.title,
      description: r.description,
      image: image ? imageJson(image) : null,
      price: Number(r.price),
      currency,
      quantity: Number(r.quantity),
      unit: r.unit as Unit,
      is_active: r.is_active,
      nutrition_facts: r.nutrition_facts,
      notes: r.notes,
      vat_code: r.vat_code as VatCode,
      keywords: r.keywords,
      position: r.position,
      variants: own.filter((o) => o.kind === 'variant').map(optionJson),
      extras: own.filter((o) => o.kind === 'extra').map(optionJson),
    }
  })
}

/** A restaurant's categories for its owner or staff (`GET food/categories?program_uuid=`). */
export async function listCategories(db: DbOrTrx, me: Caller, programUuid: string): Promise<CategoryJson[]> {
  const program = await foodProgramOf(db, me, programUuid, { who: 'staff' })
  const rows = await listCategoryRows(db, program.uuid)
  return rows.map((r) => categoryJson(r, Number(r.products_count ?? 0)))
}

/** A restaurant's products (active or not), optionally of one of its categories (`GET food/products`). */
export async function listProducts(
  db: DbOrTrx,
  me: Caller,
  query: { program_uuid: string; category_uuid?: string | undefined },
): Promise<ProductJson[]> {
  const program = await foodProgramOf(db, me, query.program_uuid, { who: 'staff' })
  if (query.category_uuid) {
    const category = await findCategoryRow(db, query.category_uuid)
    // A filter names an object as a path does: another restaurant's category, or none, is 404.
    if (!category || category.program_id !== program.uuid) throw notFound('category')
  }
  return productsJson(db, await listProductRows(db, program.uuid, query.category_uuid), program.currency)
}
