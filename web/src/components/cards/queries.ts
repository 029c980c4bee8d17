import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '~/lib/api.ts'
import type { Page } from '~/lib/queries/types.ts'
import type { HeldCardRedemption } from './redemptions.ts'
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
export interface CardTypeRef {
  id: number
  code: CardTypeCode
  title: string
}

/** The price of one card of a type in one currency: minor units, excluding VAT, with the VAT on it. */
export interface CardTypePrice {
  currency: string
  price: number
  vat: number
  /** Percent of the price (21 for the Dutch high rate). */
  vat_rate: number
}

/** `GET manager/card-types`: a card type with its prices. */
export interface CardType {
  id: number
  code: CardTypeCode
  title: string
  description: string
  prices: CardTypePrice[]
}

/** `used`: nothing is left to spend on it (its balance is spent, or its last use taken). */
export const heldCardStatuses = ['issued', 'active', 'used', 'blocked', 'expired'] as const
export type HeldCardStatus = (typeof heldCardStatuses)[number]

/** The design of the card a token belongs to. */
export interface CardDesign {
  type: CardTypeRef
  title: string
  description: string
  image_url: string | null
  orientation: Orientation
}

/**
 * `GET card/active`: a card the card holder has activated. `use_number` 1 is once, above 1 that
 * many uses, null unlimited; `expires_at` null when nothing ends it, or, before activation, when
 * its period is counted from the activation.
 */
export interface HeldCard {
  uuid: string
  token: string
  program: { uuid: string; title: string }
  card: CardDesign
  value: number
  balance: number
  currency: string
  use_number: number | null
  uses_left: number | null
  status: HeldCardStatus
  activated_at: string | null
  expires_at: string | null
}

/**
 * `GET card/active/{token}`: a card looked up by its token, `issued` until someone activates it;
 * the holder's own card comes with where it was spent, newest first.
 */
export type CardPreview = HeldCard & { redemptions?: HeldCardRedemption[] }

export const orderStatuses = ['open', 'paid', 'cancelled', 'expired'] as const
export type OrderStatus = (typeof orderStatuses)[number]

/** A card order (`card/batches`): quantity cards of a program, paid to the platform. */
export interface CardOrder {
  uuid: string
  number: number
  program_uuid: string
  program_title: string
  quantity: number
  unit_value: number
  unit_price: number
  unit_vat: number
  vat_rate: number
  amount: number
  currency: string
  status: OrderStatus
  cards_issued: number
  created: string
  paid_at: string | null
  payment: { uuid: string; status: string | null; pay_url: string }
}

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
    queryFn: async () => (await api.get<{ results: HeldCard[] }>('/card/active')).results,
  })

export const cardLookupQueryOptions = (token: string) =>
  queryOptions({
    queryKey: cardKeys.lookup(formatToken(token)),
    queryFn: async () => (await api.get<{ result: CardPreview }>(`/card/active/${tokenPath(token)}`)).result,
    staleTime: 0,
  })

/** The card types with their prices; their descriptions in the interface language. */
export const cardTypesQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: cardKeys.typesIn(lang),
    queryFn: async () =>
      (await api.get<{ results: CardType[] }>('/manager/card-types', { query: { lang } })).results,
  })

export const batchesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: cardKeys.batchesPage(page),
    queryFn: () => api.get<Page<CardOrder>>('/card/batches', { query: { page, size: batchesPageSize } }),
    placeholderData: keepPreviousData,
  })

/** Activates a card by its token for the signed-in card holder. */
export const activateCard = async (token: string) =>
  (await api.post<{ result: HeldCard }>('/card/active', { token: formatToken(token) })).result

/** Sets an admin's price of one card of a type (minor units, excluding VAT). */
export const setCardTypePrice = async (type: number, currency: string, price: number, lang: string) =>
  (
    await api.patch<{ result: CardType }>(
      `/manager/card-types/${type}`,
      { currency, price },
      { query: { lang } },
    )
  ).result

/** The issued cards of a paid order as CSV, through the signed-in session. */
export const downloadBatchCsv = (uuid: string) =>
  api.blob(`/card/batches/${encodeURIComponent(uuid)}/cards.csv`, { headers: { accept: 'text/csv' } })
