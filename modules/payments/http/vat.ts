import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import { localeFromAcceptLanguage, localeSchema } from '../../platform/locales.ts'
import { mailI18n } from '../../platform/mail/i18n.ts'
import type { ApiApp } from '../../platform/module.ts'
import { vatTitles } from '../receipts/messages.ts'
import { dutchVatRates, vatCodes, vatRatesOn } from '../vat.ts'
import { dayParam, todayInBusinessZone } from './transactions.ts'

const period = z.object({
  percentage: z.number().nullable(),
  effective_from: z.string().openapi({ example: '2019-01-01' }),
  effective_to: z.string().nullable(),
})

const vatRateSchema = z
  .object({
    code: z.enum(vatCodes),
    percentage: z
      .number()
      .nullable()
      .openapi({ description: 'Percent of the net amount; null when exempt (no VAT at all)', example: 9 }),
    title: z
      .string()
      .openapi({ description: 'Name of the rate in the reader’s language', example: 'Laag tarief' }),
    effective_from: z
      .string()
      .openapi({ description: 'First day this percentage is in force', example: '2019-01-01' }),
    effective_to: z.string().nullable().openapi({ description: 'Last day in force; null while it still is' }),
    history: z.array(period).openapi({ description: 'Earlier percentages of this rate, oldest first' }),
  })
  .openapi('VatRate')

export const getVatRates = createRoute({
  method: 'get',
  path: '/payment/helpers/vat',
  tags: ['payment'],
  summary: 'Dutch VAT rates',
  description:
    'The VAT rates a price can carry (high 21 %, low 9 % since 2019, zero, exempt), as in force on `at` (default today, Dutch time), each with its earlier percentages. Titles in the language of `lang`, else Accept-Language.',
  security: bearerSecurity,
  middleware: [signedIn()] as const,
  request: {
    query: z.object({
      at: dayParam.optional().openapi({ description: 'The day the rates are for (YYYY-MM-DD)' }),
      lang: localeSchema.optional().openapi({ description: 'Language of the titles' }),
    }),
  },
  responses: {
    200: {
      description: 'The rates',
      content: {
        'application/json': { schema: z.object({ at: z.string(), results: z.array(vatRateSchema) }) },
      },
    },
    ...errorResponses(400, 401),
  },
})

/** `GET payment/helpers/vat`, for any signed-in user (price forms, bills, receipts). */
export function registerVatRoutes(app: ApiApp) {
  app.openapi(getVatRates, (c) => {
    requireUser(c)
    const query = c.req.valid('query')
    const at = query.at ?? todayInBusinessZone()
    const i18n = mailI18n(query.lang ?? localeFromAcceptLanguage(c.req.header('accept-language')))
    const results = vatRatesOn(at).map((rate) => ({
      code: rate.code,
      percentage: rate.percentage,
      title: i18n._(vatTitles[rate.code]),
      effective_from: rate.effective_from,
      effective_to: rate.effective_to,
      history: dutchVatRates
        .filter((r) => r.code === rate.code && r.effective_from < rate.effective_from)
        .map((r) => ({
          percentage: r.percentage,
          effective_from: r.effective_from,
          effective_to: r.effective_to,
        })),
    }))
    return c.json({ at, results }, 200)
  })
}
