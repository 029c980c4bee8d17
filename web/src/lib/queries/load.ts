import { type EnsureQueryDataOptions, isServer, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { ApiError } from '../api.ts'

/**
 * Loading a screen's data in its route's loader (the pattern is described in README.md, "Loading
 * data"): the loader asks the same query option factory the screen reads with `useQuery`, so on the
 * server the first HTML already carries the data (the router's query integration sends the cache
 * along), and in the browser a navigation shows the screen with its data instead of a skeleton.
 */

/** The API says there is no such object for this user: unknown, deleted, another tenant's (404), or an id that cannot be one (400). */
export const isMissing = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.status === 400)

export interface LoadOptions {
  /**
   * Whether a missing object (see `isMissing`) is the route's not-found state (`notFound()`, shown
   * by the route's `notFoundComponent`). Default true; false when the screen words such an answer
   * itself (the `/pay` page's refusals).
   */
  notFound?: boolean
}

/** How loading one query ended: its data, the object missing (404, 400), or another failure. */
export type Settled<T> = { status: 'success'; data: T } | { status: 'missing' } | { status: 'failed' }

/**
 * Loads one query for a route and says how it ended, for loaders that decide themselves what a
 * missing object means (try the next query, a not-found page). A failure is left to the screen,
 * which fetches it again in the browser and shows its own error state with "Try again". On the
 * server the failed query is dropped from the cache, so the page is rendered as the browser will
 * hydrate it (a failed answer is not sent along with the page).
 */
export async function settleQuery<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
): Promise<Settled<TData>> {
  try {
    return { status: 'success', data: await queryClient.ensureQueryData(options) }
  } catch (error) {
    if (isServer) queryClient.removeQueries({ queryKey: options.queryKey, exact: true })
    return isMissing(error) ? { status: 'missing' } : { status: 'failed' }
  }
}

/**
 * Loads one query for a route: its data, from the cache when there. A missing object throws the
 * route's `notFound()`; any other failure (a server error, a refusal) answers undefined and is left
 * to the screen (see `settleQuery`).
 */
export async function loadQuery<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
  { notFound: missingIsNotFound = true }: LoadOptions = {},
): Promise<TData | undefined> {
  const settled = await settleQuery(queryClient, options)
  if (settled.status === 'missing' && missingIsNotFound) throw notFound()
  return settled.status === 'success' ? settled.data : undefined
}

/**
 * `loadQuery` for a signed-in screen: nothing while nobody is signed in yet, as when the server
 * rendered a page whose session the browser still has to restore (the screen loads after that).
 */
export function loadSignedIn<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  context: { queryClient: QueryClient; session: unknown },
  options: EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
  loadOptions?: LoadOptions,
): Promise<TData | undefined> {
  if (!context.session) return Promise.resolve(undefined)
  return loadQuery(context.queryClient, options, loadOptions)
}
