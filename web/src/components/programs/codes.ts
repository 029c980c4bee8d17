/**
 * The programs API's codes (spec sections 1 and 4) and the programs list's filters: plain values,
 * apart from the query options in queries.ts (which re-exports them), so that the routes' search
 * readers and `beforeLoad` checks, which are in the entry chunk every page loads, do not bring the
 * programs' query modules with them (README, Weight).
 */

/** Program types (spec section 1) and the slugs of their creation routes (spec section 2). */
export const programTypes = {
  card: 1001,
  creditManagement: 2001,
  paymentManagement: 3001,
  foodsManagement: 4001,
  foodCourtManagement: 5001,
} as const
export type ProgramTypeId = (typeof programTypes)[keyof typeof programTypes]
export const programTypeIds = Object.values(programTypes) as ProgramTypeId[]

export const programTypeSlugs = ['card', 'cm', 'pm', 'food', 'food-court'] as const
export type ProgramTypeSlug = (typeof programTypeSlugs)[number]

export const typeOfSlug: Record<ProgramTypeSlug, ProgramTypeId> = {
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

/** Program status ids (spec section 4). */
export const programStatuses = {
  active: 11001,
  draftStep1: 11002,
  draftStep2: 11003,
  draftStep3: 11004,
  pending: 11005,
  expired: 11006,
  blocked: 11007,
} as const
export type ProgramStatusId = (typeof programStatuses)[keyof typeof programStatuses]

export const isDraftStatus = (status: number) =>
  status === programStatuses.draftStep1 ||
  status === programStatuses.draftStep2 ||
  status === programStatuses.draftStep3

/** Acceptor status ids (spec section 4). */
export const acceptorStatuses = {
  active: 21001,
  pending: 21002,
  unsubscribed: 21003,
  rejected: 21004,
  blocked: 21005,
} as const
export type AcceptorStatusId = (typeof acceptorStatuses)[keyof typeof acceptorStatuses]
export const acceptorStatusFilters = ['pending', 'active', 'rejected', 'unsubscribed', 'blocked'] as const
export type AcceptorStatusFilter = (typeof acceptorStatusFilters)[number]

export const programFilters = ['all', 'active', 'draft'] as const
export type ProgramFilter = (typeof programFilters)[number]
