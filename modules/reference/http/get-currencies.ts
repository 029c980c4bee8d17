import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { pageOffset, pageSchema, paginationQuery, toPage } from '../../platform/pagination.ts'
import { listCurrencies } from '../currencies.ts'
import { langQuery, requestLang } from './schemas.ts'

export const currencySchema = z
  .object({
    code: z.string().openapi({ description: 'ISO 4217', example: 'EUR' }),
    name: z.string().openapi({ example: 'Euro' }),
    symbol: z.string().openapi({ example: '€' }),
    decimals: z.number().int().openapi({ description: 'Digits of the minor unit', example: 2 }),
  })
  .openapi('Currency')

const query = paginationQuery({ defaultSize: 200, maxSize: 500 }).extend(langQuery.shape)

export const getCurrencies = createRoute({
  method: 'get',
  path: '/settings/currencies',
  tags: ['settings'],
  summary: 'Currencies',
  description:
    'ISO 4217 currencies in use by some country, by code, named in the caller’s language. The default page holds them all. The platform’s default is EUR (see settings/root).',
  request: { query },
  responses: {
    200: {
      description: 'One page of currencies',
      content: { 'application/json': { schema: pageSchema(currencySchema) } },
    },
    ...errorResponses(400),
  },
})

export function registerGetCurrencies(app: ApiApp) {
  app.openapi(getCurrencies, (c) => {
    const q = c.req.valid('query')
    const all = listCurrencies(requestLang(c, q.lang))
    const offset = pageOffset(q)
    return c.json(toPage(c.req.url, q, all.length, all.slice(offset, offset + q.size)), 200)
  })
}
