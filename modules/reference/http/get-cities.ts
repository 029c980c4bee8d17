import { invalidField } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { pageSchema, paginationQuery, toPage } from '../../platform/pagination.ts'
import { listCities } from '../db/geo.ts'
import { citySchema, countryFilter, nameFilter, resolveCountry, resolveState } from './schemas.ts'

const query = paginationQuery({ defaultSize: 50, maxSize: 500 }).extend({
  country: countryFilter,
  state: z.uuid('must be a state uuid').optional().openapi({ description: 'State uuid' }),
  name: nameFilter,
})

export const getCities = createRoute({
  method: 'get',
  path: '/geo/cities',
  tags: ['geo'],
  summary: 'Cities and places',
  description:
    'Places with coordinates and time zone, by name, filtered by country, state and part of the name. `zip_code` is null: the data set has no postal codes.',
  request: { query },
  responses: {
    200: {
      description: 'One page of cities',
      content: { 'application/json': { schema: pageSchema(citySchema) } },
    },
    ...errorResponses(400),
  },
})

export function registerGetCities(app: ApiApp) {
  app.openapi(getCities, async (c) => {
    const q = c.req.valid('query')
    const countryId = await resolveCountry(c, q.country)
    const state = await resolveState(c, q.state)
    if (state && countryId && state.country !== countryId)
      throw invalidField('state', 'state_not_of_country', 'not a state of this country')
    const { count, rows } = await listCities(
      c.get('services').db,
      // The state's country too: the index leads with the country.
      { countryId: countryId ?? state?.country, stateId: state?.uuid, name: q.name },
      q,
    )
    return c.json(toPage(c.req.url, q, count, rows), 200)
  })
}
