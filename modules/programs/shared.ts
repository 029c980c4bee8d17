/**
 * What the web app shares with the programs module (bundled into it: plain values only, see
 * .dependency-cruiser.mjs `shared-stays-pure`): the ids of the specification (sections 1, 4 and 9):
 * program types, program statuses and acceptor statuses, the small lists `manager/commons` serves,
 * and the programs list's filters. The `title` of each is a stable key (the specification's name,
 * e.g. `draftStep1`) that the portals translate; descriptions are localized by `labels.ts`.
 */
export const programTypes = {
  card: 1001,
  creditManagement: 2001,
  paymentManagement: 3001,
  foodsManagement: 4001,
  foodCourtManagement: 5001,
} as const
export type ProgramTypeName = keyof typeof programTypes
export type ProgramType = (typeof programTypes)[ProgramTypeName]
export const programTypeIds = Object.values(programTypes) as ProgramType[]

export const programStatuses = {
  active: 11001,
  draftStep1: 11002,
  draftStep2: 11003,
  draftStep3: 11004,
  pending: 11005,
  expired: 11006,
  blocked: 11007,
} as const
export type ProgramStatusName = keyof typeof programStatuses
export type ProgramStatus = (typeof programStatuses)[ProgramStatusName]
export const programStatusIds = Object.values(programStatuses) as ProgramStatus[]
export const draftStatuses: readonly ProgramStatus[] = [
  programStatuses.draftStep1,
  programStatuses.draftStep2,
  programStatuses.draftStep3,
]
export const isDraft = (status: number) => (draftStatuses as readonly number[]).includes(status)

export const acceptorStatuses = {
  active: 21001,
  pending: 21002,
  unsubscribed: 21003,
  rejected: 21004,
  blocked: 21005,
} as const
export type AcceptorStatusName = keyof typeof acceptorStatuses
export type AcceptorStatus = (typeof acceptorStatuses)[AcceptorStatusName]
export const acceptorStatusIds = Object.values(acceptorStatuses) as AcceptorStatus[]
/** Statuses in which an invitation or membership is live: at most one per address and program. */
export const liveAcceptorStatuses: readonly AcceptorStatus[] = [
  acceptorStatuses.active,
  acceptorStatuses.pending,
  acceptorStatuses.blocked,
]

/** The kinds of status `manager/commons/statuses` lists, keyed by the first two digits of their ids. */
export const statusTypes = { program: 11, acceptor: 21 } as const
export type StatusTypeName = keyof typeof statusTypes
export type StatusType = (typeof statusTypes)[StatusTypeName]

/** How a penalty or a value is given (design: the specification names value types but not their values). */
export const valueTypes = { amount: 1, percent: 2 } as const
export type ValueTypeName = keyof typeof valueTypes

/** When a bill reminder is sent, relative to the due date (spec section 3: "before or after due date"). */
export const reminderSenderTypes = { beforeDueDate: 1, afterDueDate: 2 } as const
export type ReminderSenderTypeName = keyof typeof reminderSenderTypes

/** The program list's `filter` (`manager/programs?filter=`). */
export const programFilters = ['all', 'active', 'draft'] as const
export type ProgramFilterName = (typeof programFilters)[number]
