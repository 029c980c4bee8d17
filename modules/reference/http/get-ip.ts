import type { Context } from 'hono'
import { AppError } from '../../platform/errors.ts'
import { clientAddress, createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp, AppEnv } from '../../platform/module.ts'
import { findCityByName, findCountryByCode, findStateByCode } from '../db/geo.ts'
import { locateAddress } from '../ip.ts'
import { citySchema, countrySchema, langQuery, requestLang, stateSchema } from './schemas.ts'

const located = z
  .object({
    country: countrySchema,
    state: z
      .union([stateSchema, z.null()])
      .openapi({ description: 'Null when the data set knows only the country' }),
    city: z
      .union([citySchema, z.null()])
      .openapi({ description: 'Null when the data set has no city, or one we do not list' }),
  })
  .openapi('IpLocation')

export const getIpLocation = createRoute({
  method: 'get',
  path: '/geo/ip/',
  tags: ['geo'],
  summary: 'Where the caller is',
  description:
    'Country, state and city of the caller’s address, from a local IP data set (no outside service). The address is the connection’s; behind a reverse proxy (`TRUST_PROXY=true`) the right-most `X-Forwarded-For` entry. Private, local and unknown addresses answer 404 with reason `address_not_located`: use `default_country` from settings/root then.',
  request: { query: langQuery },
  responses: {
    200: { description: 'Located', content: { 'application/json': { schema: located } } },
    ...errorResponses(400, 404),
  },
})

const notLocated = () =>
  new AppError('not_found', 'no location for this address', { reason: 'address_not_located' })

async function handle(c: Context<AppEnv>, langParam: z.infer<typeof langQuery>['lang']) {
  const lang = requestLang(c, langParam)
  const address = clientAddress(c)
  const hit = address ? locateAddress(address) : undefined
  if (!hit) throw notLocated()
  const db = c.get('services').db
  const country = await findCountryByCode(db, hit.country, lang)
  if (!country) throw notLocated()
  const state = hit.region ? ((await findStateByCode(db, country.uuid, hit.region)) ?? null) : null
  const city = hit.city
    ? ((await findCityByName(db, { countryId: country.uuid, stateId: state?.uuid, name: hit.city })) ?? null)
    : null
  return c.json({ country, state, city }, 200)
}

export function registerGetIpLocation(app: ApiApp) {
  app.openapi(getIpLocation, (c) => handle(c, c.req.valid('query').lang))
  // The same without the trailing slash, outside the OpenAPI document.
  app.get('/geo/ip', (c) => {
    const lang = langQuery.safeParse(c.req.query()).data?.lang
    return handle(c, lang)
  })
}
