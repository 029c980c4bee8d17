import type { Insertable, Selectable } from 'kysely'
import type { DB, DbOrTrx } from '../../platform/db.ts'

export type ImageRow = Selectable<DB['food_images']>
export type DocumentRow = Selectable<DB['food_documents']>
export type ImageKind = 'restaurant' | 'product' | 'app_logo' | 'favicon_logo'
export type DocumentKind = 'terms' | 'privacy'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function insertImage(db: DbOrTrx, row: Insertable<DB['food_images']>): Promise<ImageRow> {
  return db.insertInto('food_images').values(row).returningAll().executeTakeFirstOrThrow()
}

export async function findImage(db: DbOrTrx, id: string): Promise<ImageRow | undefined> {
  if (!uuidPattern.test(id)) return undefined
  return db.selectFrom('food_images').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function findImages(db: DbOrTrx, ids: readonly string[]): Promise<Map<string, ImageRow>> {
  const wanted = [...new Set(ids)].filter((id) => uuidPattern.test(id))
  if (!wanted.length) return new Map()
  const rows = await db.selectFrom('food_images').selectAll().where('id', 'in', wanted).execute()
  return new Map(rows.map((r) => [r.id, r]))
}

export function insertDocument(db: DbOrTrx, row: Insertable<DB['food_documents']>): Promise<DocumentRow> {
  return db.insertInto('food_documents').values(row).returningAll().executeTakeFirstOrThrow()
}

export async function findDocument(db: DbOrTrx, id: string): Promise<DocumentRow | undefined> {
  if (!uuidPattern.test(id)) return undefined
  return db.selectFrom('food_documents').selectAll().where('id', '=', id).executeTakeFirst()
}
