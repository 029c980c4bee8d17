import {
  acceptorTakingPart,
  type Caller,
  isAcceptor,
  isAdmin,
  isHolder,
  notYours,
  programInView,
  programOfOwner,
} from '../platform/access.ts'
import type { DbOrTrx } from '../platform/db.ts'
import { AppError, invalidField } from '../platform/errors.ts'
import { programDirectory } from './ports.ts'

/**
 * The rules for a payment in a program: the program exists and the caller takes part in it (its
 * owner, an active acceptor of it, or an admin; an unknown program, and anyone else's, is 404, as
 * the access kernel answers for another tenant's object; an acceptor whose place is no longer
 * active: 403 `not_program_acceptor`), it takes payments now (active: not a draft, not blocked or
 * expired), and the currency is the program's. Answers the program's owner, who the money is for.
 */
export async function programForPayment(
  db: DbOrTrx,
  input: { program_uuid: string; currency: string; caller: Caller },
): Promise<{ owner_user_id: string }> {
  const directory = programDirectory.get()
  const program = await directory.find(db, input.program_uuid)
  if (!program) throw notYours('program')
  const { caller } = input
  if (isAcceptor(caller)) {
    acceptorTakingPart(caller, await directory.acceptorStanding(db, input.program_uuid, caller.user_id))
  } else if (!isAdmin(caller)) programOfOwner(caller, program)
  await assertProgramTakesPayments(db, input.program_uuid)
  if (program.currency !== input.currency) {
    throw invalidField(
      'currency',
      'not_program_currency',
      `the program takes payments in ${program.currency}`,
      {
        currency: program.currency,
      },
    )
  }
  return { owner_user_id: program.owner_user_id }
}

/**
 * A program named in a list's filter (`payment/transactions?program=`), by the access kernel's
 * `programInView`: an admin any, its owner, an acceptor who has or had a place in it, a card holder
 * who paid in it. An unknown program, and anyone else's: 404, never an empty page.
 */
export async function programInPaymentsFilter(db: DbOrTrx, me: Caller, programUuid: string): Promise<void> {
  const directory = programDirectory.get()
  const program = await directory.find(db, programUuid)
  let facts = {}
  if (program && isAcceptor(me))
    facts = { standing: await directory.acceptorStanding(db, programUuid, me.user_id) }
  if (program && isHolder(me)) {
    const paid = await db
      .selectFrom('payments')
      .select('id')
      .where('payer_user_id', '=', me.user_id)
      .where('program_uuid', '=', programUuid)
      .limit(1)
      .executeTakeFirst()
    facts = { held: paid !== undefined }
  }
  programInView(me, program, facts)
}

/** A blocked, expired or draft program refuses payments (422 `program_not_active`). */
export async function assertProgramTakesPayments(db: DbOrTrx, programUuid: string | null): Promise<void> {
  if (!programUuid) return
  const program = await programDirectory.get().find(db, programUuid)
  if (!program?.accepting_payments) {
    throw new AppError('business_rule', 'this program does not take payments now', {
      reason: 'program_not_active',
    })
  }
}

/** The methods a program takes, with their providers; undefined outside programs. */
export async function programMethods(
  db: DbOrTrx,
  programUuid: string | null,
): Promise<{ method_id: string; provider_id: string }[] | undefined> {
  if (!programUuid) return undefined
  return programDirectory.get().usedMethods(db, programUuid)
}

/** The program's owner, when the program exists. */
export async function programOwner(db: DbOrTrx, programUuid: string): Promise<string | undefined> {
  return (await programDirectory.get().find(db, programUuid))?.owner_user_id
}
