import type { DbOrTrx } from '../platform/db.ts'
import type { ErrorReason } from '../platform/errors.ts'
import type { ProgramStatus, ProgramType } from './codes.ts'
import { programStepChecks } from './ports.ts'

/**
 * The refusal of a forward move (a later draft step, or activation) by the program type's own
 * module (`programs.step-checks`, ports.ts), or null. A type no module checks refuses: start-up
 * makes sure every type has its check, so this is a wiring fault, answered 500.
 */
export async function stepRefusal(
  db: DbOrTrx,
  program: { id: string; type: ProgramType },
  to: ProgramStatus,
): Promise<{ reason: ErrorReason; message: string } | null> {
  const given = programStepChecks.find(String(program.type))
  if (!given) throw new Error(`no module checks the steps of program type ${program.type}`)
  return given.check(db, program.id, to)
}
