import type { Caller } from '../platform/access.ts'
import * as access from '../platform/access.ts'
import type { DbOrTrx, Trx } from '../platform/db.ts'
import { findProgramRow, lockProgramRow, type ProgramRow } from './db/programs.ts'

export type { Caller } from '../platform/access.ts'
export { isAdmin } from '../platform/access.ts'

/**
 * A program as the `manager/...` routes see it (the access kernel's "owner of the program"): its
 * owner's; an admin's too with `admin` (every program route an admin may call: reading, blocking).
 * Anyone else is told it does not exist (404), so program ids reveal nothing about other owners.
 * This holds for the program named in the path and for one named in the body or query of an
 * invitation, method or cashpoint call alike (docs/programs.md, "Who may see a program").
 */
export async function programOf(
  db: DbOrTrx,
  me: Caller,
  id: string,
  opts: { lock?: boolean; admin?: boolean } = {},
): Promise<ProgramRow> {
  const row = opts.lock ? await lockProgramRow(db as Trx, id) : await findProgramRow(db, id)
  return access.programOfOwner(me, row, { admin: opts.admin ?? false })
}

/** PostgreSQL's unique_violation, optionally of one constraint or index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string }
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint)
}
