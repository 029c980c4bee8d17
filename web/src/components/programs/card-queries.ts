import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query'
import type { CardOrder } from '~/components/cards/queries.ts'
import { type Answer, ApiError, api } from '~/lib/api.ts'
import type { Schema } from '~/lib/api-types.gen.ts'
import { programKeys } from './queries.ts'

export {
  type OrderBreakdown,
  orderBreakdown,
  orderQuantity,
  parseQuantity,
  vatFraction,
} from './card-sums.ts'

/**
 * Shapes and calls of the cards API (docs/cards.md: `manager/cards`, `manager/card-types`,
 * `manager/card-type-prices`, `payment/order`, `card/batches`) as the program owner's card screens
 * read and write them.
 */

/** Card type ids (spec sections 3 and 9): voucher 101, gift card 201. */
export const cardTypes = { voucher: 101, gift: 201 } as const
export type CardTypeId = (typeof cardTypes)[keyof typeof cardTypes]
export type CardTypeCode = keyof typeof cardTypes

/** Card expiry types (spec section 9): year 31, month 21, day 11. */
export const cardExpiryTypes = { year: 31, month: 21, day: 11 } as const
export type CardExpiryType = (typeof cardExpiryTypes)[keyof typeof cardExpiryTypes]

export type CardOrientation = 'horizontal' | 'vertical'

export type CardTypePrice = Schema<'CardPrice'>

export type CardType = Schema<'CardType'>

/** A card type's price in a currency (`GET manager/card-type-prices`). */
export type TypePrice = Answer<'/manager/card-type-prices'>['results'][number]

export type CardValue = Schema<'CardValue'>

export type CardValidity = Schema<'CardValidity'>

/** The card of a card program (`GET manager/cards`), once its type is chosen. */
export type Card = Schema<'ProgramCard'>

/** What `PATCH manager/cards/{uuid}` takes. */
export type CardSettings = Schema<'CardSettings'>

export type { CardOrder, OrderStatus } from '~/components/cards/queries.ts'

/** Limits of a card (modules/cards/codes.ts), checked here before the API does. */
export const maxCardValue = 1_000_000
export const maxUseNumber = 1000
/** Largest `expiry_value` per expiry type (ten years in every unit). */
export const maxExpiryValue: Record<CardExpiryType, number> = { 31: 10, 21: 120, 11: 3660 }

export const cardKeys = {
  all: ['cards'] as const,
  types: () => [...cardKeys.all, 'types'] as const,
  prices: (currency: string) => [...cardKeys.all, 'prices', currency] as const,
  expiries: () => [...cardKeys.all, 'expiries'] as const,
  card: (program: string) => [...cardKeys.all, 'card', program] as const,
  order: (program: string) => [...cardKeys.all, 'order', program] as const,
  batches: (program: string) => [...cardKeys.all, 'batches', program] as const,
  batchesPage: (program: string, page: number) => [...cardKeys.batches(program), page] as const,
}

const path = (uuid: string) => encodeURIComponent(uuid)

export const cardTypesQueryOptions = () =>
  queryOptions({
    queryKey: cardKeys.types(),
    queryFn: () => api.get<Answer<'/manager/card-types'>>('/manager/card-types'),
    staleTime: 5 * 60_000,
  })

export const cardTypePricesQueryOptions = (currency: string) =>
  queryOptions({
    queryKey: cardKeys.prices(currency),
    queryFn: () =>
      api.get<Answer<'/manager/card-type-prices'>>('/manager/card-type-prices', { query: { currency } }),
    staleTime: 60_000,
  })

export const cardExpiriesQueryOptions = () =>
  queryOptions({
    queryKey: cardKeys.expiries(),
    queryFn: () => api.get<Answer<'/manager/card-expiries'>>('/manager/card-expiries'),
    staleTime: Number.POSITIVE_INFINITY,
  })

/** The program's card, or null before a type is chosen. */
export const programCardQueryOptions = (program: string) =>
  queryOptions({
    queryKey: cardKeys.card(program),
    queryFn: async () =>
      (await api.get<Answer<'/manager/cards'>>('/manager/cards', { query: { program } })).result,
  })

/** The program's newest order, or null when it has none (the API answers 404). */
export const latestOrderQueryOptions = (program: string) =>
  queryOptions({
    queryKey: cardKeys.order(program),
    queryFn: async () => {
      try {
        return (
          await api.get<Answer<'/payment/order'>>('/payment/order', { query: { program_uuid: program } })
        ).result
      } catch (error) {
        if (error instanceof ApiError && error.status === 404 && error.code === 'not_found') return null
        throw error
      }
    },
  })

export const batchesPageSize = 10

export const cardBatchesQueryOptions = (program: string, page: number) =>
  queryOptions({
    queryKey: cardKeys.batchesPage(program, page),
    queryFn: () =>
      api.get<Answer<'/card/batches'>>('/card/batches', { query: { program, page, size: batchesPageSize } }),
    placeholderData: keepPreviousData,
  })

/** Chooses the card's type: makes the card, or replaces one of another type (its settings go). */
export async function chooseCardType(program: string, type: CardTypeId): Promise<Card> {
  return (await api.post<Answer<'/manager/cards', 'post', 201>>('/manager/cards', { program, type })).result
}

export async function saveCardSettings(uuid: string, settings: CardSettings): Promise<Card> {
  return (await api.patch<Answer<'/manager/cards/{uuid}', 'patch'>>(`/manager/cards/${path(uuid)}`, settings))
    .result
}

/** Orders cards; the key makes a repeated click or a retry after a lost answer one order. */
export async function orderCards(
  program: string,
  quantity: number,
  idempotencyKey: string,
): Promise<CardOrder> {
  return (
    await api.post<Answer<'/payment/order', 'post'>>(
      '/payment/order',
      { program_uuid: program, quantity },
      { headers: { 'idempotency-key': idempotencyKey } },
    )
  ).result
}

/** After the card changed: its program (status moves with the card) and lists are read again. */
export function cardChanged(queryClient: QueryClient, program: string, card: Card | null): void {
  queryClient.setQueryData(cardKeys.card(program), card)
  void queryClient.invalidateQueries({ queryKey: programKeys.detail(program) })
  void queryClient.invalidateQueries({ queryKey: programKeys.lists() })
}

/** The price of one card of a type in a currency, if an admin has set one. */
export function priceOf(
  prices: readonly TypePrice[] | undefined,
  type: CardTypeId,
  currency: string,
): TypePrice | undefined {
  return prices?.find((p) => p.type === type && p.currency === currency)
}
