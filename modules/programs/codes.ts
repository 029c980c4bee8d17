import { v5 } from 'uuid'
import type { AcceptorStatusName, ProgramStatusName, ProgramTypeName } from './shared.ts'
import { acceptorStatuses, programStatuses, programTypes } from './shared.ts'

/**
 * The ids of the specification live in `shared.ts` (the web app imports them from there); this file
 * adds the names and uuids the server gives them.
 */
export * from './shared.ts'

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
