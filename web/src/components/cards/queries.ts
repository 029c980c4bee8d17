import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { type Answer, api } from '~/lib/api.ts'
import type { Schema } from '~/lib/api-types.gen.ts'
import { formatToken } from './token.ts'

/**
 * Shapes of the cards API (`card/...` and the admin's `manager/card-types`, see docs/cards.md) as
 * the card holder's and the admin's card screens read them.
 */

/** Card types (spec section 3): voucher 101, gift card 201. */
export const cardTypes = { voucher: 101, gift: 201 } as const
export type CardTypeId = (typeof cardTypes)[keyof typeof cardTypes]
export type CardTypeCode = keyof typeof cardTypes

export type Orientation = 'horizontal' | 'vertical'

/** A card's type as the card's settings name it. */
export type CardTypeRef = Schema<'CardTypeBrief'>

/** The price of one card of a type in one currency: minor units, excluding VAT, with the VAT on it. */
export type CardTypePrice = Schema<'CardPrice'>

/** `GET manager/card-types`: a card type with its prices. */
export type CardType = Schema<'CardType'>

/** `used`: nothing is left to spend on it (its balance is spent, or its last use taken). */
export const heldCardStatuses = ['issued', 'active', 'used', 'blocked', 'expired'] as const
export type HeldCardStatus = (typeof heldCardStatuses)[number]

/** The design of the card a token belongs to. */
export type CardDesign = HeldCard['card']

/** A card in a card holder's wallet (`GET card/active`). */
export type HeldCard = Schema<'HeldCard'>

/** A card looked up by its code (`GET card/active/{token}`): with its spending once it is the holder's. */
export type CardPreview = HeldCard & Partial<Pick<Schema<'HeldCardWithHistory'>, 'redemptions'>>

export const orderStatuses = ['open', 'paid', 'cancelled', 'expired'] as const
export type OrderStatus = (typeof orderStatuses)[number]

/** A card order (`card/batches`): quantity cards of a program, paid to the platform. */
export type CardOrder = Schema<'CardOrder'>

export const cardKeys = {
  all: ['cards'] as const,
  held: () => [...cardKeys.all, 'held'] as const,
  lookup: (token: string) => [...cardKeys.all, 'lookup', token] as const,
  types: () => [...cardKeys.all, 'types'] as const,
  typesIn: (lang: string) => [...cardKeys.types(), lang] as const,
  batches: () => [...cardKeys.all, 'batches'] as const,
  batchesPage: (page: number) => [...cardKeys.batches(), page] as const,
}

/** Orders per page on the admin's list. */
export const batchesPageSize = 20

/** The path segment of a token: always grouped and uppercased, as the API stores it. */
export const tokenPath = (token: string) => encodeURIComponent(formatToken(token))

export const heldCardsQueryOptions = () =>
  queryOptions({
    queryKey: cardKeys.held(),
    queryFn: async () => (await api.get<Answer<'/card/active'>>('/card/active')).results,
  })

export const cardLookupQueryOptions = (token: string) =>
  queryOptions({
    queryKey: cardKeys.lookup(formatToken(token)),
    queryFn: async () =>
      (await api.get<Answer<'/card/active/{token}'>>(`/card/active/${tokenPath(token)}`)).result,
    staleTime: 0,
  })

/** The card types with their prices; their descriptions in the interface language. */
export const cardTypesQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: cardKeys.typesIn(lang),
    queryFn: async () =>
      (await api.get<Answer<'/manager/card-types'>>('/manager/card-types', { query: { lang } })).results,
  })

export const batchesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: cardKeys.batchesPage(page),
    queryFn: () =>
      api.get<Answer<'/card/batches'>>('/card/batches', { query: { page, size: batchesPageSize } }),
    placeholderData: keepPreviousData,
  })

/** Activates a card by its token for the signed-in card holder. */
export const activateCard = async (token: string) =>
  (await api.post<Answer<'/card/active', 'post'>>('/card/active', { token: formatToken(token) })).result

/** Sets an admin's price of one card of a type (minor units, excluding VAT). */
export const setCardTypePrice = async (type: number, currency: string, price: number, lang: string) =>
  (
    await api.patch<Answer<'/manager/card-types/{id}', 'patch'>>(
      `/manager/card-types/${type}`,
      { currency, price },
      { query: { lang } },
    )
  ).result

/** The issued cards of a paid order as CSV, through the signed-in session. */
export const downloadBatchCsv = (uuid: string) =>
  api.blob(`/card/batches/${encodeURIComponent(uuid)}/cards.csv`, { headers: { accept: 'text/csv' } })
