import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { AppError, notFound } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { cardTypeIds, expiryTypeIds } from '../codes.ts'
import { setCardTypePrice } from '../commands/set-card-type-price.ts'
import { cardTypePrices, cardTypesWithPrices } from '../queries/card-types.ts'
import { expiryTypeObject } from '../texts.ts'
import {
  callerLanguage,
  cardTypeIdOut,
  currencyInput,
  expiryTypeIdOut,
  langQuery,
  requestContext,
  resultOf,
  resultsOf,
} from './schemas.ts'

const priceSchema = z
  .object({
    currency: z.string().openapi({ example: 'EUR' }),
    price: z.number().int().openapi({ description: 'One card, minor units, excluding VAT', example: 50 }),
    vat: z.number().int().openapi({ description: 'VAT on the price at today’s rate', example: 11 }),
    vat_rate: z.number().openapi({ example: 21 }),
  })
  .openapi('CardPrice')

export const cardTypeSchema = z
  .object({
    id: cardTypeIdOut,
    code: z.enum(['voucher', 'gift']),
    title: z.string().openapi({ description: 'In the caller’s language' }),
    description: z.string(),
    prices: z.array(priceSchema),
  })
  .openapi('CardType')

export const getCardTypes = createRoute({
  method: 'get',
  path: '/manager/card-types',
  tags: ['manager'],
  summary: 'Card types with the price of a card',
  description:
    'Voucher (101) and gift card (201), titled in the caller’s language, each with the price of one card per currency (excluding VAT) and the VAT on it. Program owners and admins.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: { query: langQuery },
  responses: {
    200: {
      description: 'The card types',
      content: { 'application/json': { schema: resultsOf(cardTypeSchema) } },
    },
    ...errorResponses(400, 401, 403),
  },
})

const typeIdParam = z.object({
  id: z.coerce
    .number({ message: 'must be a card type: 101 voucher or 201 gift card' })
    .int('must be a card type: 101 voucher or 201 gift card')
    .openapi({ param: { name: 'id', in: 'path' }, example: 101 }),
})

const priceBody = z
  .object({
    currency: currencyInput,
    price: z
      .number({ message: 'must be a whole number of minor units (cents)' })
      .int('must be a whole number of minor units (cents)')
      .min(0, 'must be 0 or more')
      .max(100_000, 'at most 100000')
      .openapi({ description: 'One card, minor units, excluding VAT', example: 50 }),
  })
  .strict()
  .openapi('CardPriceChange')

export const patchCardType = createRoute({
  method: 'patch',
  path: '/manager/card-types/{id}',
  tags: ['manager'],
  summary: 'Set the price of a card (admin)',
  description:
    'The price of one card of this type in a currency, in minor units excluding VAT (VAT is added on orders). Orders already placed keep their price. Admins only.',
  security: bearerSecurity,
  middleware: [signedIn('admin')] as const,
  request: {
    params: typeIdParam,
    query: langQuery,
    body: { required: true, content: { 'application/json': { schema: priceBody } } },
  },
  responses: {
    200: {
      description: 'The type with its prices',
      content: { 'application/json': { schema: resultOf(cardTypeSchema) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
})

export const getCardTypePrices = createRoute({
  method: 'get',
  path: '/manager/card-type-prices',
  tags: ['manager'],
  summary: 'Prices of a card per type and currency',
  description: 'Excluding VAT, with the VAT on each at today’s rate. Program owners and admins.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: { query: z.object({ currency: currencyInput.optional() }) },
  responses: {
    200: {
      description: 'The prices',
      content: {
        'application/json': {
          schema: resultsOf(priceSchema.extend({ type: cardTypeIdOut })),
        },
      },
    },
    ...errorResponses(400, 401, 403),
  },
})

const expirySchema = z
  .object({
    id: expiryTypeIdOut,
    title: z.enum(['year', 'month', 'day']).openapi({ description: 'Stable key' }),
    description: z.string().openapi({ description: 'In the caller’s language' }),
  })
  .openapi('CardExpiry')

export const getCardExpiries = createRoute({
  method: 'get',
  path: '/manager/card-expiries',
  tags: ['manager'],
  summary: 'Expiry types of a card valid for a period after activation',
  description: 'Year 31, month 21, day 11. Program owners and admins.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: { query: langQuery },
  responses: {
    200: {
      description: 'The expiry types',
      content: { 'application/json': { schema: resultsOf(expirySchema) } },
    },
    ...errorResponses(400, 401, 403),
  },
})

export function registerCardTypeRoutes(app: ApiApp) {
  app.openapi(getCardTypes, async (c) => {
    requireUser(c, 'owner', 'admin')
    const language = callerLanguage(c, c.req.valid('query').lang)
    return c.json({ results: await cardTypesWithPrices(c.get('services').db, language) }, 200)
  })

  app.openapi(patchCardType, async (c) => {
    const me = requireUser(c, 'admin')
    const { id } = c.req.valid('param')
    if (!(cardTypeIds as number[]).includes(id)) throw notFound('card type')
    const { currency, price } = c.req.valid('json')
    const { db } = c.get('services')
    await setCardTypePrice(db, requestContext(c), me.user_id, {
      type: id as (typeof cardTypeIds)[number],
      currency,
      price: BigInt(price),
    })
    const language = callerLanguage(c, c.req.valid('query').lang)
    const result = (await cardTypesWithPrices(db, language)).find((t) => t.id === id)
    if (!result) throw new AppError('internal', 'card type vanished')
    return c.json({ result }, 200)
  })

  app.openapi(getCardTypePrices, async (c) => {
    requireUser(c, 'owner', 'admin')
    return c.json({ results: await cardTypePrices(c.get('services').db, c.req.valid('query').currency) }, 200)
  })

  app.openapi(getCardExpiries, async (c) => {
    requireUser(c, 'owner', 'admin')
    const language = callerLanguage(c, c.req.valid('query').lang)
    return c.json({ results: expiryTypeIds.map((id) => expiryTypeObject(id, language)) }, 200)
  })
}
