import type { RequestContext } from '../../platform/context.ts'
import type { Db } from '../../platform/db.ts'
import type { CardType } from '../codes.ts'
import { upsertPrice } from '../db/prices.ts'

/**
 * Sets the price of one card of a type in a currency (minor units, excluding VAT): an admin's
 * decision. Orders placed from now on use it; placed orders keep the price they were placed with.
 */
export async function setCardTypePrice(
  db: Db,
  ctx: RequestContext,
  adminUserId: string,
  input: { type: CardType; currency: string; price: bigint },
): Promise<void> {
  await upsertPrice(db, {
    card_type: input.type,
    currency: input.currency,
    price: input.price,
    updated_by: adminUserId,
  })
  ctx.log.info(
    { card_type: input.type, currency: input.currency, price: Number(input.price) },
    'card price set',
  )
}
