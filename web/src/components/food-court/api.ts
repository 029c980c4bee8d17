import type { QueryClient } from '@tanstack/react-query'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '~/lib/api.ts'

/**
 * The food court side of the food API (`/api/v1/food/...`, docs/food-court.md): the court (program
 * type 5001) beside its program, its invitations of restaurants (spec food.md sections 3, 4 and 7),
 * the restaurant's side of an invitation with the provider's onboarding (`ccv-onboarding`), and the
 * settlement statement per restaurant and period. Answers are unwrapped from `result` / `results`.
 */

export interface CourtImage {
  uuid: string
  path: string
  url?: string | undefined
}

export interface FoodCourt {
  uuid: string
  title: string
  description: string
  address: string
  can_pickup_in_rest: boolean
  image: CourtImage | null
  domain_name: string | null
  currency: string
  /** `food_court_min_order_amount`, minor units. */
  min_order_amount: number | null
  /** 0–100, or null; only one of percent and fixed. */
  split_fee_percent: number | null
  /** Minor units, or null. */
  split_fee_fixed: number | null
  external_reference: string | null
  /** The court's provider account (the super merchant) split payments are routed through. */
  provider: string | null
  provider_account: string | null
}

/** Invitation statuses (spec section 4). */
export const inviteStatuses = { unsent: 0, pending: 1, active: 2, declined: 3 } as const
export type InviteStatus = (typeof inviteStatuses)[keyof typeof inviteStatuses]
export const inviteFilters = ['all', 'active', 'pending', 'declined'] as const
export type InviteFilter = (typeof inviteFilters)[number]

/** One restaurant as the court sees it: its invitation and whether it can receive payouts. */
export interface CourtInvite {
  invite_uuid: string | null
  /** The restaurant's food program. */
  program_uuid: string
  title: string
  domain_name: string | null
  status: InviteStatus
  ccvpay_url: string | null
  ccvpay_status: string | null
  is_split_payments_enabled: boolean
}

export interface InviteCounts {
  active: number
  pending: number
  declined: number
}

/** An invitation as the invited restaurant sees it: the court and its terms. */
export interface RestaurantInvite {
  invite_uuid: string
  /** The court's program. */
  food_court_uuid: string
  title: string
  description: string
  domain_name: string | null
  status: InviteStatus
  currency: string
  split_fee_percent: number | null
  split_fee_fixed: number | null
  min_order_amount: number | null
  ccvpay_url: string | null
  ccvpay_status: string | null
  is_split_payments_enabled: boolean
}

export interface Page<T> {
  count: number
  pages: number
  results: T[]
}

export interface StatementLine {
  date: string
  kind: 'order' | 'court_fee' | 'refund' | 'payout'
  order_uuid: string | null
  order_number: string | null
  amount: number
  ledger_entry_uuid: string | null
}

export interface Statement {
  restaurant_uuid: string
  title: string
  currency: string
  from: string
  to: string
  lines: StatementLine[]
  totals: { orders: number; court_fees: number; refunds: number; payouts: number; open: number }
  ledger_total: number
  difference: number
  reconciled: boolean
}

const at = (uuid: string) => encodeURIComponent(uuid)

export const courtKeys = {
  all: ['food-court'] as const,
  court: (uuid: string) => ['food-court', 'court', uuid] as const,
  invites: (uuid: string) => ['food-court', 'invites', uuid] as const,
  inviteList: (uuid: string, filter: InviteFilter, search: string, page: number) =>
    ['food-court', 'invites', uuid, filter, search, page] as const,
  counts: (uuid: string) => ['food-court', 'invites', uuid, 'count'] as const,
  received: (restaurant: string) => ['food-court', 'received', restaurant] as const,
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
        query: {
          program_uuid: court,
          status: filter === 'all' ? undefined : inviteStatuses[filter],
          title: search || undefined,
          page,
        },
      }),
    placeholderData: keepPreviousData,
  })

export const inviteCountsQueryOptions = (court: string) =>
  queryOptions({
    queryKey: courtKeys.counts(court),
    queryFn: async () =>
      (await api.get<{ result: InviteCounts }>('/food/invite/count', { query: { program_uuid: court } }))
        .result,
  })

export async function sendInvite(court: string, restaurant: string): Promise<CourtInvite> {
  return (
    await api.post<{ result: CourtInvite }>('/food/invite', {
      program_uuid: court,
      restaurant_uuid: restaurant,
    })
  ).result
}

/** Withdraws a pending invitation, or removes a restaurant from the court (`all`: back to unsent). */
export async function removeInvite(court: string, restaurant: string): Promise<void> {
  await api('/food/invite', {
    method: 'DELETE',
    body: { program_uuid: court, restaurant_uuid: restaurant },
  })
}

/** The invitations a restaurant received from food courts. */
export const receivedInvitesQueryOptions = (restaurant: string) =>
  queryOptions({
    queryKey: courtKeys.received(restaurant),
    queryFn: async () =>
      (await api.get<{ results: RestaurantInvite[] }>(`/food/invite/${at(restaurant)}`)).results,
  })

/** The restaurant answers an invitation: accept (active) or decline. */
export async function answerInvite(
  restaurant: string,
  court: string,
  status: InviteStatus,
): Promise<RestaurantInvite> {
  return (
    await api.post<{ result: RestaurantInvite }>(`/food/invite/${at(restaurant)}`, {
      program_uuid: court,
      status,
    })
  ).result
}

/** Starts (or resumes) the restaurant's onboarding at the court's provider: the page to go to. */
export async function startOnboarding(restaurant: string, court: string): Promise<{ url: string }> {
  return (
    await api.post<{ result: { url: string } }>('/food/ccv-onboarding', {
      program_uuid: restaurant,
      food_court: court,
      return_url: typeof window === 'undefined' ? undefined : window.location.href,
    })
  ).result
}

export const statementQueryOptions = (court: string, restaurant: string, from: string, to: string) =>
  queryOptions({
    queryKey: courtKeys.statement(court, restaurant, from, to),
    queryFn: async () =>
      (
        await api.get<{ result: Statement }>(`/food/courts/${at(court)}/statement`, {
          query: { restaurant_uuid: restaurant, from, to },
        })
      ).result,
    enabled: Boolean(restaurant),
  })

export function invitesChanged(queryClient: QueryClient, court: string) {
  void queryClient.invalidateQueries({ queryKey: courtKeys.invites(court) })
}
