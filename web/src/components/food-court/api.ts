import type { QueryClient } from '@tanstack/react-query'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '~/lib/api.ts'
import type { Schema } from '~/lib/api-types.gen.ts'

/**
 * The food court side of the food API (`/api/v1/food/...`, docs/food-court.md): the court (program
 * type 5001) beside its program, its invitations of restaurants (spec food.md sections 3, 4 and 7),
 * the restaurant's side of an invitation with the provider's onboarding (`ccv-onboarding`), the
 * court's orders with their sub-orders, daily totals with the court fee, and the settlement
 * statement per restaurant and period. Answers are unwrapped from `result` / `results`.
 */

export type FoodCourt = Schema<'FoodCourt'>

/** Invitation statuses (spec section 4). */
export const inviteStatuses = { unsent: 0, pending: 1, active: 2, declined: 3 } as const
export type InviteStatus = (typeof inviteStatuses)[keyof typeof inviteStatuses]
export const inviteFilters = ['all', 'active', 'pending', 'declined'] as const
export type InviteFilter = (typeof inviteFilters)[number]
export type OnboardingStatus = CourtInvite['ccvpay_status']

/** One restaurant as the court sees it: its invitation and whether it can receive payouts. */
export type CourtInvite = Schema<'FoodCourtInvite'>

export type InviteCounts = Schema<'FoodCourtInviteCounts'>

/** The terms of a court as an invited restaurant reads them. */
export type CourtTerms = Invitation['court']

/** An invitation as the invited restaurant sees it: the court and its terms. */
export type Invitation = Schema<'FoodCourtInvitation'>

/** Where the accept flow stands: 2 processing, 3 success (go to `ccvpay_url`), 4 failure (reset). */
export type Onboarding = Schema<'FoodCourtOnboarding'>

export interface Page<T> {
  count: number
  pages: number
  results: T[]
}

export type SubOrder = Schema<'FoodCourtSubOrder'>

export type CourtOrder = Schema<'FoodCourtOrder'>

export type CourtDailyTotal = Schema<'FoodCourtDailyTotal'>

export type StatementLine = Statement['lines'][number]

export type Statement = Schema<'FoodCourtStatement'>

const at = (uuid: string) => encodeURIComponent(uuid)

export const courtKeys = {
  all: ['food-court'] as const,
  court: (uuid: string) => ['food-court', 'court', uuid] as const,
  invites: (uuid: string) => ['food-court', 'invites', uuid] as const,
  inviteList: (uuid: string, filter: InviteFilter, search: string, page: number) =>
    ['food-court', 'invites', uuid, filter, search, page] as const,
  counts: (uuid: string) => ['food-court', 'invites', uuid, 'count'] as const,
  received: (restaurant: string) => ['food-court', 'received', restaurant] as const,
  invitation: (uuid: string) => ['food-court', 'invitation', uuid] as const,
  onboarding: (restaurant: string, court: string) => ['food-court', 'onboarding', restaurant, court] as const,
  orders: (court: string) => ['food-court', 'orders', court] as const,
  orderList: (court: string, view: { active: boolean; date?: string | undefined; page: number }) =>
    ['food-court', 'orders', court, 'list', view] as const,
  totals: (court: string, page: number) => ['food-court', 'orders', court, 'totals', page] as const,
  statement: (court: string, restaurant: string, from: string, to: string) =>
    ['food-court', 'statement', court, restaurant, from, to] as const,
}

export const courtQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: courtKeys.court(uuid),
    queryFn: async () => (await api.get<{ result: FoodCourt }>(`/food/courts/${at(uuid)}`)).result,
  })

export type CourtChange = Record<string, unknown>

export async function saveCourt(uuid: string, change: CourtChange): Promise<FoodCourt> {
  return (await api.patch<{ result: FoodCourt }>(`/food/courts/${at(uuid)}`, change)).result
}

export const invitesPageSize = 20

/** The court's invitations; `all` lists every restaurant that can be invited, unsent ones too. */
export const invitesQueryOptions = (court: string, filter: InviteFilter, search: string, page: number) =>
  queryOptions({
    queryKey: courtKeys.inviteList(court, filter, search, page),
    queryFn: () =>
      api.get<Page<CourtInvite>>('/food/invite', {
        query: { program_uuid: court, status: filter, title: search || undefined, page },
      }),
    placeholderData: keepPreviousData,
  })

export const inviteCountsQueryOptions = (court: string) =>
  queryOptions({
    queryKey: courtKeys.counts(court),
    queryFn: () => api.get<InviteCounts>('/food/invite/count', { query: { program_uuid: court } }),
  })

export async function sendInvite(court: string, restaurant: string): Promise<CourtInvite> {
  return (
    await api.post<{ result: CourtInvite }>('/food/invite', {
      program_uuid: court,
      restaurant_uuid: restaurant,
    })
  ).result
}

/**
 * Withdraws a pending invitation or removes a restaurant: from the `all` list it becomes unsent,
 * from the other lists the invitation is deleted (spec section 4).
 */
export async function removeInvite(court: string, restaurant: string, list: InviteFilter): Promise<void> {
  await api('/food/invite', {
    method: 'DELETE',
    body: { program_uuid: court, restaurant_uuid: restaurant, list },
  })
}

/** The invitations a restaurant received from food courts. */
export const receivedInvitesQueryOptions = (restaurant: string) =>
  queryOptions({
    queryKey: courtKeys.received(restaurant),
    queryFn: async () =>
      (
        await api.get<Page<Invitation>>('/food/invitations', {
          query: { program_uuid: restaurant, size: 100 },
        })
      ).results,
  })

/** One invitation with the court's terms (accept flow step 1); withdrawn: 404 `notFount`. */
export const invitationQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: courtKeys.invitation(uuid),
    queryFn: async () => (await api.get<{ result: Invitation }>(`/food/invitations/${at(uuid)}`)).result,
    retry: false,
  })

/** The restaurant declines an invitation (accepting goes through `startOnboarding`). */
export async function declineInvite(restaurant: string, court: string): Promise<Invitation> {
  return (
    await api.post<{ result: Invitation }>(`/food/invite/${at(restaurant)}`, {
      program_uuid: court,
      status: inviteStatuses.declined,
    })
  ).result
}

/**
 * Accepts the invitation and starts (or resumes) the restaurant's onboarding at the court's
 * provider: step 3 with the page to go to, or step 4 when the provider refused (reset).
 */
export async function startOnboarding(
  restaurant: string,
  court: string,
  returnUrl?: string,
): Promise<Onboarding> {
  return (
    await api.post<{ result: Onboarding }>('/food/ccv-onboarding', {
      food_court: court,
      restaurant_uuid: restaurant,
      ...(returnUrl ? { return_url: returnUrl } : {}),
    })
  ).result
}

/** Asks the provider now where the onboarding stands (after its page sent the owner back). */
export async function onboardingState(restaurant: string, court: string): Promise<Onboarding> {
  return (
    await api.get<{ result: Onboarding }>('/food/ccv-onboarding', {
      query: { food_court: court, restaurant_uuid: restaurant },
    })
  ).result
}

export const courtOrdersQueryOptions = (
  court: string,
  view: { active: boolean; date?: string | undefined; page: number },
) =>
  queryOptions({
    queryKey: courtKeys.orderList(court, view),
    queryFn: () =>
      api.get<Page<CourtOrder>>(`/food/courts/${at(court)}/orders`, {
        query: view.active
          ? { active_view: 'true', page: view.page }
          : { date: view.date || undefined, page: view.page },
      }),
    placeholderData: keepPreviousData,
  })

export const courtDailyTotalsQueryOptions = (court: string, page: number) =>
  queryOptions({
    queryKey: courtKeys.totals(court, page),
    queryFn: () =>
      api.get<Page<CourtDailyTotal>>(`/food/courts/${at(court)}/daily-totals`, { query: { page } }),
    placeholderData: keepPreviousData,
  })

export const courtOrdersCsvPath = (court: string) => `/food/courts/${at(court)}/orders.csv`

export const statementQueryOptions = (court: string, restaurant: string, from: string, to: string) =>
  queryOptions({
    queryKey: courtKeys.statement(court, restaurant, from, to),
    queryFn: async () =>
      (
        await api.get<{ result: Statement }>(`/food/courts/${at(court)}/settlement`, {
          query: { restaurant_uuid: restaurant, start_date: from, end_date: to },
        })
      ).result,
  })

/** A restaurant's own statement of its court orders (staff of the restaurant). */
export const ownStatementQueryOptions = (restaurant: string, from: string, to: string) =>
  queryOptions({
    queryKey: courtKeys.statement('own', restaurant, from, to),
    queryFn: async () =>
      (
        await api.get<{ result: Statement }>(`/food/programs/${at(restaurant)}/settlement`, {
          query: { start_date: from, end_date: to },
        })
      ).result,
  })

export function invitesChanged(queryClient: QueryClient, court: string) {
  void queryClient.invalidateQueries({ queryKey: courtKeys.invites(court) })
}
