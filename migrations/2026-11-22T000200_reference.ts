import { type Kysely, sql } from 'kysely'
import { seedReferenceData } from '../modules/reference/db/seed.ts'

/**
 * Reference data (module `reference`): continents, countries, states and cities, seeded from the
 * npm data packages. Kept lean because every test file clones the migrated database: no translated
 * city names, coordinates as `real` (about a metre at worst), no name trigram index (a country or
 * state filter narrows city searches to a few thousand rows, scanned in milliseconds).
 * The seed reads the pinned packages (modules/reference/sources.ts). Changing that code or a package
 * version changes no database this has already run on: bring new data in with a new migration that
 * calls `seedReferenceData` again (it upserts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('geo_continents')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('names', 'jsonb', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('geo_countries')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('code', 'char(2)', (c) => c.notNull().unique())
    .addColumn('continent_id', 'uuid', (c) => c.references('geo_continents.id'))
    .addColumn('currency_code', 'char(3)', (c) => c.notNull())
    .addColumn('currency_name', 'text', (c) => c.notNull())
    .addColumn('phone_code', 'text', (c) => c.notNull())
    .addColumn('names', 'jsonb', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('geo_states')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('country_id', 'uuid', (c) => c.notNull().references('geo_countries.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text')
    .addUniqueConstraint('geo_states_country_code', ['country_id', 'code'])
    .execute()
  await db.schema
    .createTable('geo_cities')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('country_id', 'uuid', (c) => c.notNull().references('geo_countries.id'))
    .addColumn('state_id', 'uuid', (c) => c.notNull().references('geo_states.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('lat', 'real', (c) => c.notNull())
    .addColumn('lon', 'real', (c) => c.notNull())
    .addColumn('time_zone', 'text')
    .addColumn('zip_code', 'text')
    .execute()
  await seedReferenceData(db)
  // Built after the bulk load. Few distinct keys, so B-tree deduplication keeps it near 1 MB (a
  // name index would add 7 MB to every test database for searches a country filter already narrows).
  await sql`create index geo_cities_place_idx on geo_cities (country_id, state_id)`.execute(db)
}
