import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { queryOptions } from '@tanstack/react-query'
import { api, apiUrl } from '~/lib/api.ts'
import type { Schema } from '~/lib/api-types.gen.ts'

/**
 * The staff side of food ordering (`/api/v1/food/programs/{uuid}/orders…`, docs/food.md
 * "Kitchen board and order books"): the board, the order books, an order's detail, status changes,
 * daily totals, the CSV export and the pause switch. Status names are worded here from the status
 * codes; the API's English `status_name` is never shown.
 */

export type FoodOrder = Schema<'FoodOrder'>
export type FoodOrderDetail = Schema<'FoodOrderDetail'>
export type FoodProgramItem = Schema<'FoodProgramItem'>

export interface OrdersPage {
  count: number
  pages: number
  results: FoodOrder[]
  active_view: boolean
  date: string | null
}

export interface DailyTotal {
  order_date: string
  orders_count: number
  products_total: number
  fees_total: number
  overall: number
  vat: number
  revenue: number
  payouts: number
  currency: string
}

/** One event of the board's stream (`order`, with `id` = seq). */
export interface BoardEvent {
  seq: number
  kind: string
  status: number
  order: FoodOrder
}

const at = (uuid: string) => encodeURIComponent(uuid)
const base = (program: string) => `/food/programs/${at(program)}`

export const ordersKeys = {
  all: ['food-orders'] as const,
  programs: () => ['food-orders', 'programs'] as const,
  program: (program: string) => ['food-orders', program] as const,
  list: (program: string, view: { active: boolean; date?: string; page: number }) =>
    ['food-orders', program, 'list', view] as const,
  detail: (program: string, order: string) => ['food-orders', program, 'detail', order] as const,
  totals: (program: string, page: number) => ['food-orders', program, 'totals', page] as const,
}

/** The restaurants the signed-in staff member works at (owner: their own). */
export const staffRestaurantsQueryOptions = () =>
  queryOptions({
    queryKey: ordersKeys.programs(),
    queryFn: async () =>
      (await api.get<{ results: FoodProgramItem[] }>('/food/programs', { query: { size: 100 } })).results,
  })

export const ordersQueryOptions = (
  program: string,
  view: { active: boolean; date?: string; page: number; size?: number },
) =>
  queryOptions({
    queryKey: ordersKeys.list(program, view),
    queryFn: () =>
      api.get<OrdersPage>(`${base(program)}/orders`, {
        query: {
          active_view: view.active,
          date: view.active ? undefined : view.date,
          page: view.page,
          size: view.size ?? 20,
        },
      }),
  })

export const orderDetailQueryOptions = (program: string, order: string) =>
  queryOptions({
    queryKey: ordersKeys.detail(program, order),
    queryFn: async () =>
      (await api.get<{ result: FoodOrderDetail }>(`${base(program)}/orders/${at(order)}`)).result,
  })

export const dailyTotalsQueryOptions = (program: string, page: number) =>
  queryOptions({
    queryKey: ordersKeys.totals(program, page),
    queryFn: () =>
      api.get<{ count: number; pages: number; results: DailyTotal[] }>(`${base(program)}/daily-totals`, {
        query: { page },
      }),
  })

export async function changeOrderStatus(
  program: string,
  order: string,
  status: number,
): Promise<FoodOrderDetail> {
  return (
    await api.patch<{ result: FoodOrderDetail }>(`${base(program)}/orders/${at(order)}/status`, { status })
  ).result
}

/** Pauses new orders until `until` (HH:MM on the restaurant's clock); null reopens. */
export async function pauseOrdering(program: string, until: string | null): Promise<string | null> {
  return (await api.patch<{ paused_until: string | null }>(`${base(program)}/pause`, { until })).paused_until
}

/** The board's stream (same origin: the session cookie goes with it). */
export const boardEventsUrl = (program: string, lastEventId?: number) =>
  apiUrl(`${base(program)}/orders/events`, { last_event_id: lastEventId })

/** The streamed CSV export of a date range (the session cookie authenticates the download). */
export const ordersCsvUrl = (program: string, start: string, end: string) =>
  apiUrl(`${base(program)}/orders.csv`, { start_date: start, end_date: end })

/** The next status the kitchen moves an order to, by the backend's transitions (docs/food.md). */
export function nextStatuses(order: Pick<FoodOrder, 'order_status'>): number[] {
  switch (order.order_status) {
    case 3:
      return [5, 6, 7]
    case 5:
      return [6, 7]
    case 6:
      return [7]
    default:
      return []
  }
}

const statusWords: Record<number, MessageDescriptor> = {
  1: msg`Created`,
  2: msg`Awaiting payment`,
  3: msg`New`,
  4: msg`Payment failed`,
  5: msg`In the kitchen`,
  6: msg`Out for delivery`,
  7: msg`Delivered`,
  8: msg`Paid out`,
}

const pickupWords: Record<number, MessageDescriptor> = {
  6: msg`Ready for pickup`,
  7: msg`Picked up`,
}

/** An order status in words, from its code; pickup orders read 6 and 7 as the counter does. */
export function statusMessage(status: number, pickup: boolean): MessageDescriptor {
  return (pickup ? pickupWords[status] : undefined) ?? statusWords[status] ?? msg`Unknown`
}

/** What the button that moves an order to `status` says. */
export function moveMessage(status: number, pickup: boolean): MessageDescriptor {
  if (status === 5) return msg`To the kitchen`
  if (status === 6) return pickup ? msg`Ready for pickup` : msg`Out for delivery`
  if (status === 7) return pickup ? msg`Picked up` : msg`Delivered`
  return statusMessage(status, pickup)
}

export const orderTypeMessage = (type: string): MessageDescriptor =>
  type === 'pickup' ? msg`Pickup` : msg`Delivery`

/** Who changed an order, from the history's actor code. */
export function actorMessage(actor: string): MessageDescriptor {
  if (actor === 'user') return msg`Staff`
  if (actor === 'guest') return msg`Customer`
  return msg`System`
}
