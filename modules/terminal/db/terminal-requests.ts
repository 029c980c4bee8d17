import type { Insertable, Selectable, Updateable } from 'kysely'
import type { DB, DbOrTrx, Trx } from '../../platform/db.ts'
import type { PageRequest } from '../../platform/pagination.ts'
import { pageOffset } from '../../platform/pagination.ts'

export type TerminalRequestRow = Selectable<DB['terminal_requests']>

export const terminalStatuses = ['open', 'claimed', 'paid', 'failed', 'expired', 'cancelled'] as const
export type TerminalStatus = (typeof terminalStatuses)[number]
/** Statuses after which nothing changes any more. */
export const finalStatuses: readonly TerminalStatus[] = ['paid', 'failed', 'expired', 'cancelled']

export async function insertTerminalRequest(
  db: DbOrTrx,
  row: Insertable<DB['terminal_requests']>,
): Promise<TerminalRequestRow> {
  return db.insertInto('terminal_requests').values(row).returningAll().executeTakeFirstOrThrow()
}

export async function findTerminalRequest(db: DbOrTrx, id: string): Promise<TerminalRequestRow | undefined> {
  return db.selectFrom('terminal_requests').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function lockTerminalRequest(trx: Trx, id: string): Promise<TerminalRequestRow | undefined> {
  return trx.selectFrom('terminal_requests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

export async function findByPayment(db: DbOrTrx, paymentId: string): Promise<TerminalRequestRow | undefined> {
  return db.selectFrom('terminal_requests').selectAll().where('payment_id', '=', paymentId).executeTakeFirst()
}

export async function findByRequestUuid(
  db: DbOrTrx,
  programUuid: string,
  requestUuid: string,
): Promise<TerminalRequestRow | undefined> {
  return db
    .selectFrom('terminal_requests')
    .selectAll()
    .where('program_uuid', '=', programUuid)
    .where('request_uuid', '=', requestUuid)
    .executeTakeFirst()
}

export async function updateTerminalRequest(
  db: DbOrTrx,
  id: string,
  changes: Updateable<DB['terminal_requests']>,
): Promise<TerminalRequestRow> {
  return db
    .updateTable('terminal_requests')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

export interface TerminalRequestFilter {
  cashpointUuid?: string | undefined
  programUuid?: string | undefined
  acceptorUserId?: string | undefined
  ownerUserId?: string | undefined
  status?: TerminalStatus | undefined
}

/** Newest first. */
export async function listTerminalRequests(
  db: DbOrTrx,
  f: TerminalRequestFilter,
  page: PageRequest,
): Promise<{ count: number; rows: TerminalRequestRow[] }> {
  let q = db.selectFrom('terminal_requests')
  if (f.cashpointUuid) q = q.where('cashpoint_uuid', '=', f.cashpointUuid)
  if (f.programUuid) q = q.where('program_uuid', '=', f.programUuid)
  if (f.acceptorUserId) q = q.where('acceptor_user_id', '=', f.acceptorUserId)
  if (f.ownerUserId) q = q.where('owner_user_id', '=', f.ownerUserId)
  if (f.status) q = q.where('status', '=', f.status)
  const [rows, total] = await Promise.all([
    q
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset(pageOffset(page))
      .execute(),
    q.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { count: Number(total.n), rows }
}
