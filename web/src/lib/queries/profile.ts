import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Answer } from '../api.ts'
import { api } from '../api.ts'

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
    queryFn: () => api.get<Answer<'/user/profile'>>('/user/profile'),
  })

export const loginHistorySize = 10

export const loginHistoryQueryOptions = (page: number) =>
  queryOptions({
    queryKey: profileKeys.loginHistory(page),
    queryFn: () =>
      api.get<Answer<'/user/profile/login-history'>>('/user/profile/login-history', {
        query: { page, size: loginHistorySize },
      }),
    placeholderData: keepPreviousData,
  })

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.sessions(),
    queryFn: () => api.get<Answer<'/user/profile/sessions'>>('/user/profile/sessions'),
  })
