/**
 * The programs list's and routes' codes: the ids of the programs API (spec sections 1 and 4) come
 * from the programs module's `shared.ts`, one definition for server and web; what is only the web's
 * (the creation routes' slugs, the acceptor list's filters) is here. Plain values, apart from the
 * query options in queries.ts (which re-exports them), so that the routes' search readers and
 * `beforeLoad` checks, which are in the entry chunk every page loads, do not bring the programs'
 * query modules with them (README, Weight).
 */
import { type ProgramType, programTypes } from '../../../../modules/programs/shared.ts'

export {
  type AcceptorStatus,
  acceptorStatuses,
  isDraft,
  type ProgramFilterName,
  type ProgramStatus,
  type ProgramType,
  programFilters,
  programStatuses,
  programTypeIds,
  programTypes,
} from '../../../../modules/programs/shared.ts'

/** The slugs of the program types' creation routes (spec section 2). */
export const programTypeSlugs = ['card', 'cm', 'pm', 'food', 'food-court'] as const
export type ProgramTypeSlug = (typeof programTypeSlugs)[number]

export const typeOfSlug: Record<ProgramTypeSlug, ProgramType> = {
  card: programTypes.card,
  cm: programTypes.creditManagement,
  pm: programTypes.paymentManagement,
  food: programTypes.foodsManagement,
  'food-court': programTypes.foodCourtManagement,
}

export const slugOfType = (type: number): ProgramTypeSlug | undefined =>
  programTypeSlugs.find((slug) => typeOfSlug[slug] === type)

export const isProgramTypeSlug = (value: string): value is ProgramTypeSlug =>
  (programTypeSlugs as readonly string[]).includes(value)

export const acceptorStatusFilters = ['pending', 'active', 'rejected', 'unsubscribed', 'blocked'] as const
export type AcceptorStatusFilter = (typeof acceptorStatusFilters)[number]
