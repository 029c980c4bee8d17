/**
 * Programs: the programs of all five types (card 1001, credit management 2001, payment management
 * 3001, foods 4001, food court 5001) and their life (draft steps, activation, block: spec section
 * 4, see status-machine.ts), the payment methods a program takes, the acceptors program owners
 * invite by e-mail and who accept or decline, the acceptors' cashpoints, and the `manager/commons`
 * lookups (statuses, currencies, value types, reminder templates, images). Other modules read
 * programs through the queries exported here: a program that is not active (blocked, expired,
 * a draft) takes no payments (`isProgramAcceptingPayments`).
 */
import { registerOwnerLedgerScope } from '../ledger/index.ts'
import { hasProgramAccount, registerProgramDirectory } from '../payments/index.ts'
import { defineModule } from '../platform/module.ts'
import { programStatuses } from './codes.ts'
import { programMethodRows } from './db/program-methods.ts'
import { acceptorsOfOwnerPrograms, programIdsOfOwner } from './db/programs.ts'
import { registerProgramsRoutes } from './http/routes.ts'
import { sendAcceptorInvitation } from './jobs/send-invitation.ts'
import { registerProgramMethodCheck } from './methods.ts'
import { findProgram, isActiveAcceptor } from './queries/programs.ts'
import './mail/index.ts'

export {
  type AcceptorStatus,
  acceptorStatuses,
  type ProgramStatus,
  type ProgramType,
  programStatuses,
  programTypes,
  stepOf,
} from './codes.ts'
export { attachInvitationsToAcceptor } from './commands/attach-invitations.ts'
export { type UpdateProgramInput, updateProgramIn } from './commands/update-program.ts'
export { acceptorInvited, acceptorStatusChanged, programStatusChanged } from './events.ts'
export {
  hasValidatedMethod,
  type MethodCheck,
  type MethodSetting,
  registerProgramMethodCheck,
} from './methods.ts'
export { type ProgramImageSummary, programImage, programImageUrl } from './queries/images.ts'
export {
  acceptorStanding,
  type CashpointSummary,
  findCashpoint,
  findProgram,
  isActiveAcceptor,
  isProgramAcceptingPayments,
  lockProgram,
  type ProgramSummary,
} from './queries/programs.ts'
export { transition } from './status-machine.ts'
export { registerProgramStepCheck, type StepCheck } from './step-checks.ts'

// A program owner reads the ledger entries of their programs' sub-accounts.
registerOwnerLedgerScope(async (db, ownerUserId) => [
  ...(await programIdsOfOwner(db, ownerUserId)).map((id) => ({ kind: 'program' as const, external_id: id })),
  // What each program owes its acceptors (their sub-account per program: `<program>/<acceptor>`).
  ...(await acceptorsOfOwnerPrograms(db, ownerUserId)).map((a) => ({
    kind: 'acceptor' as const,
    external_id: `${a.program_id}/${a.acceptor_user_id}`,
  })),
])

registerProgramDirectory({
  async find(db, uuid) {
    const program = await findProgram(db, uuid)
    return (
      program && {
        owner_user_id: program.owner_user_id,
        currency: program.currency,
        accepting_payments: program.status === programStatuses.active,
      }
    )
  },
  isActiveAcceptor,
  async usedMethods(db, uuid) {
    return (await programMethodRows(db, uuid)).flatMap((m) =>
      m.is_used && m.provider_id ? [{ method_id: m.method_id, provider_id: m.provider_id }] : [],
    )
  },
})

// A used method validates only when the program has keys for its provider (payments checks them
// with the provider when they are saved: manager/program-providers).
registerProgramMethodCheck((db, programId, setting) =>
  setting.provider_id ? hasProgramAccount(db, programId, setting.provider_id) : Promise.resolve(false),
)

export const programsModule = defineModule({
  name: 'programs',
  routes: (app) => registerProgramsRoutes(app),
  handlers: [sendAcceptorInvitation],
})
