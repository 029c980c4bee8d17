import type { Context } from 'hono'
import { invalidField } from '../../platform/errors.ts'
import { z } from '../../platform/http.ts'
import { type Locale, localeFromAcceptLanguage, localeSchema } from '../../platform/locales.ts'
import type { AppEnv } from '../../platform/module.ts'
import { findContinent, findCountry, findCountryByCode, findState, isUuid } from '../db/geo.ts'

/** `?lang=`: names in this language; default from Accept-Language, else Dutch. */
export const langQuery = z.object({
  lang: localeSchema.optional().openapi({
    description: 'Language of the names (nl, en, de, ru, uk); default from Accept-Language, else nl',
  }),
})

/** The caller's language for names, and tell caches that the answer depends on it. */
export function requestLang(c: Context<AppEnv>, lang: Locale | undefined): Locale {
  const chosen = lang ?? localeFromAcceptLanguage(c.req.header('accept-language'))
  c.header('Content-Language', chosen)
  c.header('Vary', 'Accept-Language')
  return chosen
}

export const uuidParam = z.object({
  uuid: z.uuid('must be a uuid').openapi({ param: { name: 'uuid', in: 'path' } }),
})

const search = z.string().trim().min(1, 'must not be empty').max(100, 'at most 100 characters')
export const nameFilter = search.optional().openapi({ description: 'Part of the name, any case' })
export const countryFilter = z
  .string()
  .trim()
  .refine((v) => isUuid(v) || /^[a-z]{2}$/i.test(v), 'must be a country uuid or ISO 3166-1 alpha-2 code')
  .optional()
  .openapi({ description: 'Country uuid or ISO 3166-1 alpha-2 code (NL)' })

export const continentSchema = z
  .object({
    uuid: z.uuid(),
    code: z.string().openapi({ example: 'europe' }),
    name: z.string().openapi({ example: 'Europa' }),
  })
  .openapi('Continent')

export const countrySchema = z
  .object({
    uuid: z.uuid(),
    name: z.string().openapi({ example: 'Nederland' }),
    code: z.string().openapi({ description: 'ISO 3166-1 alpha-2', example: 'NL' }),
    currency_code: z.string().openapi({ example: 'EUR' }),
    currency_name: z.string().openapi({ example: 'Euro' }),
    phone_code: z.string().openapi({ description: 'International calling code', example: '+31' }),
    continent: z.string().nullable().openapi({ description: 'Continent code', example: 'europe' }),
  })
  .openapi('Country')

export const stateSchema = z
  .object({
    uuid: z.uuid(),
    name: z.string().openapi({ example: 'North Holland' }),
    code: z
      .string()
      .openapi({ description: 'ISO 3166-2 subdivision code without the country', example: 'NH' }),
    type: z.string().nullable().openapi({ example: 'province' }),
    country: z.uuid().openapi({ description: 'Country uuid' }),
  })
  .openapi('State')

export const citySchema = z
  .object({
    uuid: z.uuid(),
    name: z.string().openapi({ example: 'Amsterdam' }),
    lat: z.number().openapi({ example: 52.37403 }),
    lon: z.number().openapi({ example: 4.88969 }),
    time_zone: z.string().nullable().openapi({ example: 'Europe/Amsterdam' }),
    zip_code: z.string().nullable().openapi({ description: 'Not in the current data set: null' }),
    state: z.uuid().openapi({ description: 'State uuid' }),
    country: z.uuid().openapi({ description: 'Country uuid' }),
  })
  .openapi('City')

/** A country filter given as uuid or code, to its id; unknown is a 400 on that field. */
export async function resolveCountry(
  c: Context<AppEnv>,
  value: string | undefined,
): Promise<string | undefined> {
  if (!value) return undefined
  const db = c.get('services').db
  const country = isUuid(value)
    ? await findCountry(db, value, 'en')
    : await findCountryByCode(db, value, 'en')
  if (!country) throw invalidField('country', 'unknown_country', 'unknown country')
  return country.uuid
}

export async function resolveState(c: Context<AppEnv>, value: string | undefined) {
  if (!value) return undefined
  const state = await findState(c.get('services').db, value)
  if (!state) throw invalidField('state', 'unknown_state', 'unknown state')
  return state
}

export async function resolveContinent(c: Context<AppEnv>, value: string | undefined) {
  if (!value) return undefined
  const continent = await findContinent(c.get('services').db, value)
  if (!continent) throw invalidField('continent', 'unknown_continent', 'unknown continent')
  return continent.id
}
