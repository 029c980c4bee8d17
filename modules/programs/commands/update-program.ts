import type { RequestContext } from '../../platform/context.ts'
import type { Db, Trx } from '../../platform/db.ts'
import { AppError, businessRule } from '../../platform/errors.ts'
import { publish } from '../../platform/events.ts'
import { type Caller, isAdmin, programOf } from '../access.ts'
import { isDraft, type ProgramStatus, type ProgramType, programStatuses, programTypes } from '../codes.ts'
import { type ProgramRow, updateProgramRow } from '../db/programs.ts'
import { programBlocked } from '../errors.ts'
import { programStatusChanged } from '../events.ts'
import { hasValidatedMethod } from '../methods.ts'
import { type TransitionKind, transition } from '../status-machine.ts'
import { stepRefusal } from '../step-checks.ts'

export interface UpdateProgramInput {
  title?: string | undefined
  description?: string | undefined
  currency?: string | undefined
  status?: ProgramStatus | undefined
}

/**
 * Changes a program's details and/or moves it through the status machine (`status-machine.ts`):
 * wizard steps, activation, block and unblock. The owner changes their own programs; an admin may
 * only block and unblock (any program). A blocked program's details stay as they are until it is
 * unblocked; the currency is fixed once the program is past the drafts (money was taken in it).
 * Runs with the program row locked, so two status changes never interleave.
 */
export async function updateProgram(
  db: Db,
  ctx: RequestContext,
  me: Caller,
  programId: string,
  input: UpdateProgramInput,
): Promise<{ program: ProgramRow; kind: TransitionKind }> {
  const result = await db
    .transaction()
    .execute(async (trx) => updateProgramIn(trx, ctx, me, programId, input))
  logChange(ctx, programId, result)
  return { program: result.program, kind: result.kind }
}

/**
 * `updateProgram` inside the caller's transaction, for a module whose own change moves the
 * program along (the cards module: choosing a card type is draftStep2, complete card settings
 * draftStep3). Same rules, same lock on the program row, the same `programs.program.status-changed`
 * event, which is delivered only if the caller's transaction commits (the caller logs the change
 * after its commit).
 */
export async function updateProgramIn(
  trx: Trx,
  ctx: RequestContext,
  me: Caller,
  programId: string,
  input: UpdateProgramInput,
): Promise<{ program: ProgramRow; kind: TransitionKind; from: number }> {
  const row = await programOf(trx, me, programId, { lock: true, admin: true })
  const details = input.title !== undefined || input.description !== undefined || input.currency !== undefined
  if (details && isAdmin(me)) {
    throw new AppError('forbidden', 'administrators may only block and unblock programs', {
      reason: 'admin_may_only_block',
    })
  }
  if (details && row.status === programStatuses.blocked) throw programBlocked()
  if (input.currency !== undefined && input.currency !== row.currency && !isDraft(row.status)) {
    throw businessRule('the currency can only be changed while the program is a draft', 'currency_locked')
  }

  let kind: TransitionKind = 'none'
  let status = row.status as ProgramStatus
  if (input.status !== undefined) {
    const t = transition({
      type: row.type as ProgramType,
      from: row.status as ProgramStatus,
      to: input.status,
      by: isAdmin(me) ? 'admin' : 'owner',
      blockedByType: row.blocked_by_type,
      statusBeforeBlock: row.status_before_block as ProgramStatus | null,
      methodValidated:
        row.type === programTypes.paymentManagement ? await hasValidatedMethod(trx, row.id) : undefined,
    })
    if (!t.ok) throw new AppError(t.code, t.message, { reason: t.reason })
    const forward = t.kind === 'activate' || (t.kind === 'draft' && t.status > row.status)
    const refusal = forward
      ? await stepRefusal(trx, { id: row.id, type: row.type as ProgramType }, t.status)
      : null
    if (refusal) throw businessRule(refusal.message, refusal.reason)
    kind = t.kind
    status = t.status
  }

  const set = {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.currency !== undefined ? { currency: input.currency } : {}),
    ...(kind !== 'none' ? { status } : {}),
    ...(kind === 'block'
      ? { blocked_by_type: me.user_type, status_before_block: row.status, blocked_at: new Date() }
      : {}),
    ...(kind === 'unblock' ? { blocked_by_type: null, status_before_block: null, blocked_at: null } : {}),
    ...(kind === 'activate' ? { activated_at: new Date() } : {}),
  }
  const program = Object.keys(set).length ? await updateProgramRow(trx, row.id, set) : row
  if (kind !== 'none') {
    await publish(
      trx,
      programStatusChanged,
      { program_id: row.id, type: row.type, from: row.status, to: program.status },
      ctx,
    )
  }
  return { program, kind, from: row.status }
}

function logChange(
  ctx: RequestContext,
  programId: string,
  result: { program: ProgramRow; kind: TransitionKind; from: number },
) {
  if (result.kind !== 'none') {
    ctx.log.info(
      { program_id: programId, from: result.from, to: result.program.status, kind: result.kind },
      'program status changed',
    )
  }
}
