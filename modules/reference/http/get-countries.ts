import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { pageSchema, paginationQuery, toPage } from '../../platform/pagination.ts'
import { listCountries } from '../db/geo.ts'
import { countrySchema, langQuery, nameFilter, requestLang, resolveContinent } from './schemas.ts'

const query = paginationQuery({ defaultSize: 300, maxSize: 300 })
  .extend(langQuery.shape)
  .extend({
    name: nameFilter,
    continent: z.string().trim().optional().openapi({ description: 'Continent uuid or code (europe)' }),
  })

export const getCountries = createRoute({
  method: 'get',
  path: '/geo/countries',
  tags: ['geo'],
  summary: 'Countries',
  description:
    'Countries with ISO code, currency and calling code, named and sorted in the caller’s language. The name filter matches that language or English. The default page holds every country.',
  request: { query },
  responses: {
    200: {
      description: 'One page of countries',
      content: { 'application/json': { schema: pageSchema(countrySchema) } },
    },
    ...errorResponses(400),
  },
})

export function registerGetCountries(app: ApiApp) {
  app.openapi(getCountries, async (c) => {
    const q = c.req.valid('query')
    const lang = requestLang(c, q.lang)
    const continentId = await resolveContinent(c, q.continent)
    const { count, rows } = await listCountries(c.get('services').db, { lang, name: q.name, continentId }, q)
    return c.json(toPage(c.req.url, q, count, rows), 200)
  })
}
