import { sql } from 'kysely'
import type { DbOrTrx } from '../../platform/db.ts'
import type { Locale } from '../../platform/locales.ts'
import { type PageRequest, pageOffset } from '../../platform/pagination.ts'

/** `names` holds one name per interface language: pick the caller's. */
const nameIn = (lang: Locale, table: 'geo_continents' | 'geo_countries' = 'geo_countries') =>
  sql<string>`${sql.ref(`${table}.names`)}->>${lang}`

/** Escapes LIKE wildcards so a search for `50%` finds that text. */
const likeContains = (q: string) => `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`

export interface Continent {
  uuid: string
  code: string
  name: string
}

export async function listContinents(db: DbOrTrx, lang: Locale): Promise<Continent[]> {
  return db
    .selectFrom('geo_continents')
    .select(['id as uuid', 'code', nameIn(lang, 'geo_continents').as('name')])
    .orderBy('code')
    .execute()
}

export async function findContinent(db: DbOrTrx, uuidOrCode: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('geo_continents')
    .select('id')
    .where((eb) =>
      isUuid(uuidOrCode) ? eb('id', '=', uuidOrCode) : eb('code', '=', uuidOrCode.toLowerCase()),
    )
    .executeTakeFirst()
}

export interface Country {
  uuid: string
  name: string
  code: string
  currency_code: string
  currency_name: string
  phone_code: string
  continent: string | null
}

const countryColumns = (lang: Locale) =>
  [
    'geo_countries.id as uuid',
    nameIn(lang).as('name'),
    'geo_countries.code',
    'currency_code',
    'currency_name',
    'phone_code',
    'geo_continents.code as continent',
  ] as const

function countries(db: DbOrTrx) {
  return db.selectFrom('geo_countries').leftJoin('geo_continents', 'geo_continents.id', 'continent_id')
}

export async function listCountries(
  db: DbOrTrx,
  filter: { lang: Locale; name?: string | undefined; continentId?: string | undefined },
  page: PageRequest,
): Promise<{ count: number; rows: Country[] }> {
  let q = countries(db)
  if (filter.name) {
    const like = likeContains(filter.name)
    // The caller's language or English: people type either.
    q = q.where((eb) => eb.or([eb(nameIn(filter.lang), 'ilike', like), eb(nameIn('en'), 'ilike', like)]))
  }
  if (filter.continentId) q = q.where('continent_id', '=', filter.continentId)
  const [{ count }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    q
      .select(countryColumns(filter.lang))
      .orderBy(nameIn(filter.lang))
      .orderBy('geo_countries.code')
      .limit(page.size)
      .offset(pageOffset(page))
      .execute(),
  ])
  return { count: Number(count), rows: rows.map((r) => ({ ...r, code: r.code.trim() })) }
}

export async function findCountry(db: DbOrTrx, uuid: string, lang: Locale): Promise<Country | undefined> {
  const row = await countries(db)
    .select(countryColumns(lang))
    .where('geo_countries.id', '=', uuid)
    .executeTakeFirst()
  return row && { ...row, code: row.code.trim() }
}

export async function findCountryByCode(
  db: DbOrTrx,
  code: string,
  lang: Locale,
): Promise<Country | undefined> {
  const row = await countries(db)
    .select(countryColumns(lang))
    .where('geo_countries.code', '=', code.toUpperCase())
    .executeTakeFirst()
  return row && { ...row, code: row.code.trim() }
}

export interface State {
  uuid: string
  name: string
  code: string
  type: string | null
  country: string
}

export async function listStates(
  db: DbOrTrx,
  filter: { countryId?: string | undefined; name?: string | undefined },
  page: PageRequest,
): Promise<{ count: number; rows: State[] }> {
  let q = db.selectFrom('geo_states')
  if (filter.countryId) q = q.where('country_id', '=', filter.countryId)
  if (filter.name) q = q.where('name', 'ilike', likeContains(filter.name))
  const [{ count }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    q
      .select(['id as uuid', 'name', 'code', 'type', 'country_id as country'])
      .orderBy('name')
      .orderBy('id')
      .limit(page.size)
      .offset(pageOffset(page))
      .execute(),
  ])
  return { count: Number(count), rows }
}

export async function findState(db: DbOrTrx, uuid: string): Promise<State | undefined> {
  return db
    .selectFrom('geo_states')
    .select(['id as uuid', 'name', 'code', 'type', 'country_id as country'])
    .where('id', '=', uuid)
    .executeTakeFirst()
}

export async function findStateByCode(
  db: DbOrTrx,
  countryId: string,
  code: string,
): Promise<State | undefined> {
  return db
    .selectFrom('geo_states')
    .select(['id as uuid', 'name', 'code', 'type', 'country_id as country'])
    .where('country_id', '=', countryId)
    .where('code', '=', code)
    .executeTakeFirst()
}

export interface City {
  uuid: string
  name: string
  lat: number
  lon: number
  time_zone: string | null
  zip_code: string | null
  state: string
  country: string
}

const cityColumns = [
  'id as uuid',
  'name',
  'lat',
  'lon',
  'time_zone',
  'zip_code',
  'state_id as state',
  'country_id as country',
] as const

export async function listCities(
  db: DbOrTrx,
  filter: { countryId?: string | undefined; stateId?: string | undefined; name?: string | undefined },
  page: PageRequest,
): Promise<{ count: number; rows: City[] }> {
  let q = db.selectFrom('geo_cities')
  if (filter.countryId) q = q.where('country_id', '=', filter.countryId)
  if (filter.stateId) q = q.where('state_id', '=', filter.stateId)
  if (filter.name) q = q.where('name', 'ilike', likeContains(filter.name))
  const [{ count }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    q.select(cityColumns).orderBy('name').orderBy('id').limit(page.size).offset(pageOffset(page)).execute(),
  ])
  return { count: Number(count), rows }
}

export async function findCity(db: DbOrTrx, uuid: string): Promise<City | undefined> {
  return db.selectFrom('geo_cities').select(cityColumns).where('id', '=', uuid).executeTakeFirst()
}

/** The city of that name in a state (or country), for the IP lookup; the first by name when several share it. */
export async function findCityByName(
  db: DbOrTrx,
  where: { countryId: string; stateId?: string | undefined; name: string },
): Promise<City | undefined> {
  let q = db
    .selectFrom('geo_cities')
    .select(cityColumns)
    .where('country_id', '=', where.countryId)
    .where(sql<string>`lower(name)`, '=', where.name.toLowerCase())
  if (where.stateId) q = q.where('state_id', '=', where.stateId)
  return q.orderBy('id').limit(1).executeTakeFirst()
}

export const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)
