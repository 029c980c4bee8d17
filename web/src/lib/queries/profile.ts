import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '../api.ts'
import type { LoginHistoryEntry, Page, Profile, SessionEntry } from './types.ts'

/** Query keys of the signed-in user's own data; mutations invalidate by these prefixes. */
export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
  loginHistory: (page: number) => [...profileKeys.all, 'login-history', page] as const,
  sessions: () => [...profileKeys.all, 'sessions'] as const,
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.me(),
    queryFn: () => api.get<Profile>('/user/profile'),
  })

export const loginHistorySize = 10

export const loginHistoryQueryOptions = (page: number) =>
  queryOptions({
    queryKey: profileKeys.loginHistory(page),
    queryFn: () =>
      api.get<Page<LoginHistoryEntry>>('/user/profile/login-history', {
        query: { page, size: loginHistorySize },
      }),
    placeholderData: keepPreviousData,
  })

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.sessions(),
    queryFn: () => api.get<SessionEntry[]>('/user/profile/sessions'),
  })
