import { type Selectable, sql, type Updateable } from 'kysely'
import type { DB, DbOrTrx, Trx } from '../../platform/db.ts'
import { newId } from '../../platform/ids.ts'
import { newTokens } from '../tokens.ts'

export type CardRow = Selectable<DB['cards']>

export interface IssueBatch {
  order_id: string
  program_id: string
  card_type: number
  value: bigint
  currency: string
  use_number: number | null
  expires_at: Date | null
}

/** Rows per insert statement: one statement of arrays, so the size is about memory, not parameters. */
const chunkSize = 2000

/**
 * Inserts `quantity` issued cards of one order, in chunks, each chunk one statement over arrays
 * (`unnest`). Tokens come from the CSPRNG; one that exists already (a 1 in 2^80 chance per pair,
 * but the constraint is what guarantees it) is skipped by `on conflict do nothing` and made again,
 * so the transaction never aborts on a collision.
 */
export async function insertIssuedCards(
  trx: Trx,
  batch: IssueBatch,
  quantity: number,
  tokensOf: (count: number) => string[] = newTokens,
): Promise<number> {
  let inserted = 0
  while (inserted < quantity) {
    const want = Math.min(chunkSize, quantity - inserted)
    const ids = Array.from({ length: want }, () => newId())
    const tokens = tokensOf(want)
    const result = await sql<{ id: string }>`
      insert into cards (id, order_id, program_id, token, card_type, value, balance, currency,
                         use_number, uses_left, status, expires_at)
      select t.id, ${batch.order_id}::uuid, ${batch.program_id}::uuid, t.token, ${batch.card_type}::smallint,
             ${batch.value}::bigint, ${batch.value}::bigint, ${batch.currency}::char(3),
             ${batch.use_number}::integer, ${batch.use_number}::integer, 'issued', ${batch.expires_at}::timestamptz
        from unnest(${ids}::uuid[], ${tokens}::text[]) as t(id, token)
      on conflict (token) do nothing
      returning id`.execute(trx)
    inserted += result.rows.length
  }
  return inserted
}

export function countCardsOfOrder(db: DbOrTrx, orderId: string): Promise<number> {
  return db
    .selectFrom('cards')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.count))
}

export function cardsOfOrder(db: DbOrTrx, orderId: string): Promise<CardRow[]> {
  return db.selectFrom('cards').selectAll().where('order_id', '=', orderId).orderBy('id').execute()
}

export function findCardByToken(db: DbOrTrx, token: string): Promise<CardRow | undefined> {
  return db.selectFrom('cards').selectAll().where('token', '=', token).executeTakeFirst()
}

export function lockCardByToken(trx: Trx, token: string): Promise<CardRow | undefined> {
  return trx.selectFrom('cards').selectAll().where('token', '=', token).forUpdate().executeTakeFirst()
}

export function lockCard(trx: Trx, id: string): Promise<CardRow | undefined> {
  return trx.selectFrom('cards').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

export function cardsByIds(db: DbOrTrx, ids: readonly string[]): Promise<CardRow[]> {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .selectFrom('cards')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute()
}

export function heldCards(db: DbOrTrx, holderUserId: string): Promise<CardRow[]> {
  return db
    .selectFrom('cards')
    .selectAll()
    .where('holder_user_id', '=', holderUserId)
    .orderBy('activated_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

export function updateCard(trx: Trx, id: string, set: Updateable<DB['cards']>): Promise<CardRow> {
  return trx
    .updateTable('cards')
    .set({ ...set, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}
