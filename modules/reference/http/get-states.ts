import { createRoute, errorResponses } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { pageSchema, paginationQuery, toPage } from '../../platform/pagination.ts'
import { listStates } from '../db/geo.ts'
import { countryFilter, nameFilter, resolveCountry, stateSchema } from './schemas.ts'

const query = paginationQuery({ defaultSize: 300, maxSize: 500 }).extend({
  country: countryFilter,
  name: nameFilter,
})

export const getStates = createRoute({
  method: 'get',
  path: '/geo/states',
  tags: ['geo'],
  summary: 'States, provinces and regions',
  description:
    'First-level subdivisions, by name. With `country` the default page holds all of that country’s (the most, the United Kingdom, has 221). Names are as the data set has them (mostly English).',
  request: { query },
  responses: {
    200: {
      description: 'One page of states',
      content: { 'application/json': { schema: pageSchema(stateSchema) } },
    },
    ...errorResponses(400),
  },
})

export function registerGetStates(app: ApiApp) {
  app.openapi(getStates, async (c) => {
    const q = c.req.valid('query')
    const countryId = await resolveCountry(c, q.country)
    const { count, rows } = await listStates(c.get('services').db, { countryId, name: q.name }, q)
    return c.json(toPage(c.req.url, q, count, rows), 200)
  })
}
