import { createRoute, errorResponses, z } from '../../platform/http.ts'
import { defaultLocale, locales } from '../../platform/locales.ts'
import type { ApiApp } from '../../platform/module.ts'
import { defaultCurrency, findCurrency } from '../currencies.ts'
import { countryId } from '../ids.ts'
import { currencySchema } from './get-currencies.ts'
import { langQuery, requestLang } from './schemas.ts'

/** Where a client starts when it knows nothing else about the user: the Netherlands. */
const defaultCountry = 'NL'

const rootSettings = z
  .object({
    api_version: z.literal('v1'),
    default_language: z.enum(locales),
    fallback_language: z
      .enum(locales)
      .openapi({ description: 'Used for text missing in the chosen language' }),
    languages: z
      .array(
        z.object({ code: z.enum(locales), name: z.string().openapi({ description: 'In its own language' }) }),
      )
      .openapi({ description: 'Interface languages' }),
    default_currency: currencySchema,
    default_country: z.object({ uuid: z.uuid(), code: z.string() }),
    limits: z.object({
      password_min_length: z.number().int(),
      image_max_bytes: z.number().int(),
      token_refresh_margin_seconds: z
        .number()
        .int()
        .openapi({ description: 'Refresh an access token this long before it expires' }),
      page_size_max: z.number().int(),
    }),
  })
  .openapi('RootSettings')

export const getRootSettings = createRoute({
  method: 'get',
  path: '/settings/root',
  tags: ['settings'],
  summary: 'Root settings',
  description:
    'What a client needs before anything else: languages, default currency and country, and the limits its forms check before sending. Open to everyone.',
  request: { query: langQuery },
  responses: {
    200: { description: 'The settings', content: { 'application/json': { schema: rootSettings } } },
    ...errorResponses(400),
  },
})

export function registerGetRootSettings(app: ApiApp) {
  app.openapi(getRootSettings, (c) => {
    const lang = requestLang(c, c.req.valid('query').lang)
    c.header('Cache-Control', 'public, max-age=300')
    return c.json(
      {
        api_version: 'v1' as const,
        default_language: defaultLocale,
        fallback_language: 'en' as const,
        languages: locales.map((code) => ({
          code,
          name: new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code,
        })),
        default_currency: findCurrency(defaultCurrency, lang)!,
        default_country: { uuid: countryId(defaultCountry), code: defaultCountry },
        limits: {
          password_min_length: 8,
          image_max_bytes: 1024 * 1024,
          token_refresh_margin_seconds: 20,
          page_size_max: 500,
        },
      },
      200,
    )
  })
}
