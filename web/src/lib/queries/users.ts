import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Answer } from '../api.ts'
import { api } from '../api.ts'
import type { Profile, PublicProfile } from './types.ts'

/** The admin list's type filter, as the API names it. */
export const userTypeFilters = ['all', 'po', 'acc', 'ch', 'admin'] as const
export type UserTypeFilter = (typeof userTypeFilters)[number]

export interface UsersFilter {
  type: UserTypeFilter
  name?: string
  email?: string
  phone?: string
  page: number
}

export const usersPageSize = 20

export const userKeys = {
  all: ['users'] as const,
  list: (filter: UsersFilter) => [...userKeys.all, 'list', filter] as const,
  detail: (uuid: string) => [...userKeys.all, 'detail', uuid] as const,
}

export const usersQueryOptions = (filter: UsersFilter) =>
  queryOptions({
    queryKey: userKeys.list(filter),
    queryFn: () => {
      const { type, page, name, email, phone } = filter
      return api.get<Answer<'/user/users'>>('/user/users', {
        query: {
          type,
          page,
          size: usersPageSize,
          name: name?.trim(),
          email: email?.trim(),
          phone: phone?.trim(),
        },
      })
    },
    placeholderData: keepPreviousData,
  })

/** Anyone's public profile; for an admin the whole profile (with e-mail and the portal's fields). */
export const userQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: userKeys.detail(uuid),
    queryFn: () =>
      // An admin reads the whole profile; anyone else the public part.
      api.get<PublicProfile & Partial<Profile>>(`/user/users/${encodeURIComponent(uuid)}`),
  })
