import { type Kysely, sql } from 'kysely'
import { cityId, continentId, countryId, stateId } from '../ids.ts'
import { readContinents, readCountries, readStatesAndCities } from '../sources.ts'

/** Rows per insert statement: arrays bound as parameters, unnested by PostgreSQL. */
const chunk = 20_000

function* chunks<T>(rows: T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += chunk) yield rows.slice(i, i + chunk)
}

/**
 * Fills the geo tables from the data packages (see sources.ts). Upserts by uuid, so a later
 * migration can call it again after a package update to bring in new and changed rows; rows the
 * data dropped stay (other modules may refer to them). Takes a few seconds: about 150,000 cities.
 */
// biome-ignore lint/suspicious/noExplicitAny: runs inside migrations, before the typed schema exists
export async function seedReferenceData(db: Kysely<any>): Promise<void> {
  const continents = readContinents()
  for (const c of continents) {
    await sql`insert into geo_continents (id, code, names) values (${continentId(c.code)}, ${c.code}, ${JSON.stringify(c.names)})
      on conflict (id) do update set code = excluded.code, names = excluded.names`.execute(db)
  }

  for (const c of readCountries()) {
    await sql`insert into geo_countries (id, code, continent_id, currency_code, currency_name, phone_code, names)
      values (${countryId(c.code)}, ${c.code}, ${c.continent ? continentId(c.continent) : null}, ${c.currency_code},
        ${c.currency_name}, ${c.phone_code}, ${JSON.stringify(c.names)})
      on conflict (id) do update set code = excluded.code, continent_id = excluded.continent_id,
        currency_code = excluded.currency_code, currency_name = excluded.currency_name,
        phone_code = excluded.phone_code, names = excluded.names`.execute(db)
  }

  const { states, cities } = readStatesAndCities()
  for (const part of chunks(states)) {
    await sql`insert into geo_states (id, country_id, code, name, type)
      select * from unnest(${part.map((s) => stateId(s.country, s.code))}::uuid[],
        ${part.map((s) => countryId(s.country))}::uuid[], ${part.map((s) => s.code)}::text[],
        ${part.map((s) => s.name)}::text[], ${part.map((s) => s.type)}::text[])
      on conflict (id) do update set code = excluded.code, name = excluded.name, type = excluded.type`.execute(
      db,
    )
  }
  for (const part of chunks(cities)) {
    await sql`insert into geo_cities (id, country_id, state_id, name, lat, lon, time_zone)
      select * from unnest(${part.map((c) => cityId(c.sourceId))}::uuid[],
        ${part.map((c) => countryId(c.country))}::uuid[], ${part.map((c) => stateId(c.country, c.state))}::uuid[],
        ${part.map((c) => c.name)}::text[], ${part.map((c) => c.lat)}::real[], ${part.map((c) => c.lon)}::real[],
        ${part.map((c) => c.time_zone)}::text[])
      on conflict (id) do update set state_id = excluded.state_id, name = excluded.name, lat = excluded.lat,
        lon = excluded.lon, time_zone = excluded.time_zone`.execute(db)
  }
}
