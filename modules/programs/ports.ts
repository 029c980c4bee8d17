import type { DbOrTrx } from '../platform/db.ts'
import type { ErrorReason } from '../platform/errors.ts'
import { defineHook } from '../platform/ports.ts'
import type { ProgramStatus, ProgramType } from './codes.ts'

/**
 * What a program type's own module requires before its program moves forward: a card program
 * reaches draftStep2 only with a card type chosen, draftStep3 and activation only with complete
 * card settings. The check runs inside the status change's transaction, with the program locked.
 * A refusal is answered 422 with its reason.
 */
export type StepCheck = (
  db: DbOrTrx,
  programId: string,
  to: ProgramStatus,
) => Promise<{ reason: ErrorReason; message: string } | null>

/**
 * The extension point: one check per program type, given by the module that owns the type's steps
 * (cards for card programs; programs itself for the types whose steps are all its own). A type
 * without a check cannot move forward.
 */
export const programStepChecks = defineHook<{ type: ProgramType; check: StepCheck }>({
  id: 'programs.step-checks',
  description: 'what a program type requires before its program moves forward',
  key: (c) => String(c.type),
})

/** The check of a type whose steps are all programs' own (the status machine's rules). */
export const noStepsOfItsOwn: StepCheck = async () => null
