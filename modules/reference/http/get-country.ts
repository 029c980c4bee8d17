import { notFound } from '../../platform/errors.ts'
import { createRoute, errorResponses } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { findCountry } from '../db/geo.ts'
import { countrySchema, langQuery, requestLang, uuidParam } from './schemas.ts'

export const getCountry = createRoute({
  method: 'get',
  path: '/geo/countries/{uuid}',
  tags: ['geo'],
  summary: 'One country',
  request: { params: uuidParam, query: langQuery },
  responses: {
    200: { description: 'The country', content: { 'application/json': { schema: countrySchema } } },
    ...errorResponses(400, 404),
  },
})

export function registerGetCountry(app: ApiApp) {
  app.openapi(getCountry, async (c) => {
    const lang = requestLang(c, c.req.valid('query').lang)
    const country = await findCountry(c.get('services').db, c.req.valid('param').uuid, lang)
    if (!country) throw notFound('country')
    return c.json(country, 200)
  })
}
