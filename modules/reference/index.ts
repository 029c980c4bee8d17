/**
 * Reference data: continents, countries, states and cities (API group `geo`, with an offline IP
 * lookup), root settings and currencies (group `settings`), and phone number validation. Seeded
 * from npm data packages by its migration (see sources.ts for which and why); every row has a
 * stable uuid, the same on every machine. Read-only at run time: other modules store these uuids and
 * read through the queries exported here.
 */
import type { DbOrTrx } from '../platform/db.ts'
import { defaultLocale, type Locale } from '../platform/locales.ts'
import { defineModule } from '../platform/module.ts'
import { type City, type Country, findCity, findCountry, findState, type State } from './db/geo.ts'
import { referenceErrors } from './errors.ts'
import { registerReferenceRoutes } from './http/routes.ts'

export { type Currency, defaultCurrency, findCurrency, listCurrencies } from './currencies.ts'
export type { City, Country, State } from './db/geo.ts'
export { countryId } from './ids.ts'
export { type PhoneCheck, phoneRefusalCode, validatePhone } from './phone.ts'

/** A country by uuid, named in `lang`; undefined when there is none (e.g. to check a profile's country). */
export function findCountryByUuid(
  db: DbOrTrx,
  uuid: string,
  lang: Locale = defaultLocale,
): Promise<Country | undefined> {
  return findCountry(db, uuid, lang)
}

/** A state by uuid; check `country` to know it belongs to the profile's country. */
export function findStateByUuid(db: DbOrTrx, uuid: string): Promise<State | undefined> {
  return findState(db, uuid)
}

/** A city by uuid; `state` and `country` say where it lies. */
export function findCityByUuid(db: DbOrTrx, uuid: string): Promise<City | undefined> {
  return findCity(db, uuid)
}

export const referenceModule = defineModule({
  name: 'reference',
  errors: referenceErrors,
  routes: registerReferenceRoutes,
})
