import { queryOptions } from '@tanstack/react-query'
import { api } from '../api.ts'
import type { Country, Page } from './types.ts'

/** Every country, named in the interface language (one page holds them all). */
export const countriesQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: ['geo', 'countries', lang] as const,
    queryFn: async () =>
      (await api.get<Page<Country>>('/geo/countries', { query: { lang, size: 300 } })).results,
    staleTime: Number.POSITIVE_INFINITY,
  })
