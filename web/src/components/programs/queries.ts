import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { type Answer, api } from '~/lib/api.ts'
import type { Schema } from '~/lib/api-types.gen.ts'
import { ledgerKeys } from '../finances/queries.ts'

/**
 * Shapes of the programs API (`manager/...`, see modules/programs/http) as the program screens read
 * them: the generated types of its OpenAPI document (web/src/lib/api-types.gen.ts).
 */

import {
  type AcceptorStatusFilter,
  acceptorStatuses,
  type ProgramFilterName,
  type ProgramType,
} from './codes.ts'

export * from './codes.ts'

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

export interface ProgramsSearch {
  filter: ProgramFilterName
  search?: string | undefined
  type?: ProgramType | undefined
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
