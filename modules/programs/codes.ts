import { v5 } from 'uuid'

/**
 * The ids of the specification (sections 1, 4 and 9): program types, program statuses and
 * acceptor statuses, plus the small lists `manager/commons` serves. The `title` of each is a stable
 * key (the specification's name, e.g. `draftStep1`) that the portals translate; descriptions are
 * localized by `labels.ts`.
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

const nameOf = <T extends Record<string, number>>(table: T, id: number) =>
  (Object.entries(table).find(([, v]) => v === id)?.[0] ?? null) as keyof T | null

export const programTypeName = (id: number) => nameOf(programTypes, id) as ProgramTypeName
export const programStatusName = (id: number) => nameOf(programStatuses, id) as ProgramStatusName
export const acceptorStatusName = (id: number) => nameOf(acceptorStatuses, id) as AcceptorStatusName

/**
 * Statuses carry a uuid in the specification (`status {id, uuid, title, description}`): a
 * name-based one (v5), the same on every machine, so clients may keep it.
 */
const namespace = v5('programs.cardpay', v5.DNS)
export const statusUuid = (id: number) => v5(`status:${id}`, namespace)
export const reminderTemplateUuid = (id: number) => v5(`reminder-template:${id}`, namespace)

/**
 * The creation step a draft resumes at (spec section 4): draftStep1 is step 1, draftStep2 and
 * draftStep3 are step 2; a program not saved yet (no status) is at step 0. Null once it is past
 * the drafts.
 */
export function stepOf(status: number): 0 | 1 | 2 | null {
  if (status === programStatuses.draftStep1) return 1
  if (status === programStatuses.draftStep2 || status === programStatuses.draftStep3) return 2
  return null
}
