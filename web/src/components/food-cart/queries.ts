import { queryOptions } from '@tanstack/react-query'
import { type Answer, ApiError, api } from '~/lib/api.ts'
import type { Schema } from '~/lib/api-types.gen.ts'
import { storedSessionId, storeSessionId } from './session.ts'

/** Shapes and calls of guest ordering (docs/food.md "Ordering (issue 15, backend)"). */

export type FoodSession = Schema<'FoodSession'>
export type Basket = Schema<'FoodBasket'>
export type BasketRestaurant = Basket['restaurants'][number]
export type BasketLine = BasketRestaurant['products'][number]
export type FoodOrderDetail = Schema<'FoodOrderDetail'>
export type SessionWithOrders = Answer<'/food/session'>['result']
export type Slots = Answer<'/food/basket/{sessionUuid}/slots'>
export type PaymentOutcome = Answer<'/food/orders/payment/{sessionId}'>
export type Availability = Answer<'/food/session/{uuid}'>

export const cartKeys = {
  all: ['food-cart'] as const,
  basket: (session: string) => [...cartKeys.all, 'basket', session] as const,
  session: (session: string) => [...cartKeys.all, 'session', session] as const,
  slots: (session: string, restaurant: string) => [...cartKeys.all, 'slots', session, restaurant] as const,
  availability: (session: string, restaurant: string) =>
    [...cartKeys.all, 'availability', session, restaurant] as const,
  order: (uuid: string) => [...cartKeys.all, 'order', uuid] as const,
  outcome: (session: string) => [...cartKeys.all, 'outcome', session] as const,
}

const enc = encodeURIComponent

export const basketQueryOptions = (session: string) =>
  queryOptions({
    queryKey: cartKeys.basket(session),
    queryFn: () => api<Basket>(`/food/basket/${enc(session)}`),
  })

export const sessionQueryOptions = (session: string) =>
  queryOptions({
    queryKey: cartKeys.session(session),
    queryFn: async () =>
      (await api<Answer<'/food/session'>>('/food/session', { query: { session_id: session } })).result,
  })

export const slotsQueryOptions = (session: string, restaurant: string) =>
  queryOptions({
    queryKey: cartKeys.slots(session, restaurant),
    queryFn: () =>
      api<Slots>(`/food/basket/${enc(session)}/slots`, { query: { restaurant_uuid: restaurant } }),
    staleTime: 60_000,
  })

export const availabilityQueryOptions = (session: string, restaurant: string) =>
  queryOptions({
    queryKey: cartKeys.availability(session, restaurant),
    queryFn: () =>
      api<Availability>(`/food/session/${enc(session)}`, { query: { restaurant_id: restaurant } }),
  })

export const guestOrderQueryOptions = (uuid: string, session: string) =>
  queryOptions({
    queryKey: cartKeys.order(uuid),
    queryFn: async () =>
      (
        await api<Answer<'/food/orders/{uuid}'>>(`/food/orders/${enc(uuid)}`, {
          query: { session_id: session },
        })
      ).result,
  })

export const outcomeQueryOptions = (session: string) =>
  queryOptions({
    queryKey: cartKeys.outcome(session),
    queryFn: () => api<PaymentOutcome>(`/food/orders/payment/${enc(session)}`),
  })

/** Where the guest is: delivery to an address, or pickup in the restaurant (clears the address). */
export interface Location {
  pickup_in_restaurant: boolean
  zip_code?: string
  house_number?: string
  apartment?: string
  /** The device's position, for restaurants that deliver within a distance. */
  lat?: number
  lon?: number
}

function locationQuery(location: Location | undefined) {
  const offset = -new Date().getTimezoneOffset()
  if (!location) return { time_zone_offset: offset }
  return location.pickup_in_restaurant
    ? { pickup_in_restaurant: 'true', time_zone_offset: offset }
    : {
        pickup_in_restaurant: 'false',
        zip_code: location.zip_code?.trim(),
        house_number: location.house_number?.trim(),
        apartment: location.apartment?.trim() || undefined,
        lat: location.lat,
        lon: location.lon,
        time_zone_offset: offset,
      }
}

/**
 * Sets the device's session to `location`: patches the one kept here, or starts one (once) when
 * there is none or the API no longer knows it. `from` names the page the guest came from when
 * no location is given yet (adding a dish before choosing delivery or pickup).
 */
export async function saveLocation(
  location: Location | undefined,
  from: { product_uuid?: string; restaurant_uuid?: string } = {},
): Promise<FoodSession> {
  const current = storedSessionId()
  if (current && location) {
    try {
      return await api<FoodSession>(`/food/session/${enc(current)}`, {
        method: 'PATCH',
        query: locationQuery(location),
      })
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error
    }
  }
  const created = await api<FoodSession>('/food/session', {
    method: 'POST',
    query: locationQuery(location),
    body: location ? {} : from,
  })
  storeSessionId(created.uuid)
  return created
}

/** The device's session, made when there is none yet (from the page the guest is on). */
export async function ensureSession(from: {
  product_uuid?: string
  restaurant_uuid?: string
}): Promise<string> {
  const current = storedSessionId()
  if (current) return current
  return (await saveLocation(undefined, from)).uuid
}

export interface LineChange {
  product_id: string
  quantity: number
  variant_uuid: string | null
  extra_uuids: string[]
}

/** Sets one basket line's count (0 removes it); the answer is the whole basket, priced anew. */
export function putBasketLine(session: string, line: LineChange): Promise<Basket> {
  return api<Basket>(`/food/basket/${enc(session)}`, { method: 'PUT', body: line })
}

/** The count of dishes in a basket (a line of 2 counts 2). */
export function basketCount(basket: Basket | undefined): number {
  if (!basket) return 0
  let n = 0
  for (const r of basket.restaurants) for (const line of r.products) n += line.quantity
  return n
}
