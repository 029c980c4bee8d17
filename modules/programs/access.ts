import type { DbOrTrx, Trx } from '../platform/db.ts'
import { AppError, notFound } from '../platform/errors.ts'
import { findProgramRow, lockProgramRow, type ProgramRow } from './db/programs.ts'

/** Who calls a command: the signed-in user and their type (1 program owner, 2 acceptor, 3 card holder, 4 admin). */
export interface Caller {
  user_id: string
  user_type: number
}

export const isAdmin = (me: Caller) => me.user_type === 4

/**
 * A program as the `manager/programs` routes see it: its owner's, or any for an admin. Anyone
 * else is told it does not exist (404), so program ids reveal nothing about other owners.
 */
export async function programOfManager(
  db: DbOrTrx,
  me: Caller,
  id: string,
  lock = false,
): Promise<ProgramRow> {
  const row = lock ? await lockProgramRow(db as Trx, id) : await findProgramRow(db, id)
  if (!row || (!isAdmin(me) && row.owner_user_id !== me.user_id)) throw notFound('program')
  return row
}

/**
 * A program named in the body or query of an invite or method call (`program-acceptors`,
 * `program-methods`): 404 when there is none, 403 "access denied" when it is another owner's
 * (spec sections 6 and 8: a 403 on program and invite calls becomes the access-denied flag).
 * Admins may read (`adminMayRead`) but not change.
 */
export async function programOfOwner(
  db: DbOrTrx,
  me: Caller,
  id: string,
  opts: { lock?: boolean; adminMayRead?: boolean } = {},
): Promise<ProgramRow> {
  const row = opts.lock ? await lockProgramRow(db as Trx, id) : await findProgramRow(db, id)
  if (!row) throw notFound('program')
  if (row.owner_user_id === me.user_id) return row
  if (opts.adminMayRead && isAdmin(me)) return row
  throw new AppError('forbidden', 'access denied', { reason: 'not_program_owner' })
}

/** PostgreSQL's unique_violation, optionally of one constraint or index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string }
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint)
}
