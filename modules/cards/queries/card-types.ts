import type { DbOrTrx } from '../../platform/db.ts'
import { type CardType, cardTypeIds } from '../codes.ts'
import { listPrices } from '../db/prices.ts'
import { cardPrice } from '../pricing.ts'
import { cardTypeObject } from '../texts.ts'

export interface PriceJson {
  type: CardType
  currency: string
  price: number
  vat: number
  vat_rate: number
}

/** The prices of a card per type and currency, with the VAT on each at today’s rate. */
export async function cardTypePrices(db: DbOrTrx, currency?: string): Promise<PriceJson[]> {
  const now = new Date()
  return (await listPrices(db, currency)).map((p) => {
    const priced = cardPrice(p.price, now)
    return {
      type: p.card_type as CardType,
      currency: p.currency,
      price: Number(p.price),
      vat: Number(priced.vat),
      vat_rate: priced.vat_rate,
    }
  })
}

/** The card types (voucher 101, gift card 201) in a language, each with its prices. */
export async function cardTypesWithPrices(db: DbOrTrx, language: string) {
  const prices = await cardTypePrices(db)
  return cardTypeIds.map((id) => ({
    ...cardTypeObject(id, language),
    prices: prices
      .filter((p) => p.type === id)
      .map(({ currency, price, vat, vat_rate }) => ({ currency, price, vat, vat_rate })),
  }))
}
