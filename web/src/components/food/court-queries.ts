import { queryOptions } from '@tanstack/react-query'
import { ApiError, api } from '~/lib/api.ts'
import type { Schema } from '~/lib/api-types.gen.ts'

/** Shapes and calls of a food court's guest pages (docs/food-court.md "Guests"). */

export type GuestCourt = Schema<'FoodCourtGuest'>
export type CourtCart = Schema<'FoodCourtCart'>
export type CourtCheckout = Schema<'FoodCourtCheckout'>

const enc = encodeURIComponent

export const courtGuestKeys = {
  court: (by: { uuid?: string | undefined; domain?: string | undefined }) => ['food', 'court', by] as const,
  cart: (session: string, court: string) => ['food', 'court-cart', session, court] as const,
}

/** The court by its uuid, or by the host its guest pages are on; null when there is none (404). */
export const guestCourtQueryOptions = (by: { uuid?: string | undefined; domain?: string | undefined }) =>
  queryOptions({
    queryKey: courtGuestKeys.court(by),
    queryFn: async (): Promise<GuestCourt | null> => {
      try {
        return (await api.get<{ result: GuestCourt }>('/food/court', { query: by })).result
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null
        throw error
      }
    },
    staleTime: 60_000,
  })

/** The court's cart of the device's session: per restaurant, and the whole against the court minimum. */
export const courtCartQueryOptions = (session: string, court: string) =>
  queryOptions({
    queryKey: courtGuestKeys.cart(session, court),
    queryFn: async () =>
      (
        await api.get<{ result: CourtCart }>(`/food/court/basket/${enc(session)}`, {
          query: { court_uuid: court },
        })
      ).result,
  })

/** Checks out the whole cart once: one order with a sub-order per restaurant, one payment. */
export async function checkoutCourt(
  session: string,
  body: CourtCheckout,
  idempotencyKey: string,
): Promise<{ payment_url: string; payment_uuid: string }> {
  return api.post(`/food/court/basket/${enc(session)}/checkout`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  })
}

export type CourtOrder = Schema<'FoodCourtOrder'>
export type CourtPaymentOutcome = Schema<'FoodCourtPaymentOutcome'>

/** Where the payment of the session's newest court order stands: paid, pending or failed. */
export const courtOutcomeQueryOptions = (session: string) =>
  queryOptions({
    queryKey: ['food', 'court-outcome', session] as const,
    queryFn: () => api.get<CourtPaymentOutcome>(`/food/court/orders/payment/${enc(session)}`),
  })

/** A court order for its guest, with its own session only. */
export const guestCourtOrderQueryOptions = (uuid: string, session: string) =>
  queryOptions({
    queryKey: ['food', 'court-order', uuid, session] as const,
    queryFn: async () =>
      (
        await api.get<{ result: CourtOrder }>(`/food/court/orders/${enc(uuid)}`, {
          query: { session_id: session },
        })
      ).result,
  })
