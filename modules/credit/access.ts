import { type Caller, heldBy, ownedBy, programOfOwner } from '../platform/access.ts'
import type { DbOrTrx, Trx } from '../platform/db.ts'
import { findProgram, lockProgram, type ProgramSummary, programTypes } from '../programs/index.ts'
import { type BillRow, findBill, lockBill } from './db/bills.ts'
import { notCreditProgram } from './errors.ts'

export type { Caller } from '../platform/access.ts'

/**
 * A credit management program named in a call: the owner's own, or any for an admin when
 * `adminMayRead` (the access kernel's "owner of the program"); anyone else's or none: 404. A
 * program of another type: 422 `not_credit_program`.
 */
export async function creditProgramOf(
  db: DbOrTrx,
  me: Caller,
  uuid: string,
  opts: { adminMayRead?: boolean; lock?: Trx } = {},
): Promise<ProgramSummary> {
  const found = opts.lock ? await lockProgram(opts.lock, uuid) : await findProgram(db, uuid)
  const program = programOfOwner(me, found, { admin: opts.adminMayRead ?? false })
  if (program.type !== programTypes.creditManagement) throw notCreditProgram()
  return program
}

/** A bill its program's owner manages (any for an admin when `adminMayRead`); else 404 `bill`. */
export async function ownersBill(
  db: DbOrTrx,
  me: Caller,
  uuid: string,
  opts: { adminMayRead?: boolean; lock?: Trx } = {},
): Promise<BillRow> {
  const found = opts.lock ? await lockBill(opts.lock, uuid) : await findBill(db, uuid)
  return ownedBy(me, found, 'bill', { admin: opts.adminMayRead ?? false })
}

/** A bill of the card holder's (the access kernel's `heldBy`); anyone else's or none: 404 `bill`. */
export async function holdersBill(db: DbOrTrx, me: Caller, uuid: string, lock?: Trx): Promise<BillRow> {
  const found = lock ? await lockBill(lock, uuid) : await findBill(db, uuid)
  return heldBy(me, found, 'bill')
}
