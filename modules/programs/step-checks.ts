import type { DbOrTrx } from '../platform/db.ts'
import type { ProgramStatus, ProgramType } from './codes.ts'

/**
 * What a program type's own module requires before its program moves forward: a card program
 * reaches draftStep2 only with a card type chosen, draftStep3 and activation only with complete
 * card settings. Registered at start-up by the module that owns those steps (programs cannot
 * import it); the check runs inside the status change's transaction, with the program locked.
 * A refusal is answered 422 with its reason.
 */
export type StepCheck = (
  db: DbOrTrx,
  programId: string,
  to: ProgramStatus,
) => Promise<{ reason: string; message: string } | null>

const checks = new Map<ProgramType, StepCheck[]>()

export function registerProgramStepCheck(type: ProgramType, check: StepCheck): void {
  checks.set(type, [...(checks.get(type) ?? []), check])
}

/** The first refusal of a forward move (a later draft step, or activation), or null. */
export async function stepRefusal(
  db: DbOrTrx,
  program: { id: string; type: ProgramType },
  to: ProgramStatus,
): Promise<{ reason: string; message: string } | null> {
  for (const check of checks.get(program.type) ?? []) {
    const refusal = await check(db, program.id, to)
    if (refusal) return refusal
  }
  return null
}
