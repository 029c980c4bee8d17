import { isServer, QueryClient } from '@tanstack/react-query'
import { ApiError } from '../api.ts'

/** How often a failed query is tried again in the browser: a server error or no answer at all. */
export const maxQueryRetries = 2

/**
 * Whether a failed query is worth another try. Never an answer the API gave on purpose (4xx: not
 * found, not allowed, bad input): asking again gets the same answer. A server error (5xx) or no
 * answer at all (status 0, the network) may pass, so those are tried twice more.
 */
export function retryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  return failureCount < maxQueryRetries
}

/**
 * The query client of one router: a fresh one per request on the server (never shared between
 * visitors), one for the page's life in the browser.
 *
 * - `retry`: see `retryQuery`; on the server none, since a page should not wait seconds for
 *   retries: the browser asks again if the screen needs it.
 * - `retryOnMount: false`: a query that failed is not fetched again just because another component
 *   showing it mounts. A screen that swaps its content for a spinner while fetching and mounts a
 *   component reading the same query on error would otherwise fetch, fail, remount, fetch, … (the
 *   "Loading…" forever at some 140 failing requests a second a draft link to a deleted program
 *   once caused). Route loaders and "Try again" buttons still fetch a failed query again.
 * - `staleTime`: answers loaded for the page (route loaders, server rendering) are not fetched
 *   again as soon as the page hydrates.
 */
export function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: isServer ? false : retryQuery,
        retryOnMount: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })
}
