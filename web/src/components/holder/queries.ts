import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { type Answer, api } from '~/lib/api.ts'
import type { Schema } from '~/lib/api-types.gen.ts'

/**
 * The card holder's program screens (`GET card/programs`, `card/programs/{uuid}`): the card
 * programs open to card holders, with their card and the businesses taking it.
 */
export type PublicProgram = Schema<'PublicCardProgram'>

export interface PublicProgramsSearch {
  search?: string | undefined
  page: number
}

export const publicProgramsPageSize = 20

export const publicProgramKeys = {
  all: ['public-programs'] as const,
  list: (search: PublicProgramsSearch) => [...publicProgramKeys.all, 'list', search] as const,
  detail: (uuid: string) => [...publicProgramKeys.all, 'detail', uuid] as const,
}

export const publicProgramsQueryOptions = (search: PublicProgramsSearch) =>
  queryOptions({
    queryKey: publicProgramKeys.list(search),
    queryFn: () =>
      api.get<Answer<'/card/programs'>>('/card/programs', {
        query: { search: search.search, page: search.page, size: publicProgramsPageSize },
      }),
    placeholderData: keepPreviousData,
  })

export const publicProgramQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: publicProgramKeys.detail(uuid),
    queryFn: async () =>
      (await api.get<Answer<'/card/programs/{uuid}'>>(`/card/programs/${encodeURIComponent(uuid)}`)).result,
  })
