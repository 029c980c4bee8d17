/**
 * Reads the reference data from the npm data packages it is seeded from. Nothing here is typed by
 * hand and nothing is downloaded: every file ships inside a package pinned in package.json.
 *
 * - `@countrystatecity/countries` (ODbL-1.0, the dr5hn countries-states-cities database): regions
 *   (our continents) with translations, countries with ISO codes, currency, calling code and region,
 *   states (ISO 3166-2 codes), about 150,000 cities with latitude, longitude and time zone. Chosen
 *   over `country-state-city`, which packs the same database under GPL-3.0 in one 8 MB file, because
 *   it is the database's own package, under a data licence, and split per country.
 * - Country names in our five interface languages: CLDR's short names through Intl.DisplayNames
 *   (the runtime's ICU data: "Nederland", "Verenigd Koninkrijk"), else `i18n-iso-countries` (MIT),
 *   else the database's own translations (which miss some countries), else English. The names
 *   are stored by the migration, so they do not change with the Node version afterwards.
 *   (`i18n-iso-countries` alone gives official names in Dutch: "Koninkrijk der Nederlanden".)
 * - `libphonenumber-js`: the canonical calling code where it knows the country.
 *
 * The database has no postal codes, so `zip_code` stays null; a source that has them can fill the
 * column in a later migration.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import countryNames from 'i18n-iso-countries'
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' }
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' }
import nl from 'i18n-iso-countries/langs/nl.json' with { type: 'json' }
import ru from 'i18n-iso-countries/langs/ru.json' with { type: 'json' }
import uk from 'i18n-iso-countries/langs/uk.json' with { type: 'json' }
import { type CountryCode, getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/max'
import { type Locale, locales } from '../platform/locales.ts'

for (const lang of [en, nl, de, ru, uk]) countryNames.registerLocale(lang)
const regionNames = Object.fromEntries(
  locales.map((l) => [l, new Intl.DisplayNames([l], { type: 'region', fallback: 'none' })]),
) as Record<Locale, Intl.DisplayNames>

/** A name per interface language. */
export type Names = Record<Locale, string>

interface SourceRegion {
  id: number
  name: string
  translations: Record<string, string>
}
interface SourceCountry {
  id: number
  name: string
  iso2: string
  phonecode: string
  currency: string
  currency_name: string
  region_id: number | null
  translations?: Record<string, string>
}
interface SourceState {
  id: number
  name: string
  iso2: string
  type: string | null
}
interface SourceCity {
  id: number
  name: string
  state_id: number
  country_code: string
  latitude: string
  longitude: string
  timezone: string | null
}

const dataDir = path.dirname(
  fileURLToPath(import.meta.resolve('@countrystatecity/countries/data/countries.json')),
)
const readJson = <T>(...parts: string[]): T => JSON.parse(readFileSync(path.join(dataDir, ...parts), 'utf8'))

export interface ContinentSource {
  code: string
  names: Names
}
export interface CountrySource {
  code: string
  continent: string | null
  currency_code: string
  currency_name: string
  phone_code: string
  names: Names
}
export interface StateSource {
  country: string
  code: string
  name: string
  type: string | null
}
export interface CitySource {
  sourceId: number
  country: string
  state: string
  name: string
  lat: number
  lon: number
  time_zone: string | null
}

/** Continent code: the region's English name in lower case (`europe`, `americas`). */
const continentCode = (name: string) => name.toLowerCase()

function localized(english: string, pick: (lang: Locale) => string | undefined): Names {
  return Object.fromEntries(locales.map((l) => [l, pick(l)?.trim() || english])) as Names
}

export function readContinents(): ContinentSource[] {
  return readJson<SourceRegion[]>('regions.json').map((r) => ({
    code: continentCode(r.name),
    names: localized(r.name, (l) => (l === 'en' ? r.name : r.translations[l])),
  }))
}

export function readCountries(): CountrySource[] {
  const regions = new Map(readJson<SourceRegion[]>('regions.json').map((r) => [r.id, r]))
  return readJson<SourceCountry[]>('countries.json').map((c) => {
    const region = c.region_id == null ? undefined : regions.get(c.region_id)
    const calling = isSupportedCountry(c.iso2) ? getCountryCallingCode(c.iso2 as CountryCode) : c.phonecode
    return {
      code: c.iso2,
      continent: region ? continentCode(region.name) : null,
      currency_code: c.currency,
      currency_name: c.currency_name,
      phone_code: `+${calling.replace(/\D/g, '')}`,
      names: localized(
        c.name,
        (l) => regionNames[l].of(c.iso2) ?? countryNames.getName(c.iso2, l) ?? c.translations?.[l],
      ),
    }
  })
}

/** States and cities of every country, read folder by folder (`<Country-XX>/<State-YY>/cities.json`). */
export function readStatesAndCities(): { states: StateSource[]; cities: CitySource[] } {
  const states: StateSource[] = []
  const cities: CitySource[] = []
  for (const entry of readdirSync(dataDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue
    const country = entry.name.slice(-2)
    const folder = path.join(dataDir, entry.name)
    const own = readdirSync(folder, { withFileTypes: true })
    if (!own.some((f) => f.name === 'states.json')) continue
    const byId = new Map<number, string>()
    for (const s of readJson<SourceState[]>(entry.name, 'states.json')) {
      byId.set(s.id, s.iso2)
      states.push({ country, code: s.iso2, name: s.name, type: s.type })
    }
    for (const sub of own) {
      if (!sub.isDirectory()) continue
      for (const c of readJson<SourceCity[]>(entry.name, sub.name, 'cities.json')) {
        const state = byId.get(c.state_id)
        if (!state) continue
        cities.push({
          sourceId: c.id,
          country,
          state,
          name: c.name,
          lat: Number(c.latitude),
          lon: Number(c.longitude),
          time_zone: c.timezone,
        })
      }
    }
  }
  return { states, cities }
}
