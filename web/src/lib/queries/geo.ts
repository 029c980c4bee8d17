import { queryOptions } from '@tanstack/react-query'
import type { Answer } from '../api.ts'
import { api } from '../api.ts'

/** Every country, named in the interface language (one page holds them all). */
export const countriesQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: ['geo', 'countries', lang] as const,
    queryFn: async () =>
      (await api.get<Answer<'/geo/countries'>>('/geo/countries', { query: { lang, size: 300 } })).results,
    staleTime: Number.POSITIVE_INFINITY,
  })
