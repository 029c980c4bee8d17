import type { RequestContext } from '../../platform/context.ts'
import type { Db } from '../../platform/db.ts'
import { AppError, businessRule } from '../../platform/errors.ts'
import { publish } from '../../platform/events.ts'
import { type Caller, programOf } from '../access.ts'
import { programStatuses, programTypes } from '../codes.ts'
import { upsertProgramMethods } from '../db/program-methods.ts'
import { updateProgramRow } from '../db/programs.ts'
import { assertProgramUsable } from '../errors.ts'
import { programStatusChanged } from '../events.ts'
import { hasValidatedMethod, type MethodSetting, methodSettingErrors } from '../methods.ts'

/**
 * Saves a program's payment method settings (`POST manager/program-methods`). Methods not in the
 * list keep their settings. A used method needs a provider that can take it (400 per field).
 * A payment program must keep a validated method once active (422); a completed draft
 * (draftStep3) that loses its last one goes back to draftStep2, since step 2 is no longer done.
 */
export async function saveProgramMethods(
  db: Db,
  ctx: RequestContext,
  me: Caller,
  programId: string,
  settings: readonly MethodSetting[],
): Promise<void> {
  const fields = methodSettingErrors(settings)
  await db.transaction().execute(async (trx) => {
    const program = await programOf(trx, me, programId, { lock: true })
    assertProgramUsable(program)
    if (Object.keys(fields).length) throw new AppError('validation_failed', 'validation failed', { fields })
    await upsertProgramMethods(trx, program.id, settings)
    if (program.type !== programTypes.paymentManagement || (await hasValidatedMethod(trx, program.id))) return
    if (program.status === programStatuses.active || program.status === programStatuses.pending) {
      throw businessRule(
        'an active payment program needs at least one payment method in use with a provider that can take it',
        'no_validated_method',
      )
    }
    if (program.status === programStatuses.draftStep3) {
      await updateProgramRow(trx, program.id, { status: programStatuses.draftStep2 })
      await publish(
        trx,
        programStatusChanged,
        { program_id: program.id, type: program.type, from: program.status, to: programStatuses.draftStep2 },
        ctx,
      )
    }
  })
  ctx.log.info({ program_id: programId, methods: settings.length }, 'program payment methods saved')
}
