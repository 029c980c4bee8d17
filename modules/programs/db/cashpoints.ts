import { type Insertable, type Selectable, sql, type Updateable } from 'kysely'
import type { DB, DbOrTrx } from '../../platform/db.ts'
import { type PageRequest, pageOffset } from '../../platform/pagination.ts'

export type CashpointRow = Selectable<DB['cashpoints']>

export function insertCashpoint(db: DbOrTrx, row: Insertable<DB['cashpoints']>): Promise<CashpointRow> {
  return db.insertInto('cashpoints').values(row).returningAll().executeTakeFirstOrThrow()
}

export function findCashpointRow(db: DbOrTrx, id: string): Promise<CashpointRow | undefined> {
  return db.selectFrom('cashpoints').selectAll().where('id', '=', id).executeTakeFirst()
}

export function updateCashpointRow(
  db: DbOrTrx,
  id: string,
  set: Updateable<DB['cashpoints']>,
): Promise<CashpointRow> {
  return db
    .updateTable('cashpoints')
    .set({ ...set, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

export interface CashpointFilter {
  programId?: string | undefined
  acceptorUserId?: string | undefined
  /** Cashpoints in this owner's programs only. */
  ownerUserId?: string | undefined
  isActive?: boolean | undefined
}

/** One page of cashpoints, oldest first (the order an acceptor set them up in). */
export async function listCashpointRows(
  db: DbOrTrx,
  filter: CashpointFilter,
  page: PageRequest,
): Promise<{ count: number; rows: CashpointRow[] }> {
  let q = db.selectFrom('cashpoints').innerJoin('programs', 'programs.id', 'cashpoints.program_id')
  if (filter.programId) q = q.where('cashpoints.program_id', '=', filter.programId)
  if (filter.acceptorUserId) q = q.where('cashpoints.acceptor_user_id', '=', filter.acceptorUserId)
  if (filter.ownerUserId) q = q.where('programs.owner_user_id', '=', filter.ownerUserId)
  if (filter.isActive !== undefined) q = q.where('cashpoints.is_active', '=', filter.isActive)
  const [rows, total] = await Promise.all([
    q
      .selectAll('cashpoints')
      .orderBy('cashpoints.created_at')
      .orderBy('cashpoints.id')
      .limit(page.size)
      .offset(pageOffset(page))
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ])
  return { count: Number(total.count), rows }
}

/** Every cashpoint of an acceptor in the given programs (for the acceptor's programs screen). */
export function cashpointsOf(
  db: DbOrTrx,
  acceptorUserId: string,
  programIds: readonly string[],
): Promise<CashpointRow[]> {
  if (programIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('cashpoints')
    .selectAll()
    .where('acceptor_user_id', '=', acceptorUserId)
    .where('program_id', 'in', [...programIds])
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}
