import { sql } from 'kysely'
import { createRoute, errorResponses, z } from '../../../platform/http.ts'
import { newId } from '../../../platform/ids.ts'
import type { ApiApp } from '../../../platform/module.ts'
import { userTypes } from '../../user-types.ts'
import { fieldError } from '../errors.ts'
import { isSupportedCountry, supportedCountries } from '../settings.ts'
import { countryField, emailField, languageField, requestLanguage } from './schemas.ts'

const body = z
  .object({
    email: emailField,
    country: countryField,
    type: z
      .union([z.literal(1), z.literal(2), z.literal(3)])
      .default(1)
      .openapi({ description: 'The registration: 1 program owner (default), 2 acceptor, 3 card holder' }),
    language: languageField,
  })
  .strict()
  .openapi('UnsupportedCountryInput')

const countries = z
  .object({ supported_countries: z.array(z.string()).openapi({ example: [...supportedCountries] }) })
  .openapi('SignupCountries')

export const getSignupCountries = createRoute({
  method: 'get',
  path: '/user/signup/countries',
  tags: ['user'],
  summary: 'Countries a program owner or acceptor can register in',
  description:
    'ISO 3166-1 alpha-2 codes. For any other country the screen offers `signup/unsupported-country`.',
  responses: { 200: { description: 'The list', content: { 'application/json': { schema: countries } } } },
})

export const postUnsupportedCountry = createRoute({
  method: 'post',
  path: '/user/signup/unsupported-country',
  tags: ['user'],
  summary: 'Leave an e-mail for a country the platform does not serve yet',
  description:
    'Records the interest (once per e-mail, country and registration type) so that the person can be told when the country opens. No e-mail is sent now. A served country answers 400 on `country` ("country is supported": register instead).',
  request: { body: { required: true, content: { 'application/json': { schema: body } } } },
  responses: {
    202: { description: 'Recorded', content: { 'application/json': { schema: countries } } },
    ...errorResponses(400),
  },
})

export function registerUnsupportedCountryRoutes(app: ApiApp) {
  app.openapi(getSignupCountries, (c) => c.json({ supported_countries: [...supportedCountries] }, 200))

  app.openapi(postUnsupportedCountry, async (c) => {
    const input = c.req.valid('json')
    if (isSupportedCountry(input.country))
      throw fieldError('country', 'country is supported', 'country_supported')
    await c
      .get('services')
      .db.insertInto('country_interests')
      .values({
        id: newId(),
        email: input.email.toLowerCase(),
        country: input.country,
        user_type: input.type ?? userTypes.owner,
        language: requestLanguage(c, input.language),
      })
      .onConflict((oc) => oc.expression(sql`lower(email), country, user_type`).doNothing())
      .execute()
    return c.json({ supported_countries: [...supportedCountries] }, 202)
  })
}
