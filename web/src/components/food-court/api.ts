import type { QueryClient } from '@tanstack/react-query'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '~/lib/api.ts'

/**
 * The food court side of the food API (`/api/v1/food/...`, docs/food-court.md): the court (program
 * type 5001) beside its program, its invitations of restaurants (spec food.md sections 3, 4 and 7),
 * the restaurant's side of an invitation with the provider's onboarding (`ccv-onboarding`), the
 * court's orders with their sub-orders, daily totals with the court fee, and the settlement
 * statement per restaurant and period. Answers are unwrapped from `result` / `results`.
 */

export interface FoodCourt {
  uuid: string
  title: string
  description: string
  status: number
  currency: string
  image: string | null
  image_url: string | null
  address: string
  phone: string
  can_pickup_in_rest: boolean
  time_zone: string
  domain_name: string | null
  /** The court's minimum for the whole cart, minor units. */
  food_court_min_order_amount: number
  /** 0–100, up to 2 decimals, or null; only one of percent and fixed. */
  split_payment_fee_percent: number | null
  /** Minor units, or null. */
  split_payment_fee_fixed: number | null
  super_merchant_username: string
  has_super_merchant_password: boolean
  external_reference: string
  payout_after_days: number
  provider: string
  restaurants_count: number
  restaurants_not_onboarded: number
}

/** Invitation statuses (spec section 4). */
export const inviteStatuses = { unsent: 0, pending: 1, active: 2, declined: 3 } as const
export type InviteStatus = (typeof inviteStatuses)[keyof typeof inviteStatuses]
export const inviteFilters = ['all', 'active', 'pending', 'declined'] as const
export type InviteFilter = (typeof inviteFilters)[number]
export type OnboardingStatus = 'none' | 'pending' | 'active' | 'failed'

/** One restaurant as the court sees it: its invitation and whether it can receive payouts. */
export interface CourtInvite {
  invite_uuid: string | null
  /** The restaurant's food program. */
  program_uuid: string
  title: string
  image_url: string | null
  address: string
  domain_name: string | null
  owner_email: string
  status: InviteStatus
  ccvpay_url: string | null
  ccvpay_status: OnboardingStatus
  is_split_payments_enabled: boolean
  updated_at: string | null
}

export interface InviteCounts {
  active: number
  pending: number
  declined: number
}

/** The terms of a court as an invited restaurant reads them. */
export interface CourtTerms {
  uuid: string
  title: string
  description: string
  image_url: string | null
  address: string
  domain_name: string | null
  currency: string
  food_court_min_order_amount: number
  split_payment_fee_percent: number | null
  split_payment_fee_fixed: number | null
  payout_after_days: number
  owner_name: string
}

/** An invitation as the invited restaurant sees it: the court and its terms. */
export interface Invitation {
  invite_uuid: string
  restaurant_uuid: string
  restaurant_title: string
  court: CourtTerms
  status: InviteStatus
  ccvpay_url: string | null
  ccvpay_status: OnboardingStatus
  is_split_payments_enabled: boolean
  created_at: string
  updated_at: string
}

/** Where the accept flow stands: 2 processing, 3 success (go to `ccvpay_url`), 4 failure (reset). */
export interface Onboarding {
  invite_uuid: string
  status: InviteStatus
  ccvpay_status: OnboardingStatus
  ccvpay_url: string | null
  is_split_payments_enabled: boolean
  step: 2 | 3 | 4
}

export interface Page<T> {
  count: number
  pages: number
  results: T[]
}

export interface SubOrder {
  uuid: string
  order_id: number
  restaurant_uuid: string
  restaurant_title: string
  order_status: number
  status_name: string
  products_total: number
  delivery_cost: number
  total: number
  food_court_fee: number
  payout_amount: number
  part_status: 'created' | 'held' | 'releasing' | 'paid_out' | 'refunding' | 'refunded' | 'failed'
  paid_out_at: string | null
  refunded_at: string | null
  items: { title: string; quantity: number; price: number }[]
}

export interface CourtOrder {
  uuid: string
  order_id: number
  court_uuid: string
  court_title: string
  order_status: number
  status_name: string
  currency: string
  total: number
  food_court_fee: number
  refunded: number
  pickup_in_restaurant: boolean
  name: string
  email: string
  phone: string
  order_date: string
  created: string
  paid_at: string | null
  payment_uuid: string | null
  food_court_suborders: SubOrder[]
}

export interface CourtDailyTotal {
  order_date: string
  orders_count: number
  products_total: number
  fees_total: number
  overall: number
  refunds: number
  revenue: number
  payouts: number
  food_court_fee: number
}

export interface StatementLine {
  kind: 'order' | 'food_court_fee' | 'refund' | 'payout'
  date: string
  court_order_uuid: string
  court_order_id: number
  sub_order_uuid: string
  sub_order_id: number
  amount: number
  ledger_entry: { uuid: string; number: string | null; source: string } | null
}

export interface Statement {
  restaurant_uuid: string
  restaurant_title: string
  court_uuid: string | null
  currency: string
  start_date: string
  end_date: string
  lines: StatementLine[]
  totals: { orders: number; food_court_fees: number; refunds: number; payouts: number; held: number }
  ledger: { payouts: number; held: number; reconciled: boolean; difference: number }
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

export function invitesChanged(queryClient: QueryClient, court: string) {
  void queryClient.invalidateQueries({ queryKey: courtKeys.invites(court) })
}
