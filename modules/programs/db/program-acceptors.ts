import { type Insertable, type Selectable, sql, type Updateable } from 'kysely'
import type { DB, DbOrTrx, Trx } from '../../platform/db.ts'
import { type PageRequest, pageOffset } from '../../platform/pagination.ts'

export type ProgramAcceptorRow = Selectable<DB['program_acceptors']>

export function insertProgramAcceptor(
  db: DbOrTrx,
  row: Insertable<DB['program_acceptors']>,
): Promise<ProgramAcceptorRow> {
  return db.insertInto('program_acceptors').values(row).returningAll().executeTakeFirstOrThrow()
}

export function findProgramAcceptorRow(db: DbOrTrx, id: string): Promise<ProgramAcceptorRow | undefined> {
  return db.selectFrom('program_acceptors').selectAll().where('id', '=', id).executeTakeFirst()
}

export function lockProgramAcceptorRow(trx: Trx, id: string): Promise<ProgramAcceptorRow | undefined> {
  return trx.selectFrom('program_acceptors').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

export function findByTokenHash(db: DbOrTrx, tokenHash: string): Promise<ProgramAcceptorRow | undefined> {
  return db.selectFrom('program_acceptors').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst()
}

/** The live (active, pending or blocked) row of an address in a program, if any. */
export function findLiveByEmail(
  db: DbOrTrx,
  programId: string,
  email: string,
  live: readonly number[],
): Promise<ProgramAcceptorRow | undefined> {
  return db
    .selectFrom('program_acceptors')
    .selectAll()
    .where('program_id', '=', programId)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('status', 'in', [...live])
    .executeTakeFirst()
}

/** The live row of an acceptor account in a program, if any. */
export function findLiveByUser(
  db: DbOrTrx,
  programId: string,
  userId: string,
  live: readonly number[],
): Promise<ProgramAcceptorRow | undefined> {
  return db
    .selectFrom('program_acceptors')
    .selectAll()
    .where('program_id', '=', programId)
    .where('acceptor_user_id', '=', userId)
    .where('status', 'in', [...live])
    .executeTakeFirst()
}

export function updateProgramAcceptorRow(
  db: DbOrTrx,
  id: string,
  set: Updateable<DB['program_acceptors']>,
): Promise<ProgramAcceptorRow> {
  return db
    .updateTable('program_acceptors')
    .set({ ...set, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function deleteProgramAcceptorRow(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('program_acceptors').where('id', '=', id).execute()
}

export interface ProgramAcceptorFilter {
  programId?: string | undefined
  /** Rows of this owner's programs only. */
  ownerUserId?: string | undefined
  /** Rows of this acceptor account only. */
  acceptorUserId?: string | undefined
  statuses?: readonly number[] | undefined
}

/** One page of invitations and memberships with their program, newest first. */
export async function listProgramAcceptorRows(
  db: DbOrTrx,
  filter: ProgramAcceptorFilter,
  page: PageRequest,
): Promise<{ count: number; rows: ProgramAcceptorRow[] }> {
  let q = db
    .selectFrom('program_acceptors')
    .innerJoin('programs', 'programs.id', 'program_acceptors.program_id')
  if (filter.programId) q = q.where('program_acceptors.program_id', '=', filter.programId)
  if (filter.ownerUserId) q = q.where('programs.owner_user_id', '=', filter.ownerUserId)
  if (filter.acceptorUserId) q = q.where('program_acceptors.acceptor_user_id', '=', filter.acceptorUserId)
  if (filter.statuses?.length) q = q.where('program_acceptors.status', 'in', [...filter.statuses])
  const [rows, total] = await Promise.all([
    q
      .selectAll('program_acceptors')
      .orderBy('program_acceptors.created_at', 'desc')
      .orderBy('program_acceptors.id', 'desc')
      .limit(page.size)
      .offset(pageOffset(page))
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ])
  return { count: Number(total.count), rows }
}
