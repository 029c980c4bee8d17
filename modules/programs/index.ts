/**
 * Programs: the programs of all five types (card 1001, credit management 2001, payment management
 * 3001, foods 4001, food court 5001) and their life (draft steps, activation, block: spec section
 * 4, see status-machine.ts), the payment methods a program takes, the acceptors program owners
 * invite by e-mail and who accept or decline, the acceptors' cashpoints, and the `manager/commons`
 * lookups (statuses, currencies, value types, reminder templates, images). Other modules read
 * programs through the queries exported here: a program that is not active (blocked, expired,
 * a draft) takes no payments (`isProgramAcceptingPayments`).
 */
import { acceptorRegistered, displayNames } from '../identity/index.ts'
import { ownerLedgerScope, subAccountTitles } from '../ledger/index.ts'
import { type ProgramDirectory, programDirectory } from '../payments/index.ts'
import { defineModule } from '../platform/module.ts'
import { need, provide } from '../platform/ports.ts'
import { type ProgramType, programStatuses, programTypes } from './codes.ts'
import { attachInvitationsToAcceptor } from './commands/attach-invitations.ts'
import { programMethodRows } from './db/program-methods.ts'
import { acceptorsOfOwnerPrograms, programIdsOfOwner, programSubAccountTitles } from './db/programs.ts'
import { registerProgramsRoutes } from './http/routes.ts'
import { sendAcceptorInvitation } from './jobs/send-invitation.ts'
import { noStepsOfItsOwn, programStepChecks } from './ports.ts'
import { acceptorStanding, findProgram } from './queries/programs.ts'
import './mail/index.ts'
import { programsErrors } from './errors.ts'

export {
  type AcceptorStatus,
  acceptorStatuses,
  type ProgramStatus,
  type ProgramType,
  programStatuses,
  programTypes,
  stepOf,
} from './codes.ts'
export { type CreateProgramInput, createProgram } from './commands/create-program.ts'
export { type UpdateProgramInput, updateProgramIn } from './commands/update-program.ts'
export { acceptorInvited, acceptorStatusChanged, programStatusChanged } from './events.ts'
export {
  type ReminderTemplateDefinition,
  reminderPlaceholders,
  reminderTemplates,
} from './mail/reminder-templates.ts'
export { hasValidatedMethod, type MethodSetting, programMethodSettings } from './methods.ts'
export { noStepsOfItsOwn, programStepChecks, type StepCheck } from './ports.ts'
export { type ProgramImageSummary, programImage, programImageUrl } from './queries/images.ts'
export { type ListedProgram, listedProgram, listedPrograms } from './queries/listed-programs.ts'
export {
  type ProgramCard,
  programCards,
  programsOwnedBy,
  programsTakenPartIn,
} from './queries/memberships.ts'
export {
  acceptorStanding,
  activeAcceptorProgramsQuery,
  type CashpointSummary,
  cashpointInFilter,
  findCashpoint,
  findProgram,
  isActiveAcceptor,
  isProgramAcceptingPayments,
  lockProgram,
  type ProgramSummary,
  programFactsQuery,
  programInFilter,
} from './queries/programs.ts'
export { transition } from './status-machine.ts'

/** What payments know of a program (`payments.program-directory`). */
const directory: ProgramDirectory = {
  async find(db, uuid) {
    const program = await findProgram(db, uuid)
    return (
      program && {
        owner_user_id: program.owner_user_id,
        title: program.title,
        currency: program.currency,
        accepting_payments: program.status === programStatuses.active,
      }
    )
  },
  acceptorStanding,
  async usedMethods(db, uuid) {
    return (await programMethodRows(db, uuid)).flatMap((m) =>
      m.is_used && m.provider_id ? [{ method_id: m.method_id, provider_id: m.provider_id }] : [],
    )
  },
}

/** The types whose steps are all programs' own (a payment program's: a validated method). */
const ownStepTypes: ProgramType[] = [programTypes.paymentManagement]

export const programsModule = defineModule({
  name: 'programs',
  errors: programsErrors,
  offers: [programStepChecks],
  provides: [
    provide(programDirectory, directory),
    // A program owner reads the ledger entries of their programs' sub-accounts, and what each
    // program owes its acceptors (their sub-account per program: `<program>/<acceptor>`).
    provide(ownerLedgerScope, async (db, ownerUserId) => [
      ...(await programIdsOfOwner(db, ownerUserId)).map((id) => ({
        kind: 'program' as const,
        external_id: id,
      })),
      ...(await acceptorsOfOwnerPrograms(db, ownerUserId)).map((a) => ({
        kind: 'acceptor' as const,
        external_id: `${a.program_id}/${a.acceptor_user_id}`,
      })),
    ]),
    // The ledger's screens name a program's sub-account by the program's title, not its id, and an
    // acceptor's in a program by the acceptor's name and the program's title.
    provide(subAccountTitles, (db, keys) => programSubAccountTitles(db, keys, displayNames)),
    // A new acceptor account gets the invitations waiting for it.
    provide(acceptorRegistered, attachInvitationsToAcceptor),
    ...ownStepTypes.map((type) => provide(programStepChecks, { type, check: noStepsOfItsOwn })),
  ],
  // A card program's steps are its card's; a credit program's its ladder's; a food program's its
  // restaurant's and menu's; a food court's its court's.
  needs: [
    need(programStepChecks, { from: 'cards', key: programTypes.card }),
    need(programStepChecks, { from: 'credit', key: programTypes.creditManagement }),
    need(programStepChecks, { from: 'food', key: programTypes.foodsManagement }),
    need(programStepChecks, { from: 'food-court', key: programTypes.foodCourtManagement }),
  ],
  routes: (app) => registerProgramsRoutes(app),
  handlers: [sendAcceptorInvitation],
})
