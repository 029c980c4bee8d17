import type { ErrorReason } from '../platform/errors.ts'
import {
  isDraft,
  type ProgramStatus,
  type ProgramType,
  programStatusName,
  programTypes,
  programStatuses as S,
} from './codes.ts'

/**
 * The program status machine (spec section 4, with what it leaves open decided here):
 *
 * - A program is saved at step 0 as draftStep1, for every type.
 * - Drafts move forward one step at a time (draftStep1 → draftStep2 → draftStep3) and back to any
 *   earlier draft step (a wizard step saved again, a card type changed: the card issue deletes the
 *   card first). Skipping a step is refused. For credit management these are "step 1 sets
 *   draftStep2, step 2 sets draftStep3"; for cards "choosing a type → draftStep2, card settings →
 *   draftStep3"; foods and food court follow the same three steps.
 * - A payment program reaches draftStep3 (and is activated) only with at least one validated
 *   payment method (`methodValidated`).
 * - Activation is explicit: draftStep3 → active, by the owner.
 * - Blocking (answered 202): active, pending or expired → blocked, by the owner (their own program)
 *   or an admin (any program). Drafts are deleted, not blocked.
 * - Unblocking (asking for `active`) returns the program to the status it had before the block: an
 *   admin may always; the owner only when the owner blocked it (an admin's block is not theirs to lift).
 * - pending and expired are set by the platform (card orders, program periods), never by a call.
 * - Asking for the current status changes nothing.
 */
export interface TransitionInput {
  type: ProgramType
  from: ProgramStatus
  to: ProgramStatus
  by: 'owner' | 'admin'
  /** Who blocked a blocked program: 1 its owner, 4 an admin. */
  blockedByType?: number | null
  statusBeforeBlock?: ProgramStatus | null
  /** Payment programs: at least one payment method validates. Only read for type 3001. */
  methodValidated?: boolean
}

export type TransitionKind = 'none' | 'draft' | 'activate' | 'block' | 'unblock'

export type TransitionResult =
  | { ok: true; status: ProgramStatus; kind: TransitionKind }
  | { ok: false; code: 'forbidden' | 'business_rule'; reason: ErrorReason; message: string }

const refuse = (
  reason: ErrorReason,
  message: string,
  code: 'forbidden' | 'business_rule' = 'business_rule',
) => ({ ok: false, code, reason, message }) as const

const blockable: readonly number[] = [S.active, S.pending, S.expired]

export function transition(input: TransitionInput): TransitionResult {
  const { type, from, to, by } = input
  const fromName = programStatusName(from)
  const toName = programStatusName(to)
  if (from === to) return { ok: true, status: from, kind: 'none' }

  if (to === S.blocked) {
    if (isDraft(from)) return refuse('draft_not_blockable', 'a draft cannot be blocked; delete it instead')
    if (!blockable.includes(from))
      return refuse('invalid_status_transition', `a ${fromName} program cannot be blocked`)
    return { ok: true, status: S.blocked, kind: 'block' }
  }

  if (from === S.blocked) {
    if (to !== S.active && to !== input.statusBeforeBlock) {
      return refuse(
        'invalid_status_transition',
        `a blocked program can only be unblocked, not set to ${toName}`,
      )
    }
    if (by === 'owner' && input.blockedByType !== 1) {
      return refuse(
        'blocked_by_admin',
        'this program was blocked by an administrator; only they can unblock it',
        'forbidden',
      )
    }
    return { ok: true, status: input.statusBeforeBlock ?? S.active, kind: 'unblock' }
  }

  if (by === 'admin') {
    return refuse('admin_may_only_block', 'administrators may only block and unblock programs', 'forbidden')
  }

  if (to === S.pending || to === S.expired) {
    return refuse('invalid_status_transition', `${toName} is set by the platform, not by a call`)
  }

  const needsMethod = type === programTypes.paymentManagement && (to === S.draftStep3 || to === S.active)
  if (needsMethod && !input.methodValidated) {
    return refuse(
      'no_validated_method',
      'a payment program needs at least one payment method in use with a provider that can take it',
    )
  }

  if (to === S.active) {
    if (from !== S.draftStep3) {
      return refuse(
        'invalid_status_transition',
        `only a completed draft (draftStep3) can be activated, not a ${fromName} one`,
      )
    }
    return { ok: true, status: S.active, kind: 'activate' }
  }

  // `to` is a draft status from here on.
  if (!isDraft(from)) {
    return refuse('invalid_status_transition', `a ${fromName} program cannot go back to a draft`)
  }
  if (to > from + 1) {
    return refuse(
      'invalid_status_transition',
      `a draft moves one step at a time: ${fromName} cannot become ${toName}`,
    )
  }
  return { ok: true, status: to, kind: 'draft' }
}
