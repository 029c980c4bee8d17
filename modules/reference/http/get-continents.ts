import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { listContinents } from '../db/geo.ts'
import { continentSchema, langQuery, requestLang } from './schemas.ts'

export const getContinents = createRoute({
  method: 'get',
  path: '/geo/continents',
  tags: ['geo'],
  summary: 'Continents',
  description:
    'The six world regions of the data set (Africa, Americas, Asia, Europe, Oceania, Polar), named in the caller’s language. Few and fixed, so not paginated.',
  request: { query: langQuery },
  responses: {
    200: {
      description: 'Every continent',
      content: { 'application/json': { schema: z.array(continentSchema) } },
    },
    ...errorResponses(400),
  },
})

export function registerGetContinents(app: ApiApp) {
  app.openapi(getContinents, async (c) => {
    const lang = requestLang(c, c.req.valid('query').lang)
    return c.json(await listContinents(c.get('services').db, lang), 200)
  })
}
