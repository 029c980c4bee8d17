import { sql } from 'kysely'
import type { DbOrTrx } from '../../platform/db.ts'

export interface CardTypePriceRow {
  card_type: number
  currency: string
  price: bigint
}

/** Prices of a card per type and currency (minor units, excluding VAT), optionally of one currency. */
export function listPrices(db: DbOrTrx, currency?: string): Promise<CardTypePriceRow[]> {
  let q = db.selectFrom('card_type_prices').select(['card_type', 'currency', 'price'])
  if (currency) q = q.where('currency', '=', currency)
  return q.orderBy('card_type').orderBy('currency').execute()
}

export function findPrice(
  db: DbOrTrx,
  cardType: number,
  currency: string,
): Promise<CardTypePriceRow | undefined> {
  return db
    .selectFrom('card_type_prices')
    .select(['card_type', 'currency', 'price'])
    .where('card_type', '=', cardType)
    .where('currency', '=', currency)
    .executeTakeFirst()
}

export async function upsertPrice(
  db: DbOrTrx,
  row: { card_type: number; currency: string; price: bigint; updated_by: string },
): Promise<void> {
  await db
    .insertInto('card_type_prices')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['card_type', 'currency']).doUpdateSet({
        price: row.price,
        updated_by: row.updated_by,
        updated_at: sql`now()`,
      }),
    )
    .execute()
}
