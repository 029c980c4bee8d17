import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { type Answer, api } from '~/lib/api.ts'
import type { Schema } from '~/lib/api-types.gen.ts'
import { ledgerKeys } from '../finances/queries.ts'

/**
 * Shapes of the programs API (`manager/...`, see modules/programs/http) as the program screens read
 * them: the generated types of its OpenAPI document (web/src/lib/api-types.gen.ts).
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

/** A code of the API (`{ id, title, description }`): a program type. */
export type CodeObject = Schema<'ProgramType'>

/** A status of the API (`{ uuid, id, title, description }`). */
export type StatusObject = Schema<'Status'>

export type Person = Program['owner']

export type Program = Schema<'Program'>

export type ProgramBrief = Schema<'ProgramBrief'>

/** An invitation to a program, or an acceptor's place in it. */
export type ProgramAcceptor = Schema<'ProgramAcceptor'>

export type Cashpoint = Schema<'Cashpoint'>

/** `GET manager/acceptor-programs`: the acceptor's place in a program with their cashpoints in it. */
export type AcceptorProgram = Schema<'AcceptorProgram'>

export type ProgramMethod = Schema<'ProgramMethod'>

export type ProgramMethods = Schema<'ProgramMethods'>

/** `manager/program-providers`: a program's saved provider keys, shown masked. */
export type ProviderAccount = Schema<'ProgramProviderAccount'>

export type Currency = Schema<'CommonCurrency'>

export const programFilters = ['all', 'active', 'draft'] as const
export type ProgramFilter = (typeof programFilters)[number]

export interface ProgramsSearch {
  filter: ProgramFilter
  search?: string | undefined
  type?: ProgramTypeId | undefined
  owner?: string | undefined
  page: number
}

export const programsPageSize = 20
export const acceptorsPageSize = 20

export interface AcceptorsFilter {
  status?: AcceptorStatusFilter | undefined
  page: number
}

export const programKeys = {
  all: ['programs'] as const,
  lists: () => [...programKeys.all, 'list'] as const,
  list: (search: ProgramsSearch) => [...programKeys.lists(), search] as const,
  detail: (uuid: string) => [...programKeys.all, 'detail', uuid] as const,
  methods: (uuid: string) => [...programKeys.all, 'methods', uuid] as const,
  providers: (uuid: string) => [...programKeys.all, 'providers', uuid] as const,
  acceptors: (program: string) => [...programKeys.all, 'acceptors', program] as const,
  acceptorsPage: (program: string, filter: AcceptorsFilter) =>
    [...programKeys.acceptors(program), filter] as const,
  mine: () => [...programKeys.all, 'mine'] as const,
  invitation: (uuid: string, token: string | undefined) =>
    [...programKeys.all, 'invitation', uuid, token ?? ''] as const,
  currencies: () => [...programKeys.all, 'currencies'] as const,
}

const path = (uuid: string) => encodeURIComponent(uuid)

export const programsQueryOptions = (search: ProgramsSearch) =>
  queryOptions({
    queryKey: programKeys.list(search),
    queryFn: () =>
      api.get<Answer<'/manager/programs'>>('/manager/programs', {
        query: {
          filter: search.filter,
          search: search.search?.trim(),
          type: search.type,
          owner: search.owner,
          page: search.page,
          size: programsPageSize,
        },
      }),
    placeholderData: keepPreviousData,
  })

export const programQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: programKeys.detail(uuid),
    queryFn: async () =>
      (await api.get<Answer<'/manager/programs/{uuid}'>>(`/manager/programs/${path(uuid)}`)).result,
  })

export const programMethodsQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: programKeys.methods(uuid),
    queryFn: () =>
      api.get<Answer<'/manager/program-methods'>>('/manager/program-methods', { query: { program: uuid } }),
    staleTime: 0,
  })

/** A program's provider accounts, newest first (the newest of a provider is the one payments use). */
export const programProvidersQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: programKeys.providers(uuid),
    queryFn: () =>
      api.get<Answer<'/manager/program-providers'>>('/manager/program-providers', {
        query: { program: uuid },
      }),
  })

export const programAcceptorsQueryOptions = (program: string, filter: AcceptorsFilter) =>
  queryOptions({
    queryKey: programKeys.acceptorsPage(program, filter),
    queryFn: () =>
      api.get<Answer<'/manager/program-acceptors'>>('/manager/program-acceptors', {
        query: {
          program,
          status: filter.status ? acceptorStatuses[filter.status] : undefined,
          page: filter.page,
          size: acceptorsPageSize,
        },
      }),
    placeholderData: keepPreviousData,
  })

/** The acceptor portal's programs: live places (active, pending, blocked) with their cashpoints. */
export const acceptorProgramsQueryOptions = () =>
  queryOptions({
    queryKey: programKeys.mine(),
    queryFn: () =>
      api.get<Answer<'/manager/acceptor-programs'>>('/manager/acceptor-programs', { query: { size: 100 } }),
  })

/** One invitation, read with the link's token when it is not (yet) tied to the signed-in account. */
export const invitationQueryOptions = (uuid: string, token: string | undefined) =>
  queryOptions({
    queryKey: programKeys.invitation(uuid, token),
    queryFn: async () =>
      (
        await api.get<Answer<'/manager/program-acceptors/{uuid}'>>(
          `/manager/program-acceptors/${path(uuid)}`,
          {
            query: { invite_token: token },
          },
        )
      ).result,
    staleTime: 0,
  })

export const currenciesQueryOptions = () =>
  queryOptions({
    queryKey: programKeys.currencies(),
    queryFn: () => api.get<Answer<'/manager/commons/currencies'>>('/manager/commons/currencies'),
    staleTime: Number.POSITIVE_INFINITY,
  })

export const programEntriesPageSize = 10

/**
 * The ledger entries of one program (`GET payment/journals?sub_account=program:<uuid>`): every
 * journal, newest first. The ledger scopes an owner to their own programs' sub-accounts.
 */
export const programEntriesQueryOptions = (program: string, page: number) =>
  queryOptions({
    queryKey: [...ledgerKeys.all, 'program-entries', program, page] as const,
    queryFn: () =>
      api.get<Answer<'/payment/journals'>>('/payment/journals', {
        query: {
          sub_account: `program:${program},acceptor:${program}/*`,
          page,
          size: programEntriesPageSize,
        },
      }),
    placeholderData: keepPreviousData,
  })
