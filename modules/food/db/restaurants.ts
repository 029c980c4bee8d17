import { type Insertable, type Selectable, sql } from 'kysely'
import type { DB, DbOrTrx } from '../../platform/db.ts'
import type { ExceptionRow } from '../hours.ts'
import { restaurantChanged } from '../queries/guest.ts'
import type { ValidRestaurant, WorkingHoursRow } from '../shared.ts'

export type RestaurantRow = Selectable<DB['food_restaurants']>
export type RestaurantColumns = Omit<
  Insertable<DB['food_restaurants']>,
  'program_id' | 'version' | 'created_at'
>

export function findRestaurantRow(db: DbOrTrx, programId: string): Promise<RestaurantRow | undefined> {
  return db.selectFrom('food_restaurants').selectAll().where('program_id', '=', programId).executeTakeFirst()
}

/** Writes the restaurant's own columns (a new one, or a change) and bumps its version. */
export async function saveRestaurantRow(
  db: DbOrTrx,
  programId: string,
  set: RestaurantColumns,
): Promise<void> {
  await db
    .insertInto('food_restaurants')
    .values({ ...set, program_id: programId })
    .onConflict((oc) =>
      oc.column('program_id').doUpdateSet({
        ...set,
        version: sql`food_restaurants.version + 1`,
        updated_at: sql`now()`,
      }),
    )
    .execute()
  restaurantChanged(programId)
}

/**
 * The restaurant's row, made with its defaults when the program has none yet (a food program
 * created through `manager/programs` gets its menu or brand before its restaurant settings).
 */
export async function ensureRestaurantRow(db: DbOrTrx, programId: string): Promise<void> {
  await db
    .insertInto('food_restaurants')
    .values({ program_id: programId })
    .onConflict((oc) => oc.column('program_id').doNothing())
    .execute()
}

/**
 * Marks a change guests can see (menu, announcements, brand): the guest pages' cached copies of
 * this restaurant are stale from now on.
 */
export async function bumpVersion(db: DbOrTrx, programId: string): Promise<void> {
  await db
    .updateTable('food_restaurants')
    .set({ version: sql`version + 1`, updated_at: sql`now()` })
    .where('program_id', '=', programId)
    .execute()
  restaurantChanged(programId)
}

/** Replaces the restaurant's delivery rows, working hours and exceptions with the checked ones. */
export async function replaceSchedules(
  db: DbOrTrx,
  programId: string,
  value: ValidRestaurant,
): Promise<void> {
  await Promise.all([
    db.deleteFrom('food_delivery_zip_codes').where('program_id', '=', programId).execute(),
    db.deleteFrom('food_delivery_ranges').where('program_id', '=', programId).execute(),
    db.deleteFrom('food_working_hours').where('program_id', '=', programId).execute(),
    db.deleteFrom('food_working_hours_exceptions').where('program_id', '=', programId).execute(),
  ])
  const inserts: Promise<unknown>[] = []
  if (value.delivery_range_zip_codes.length) {
    inserts.push(
      db
        .insertInto('food_delivery_zip_codes')
        .values(
          value.delivery_range_zip_codes.map((z, i) => ({
            program_id: programId,
            position: i,
            zip_code: z.zip_code,
            cost: BigInt(z.cost),
          })),
        )
        .execute(),
    )
  }
  if (value.delivery_ranges.length) {
    inserts.push(
      db
        .insertInto('food_delivery_ranges')
        .values(
          value.delivery_ranges.map((r, i) => ({
            program_id: programId,
            position: i,
            start_m: r.start_m,
            end_m: r.end_m,
            cost: BigInt(r.cost),
          })),
        )
        .execute(),
    )
  }
  inserts.push(
    db
      .insertInto('food_working_hours')
      .values(value.working_hours.map((h) => ({ program_id: programId, ...h })))
      .execute(),
  )
  if (value.working_hours_exceptions.length) {
    inserts.push(
      db
        .insertInto('food_working_hours_exceptions')
        .values(value.working_hours_exceptions.map((e) => ({ program_id: programId, ...e })))
        .execute(),
    )
  }
  await Promise.all(inserts)
}

export interface Schedules {
  delivery_range_zip_codes: { zip_code: string; cost: number }[]
  delivery_ranges: { start_m: number; end_m: number; cost: number }[]
  working_hours: WorkingHoursRow[]
  working_hours_exceptions: ExceptionRow[]
}

const hhmm = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'HH24:MI')`

/** The restaurant's delivery rows, working hours and exceptions, in their order. */
export async function schedulesOf(db: DbOrTrx, programId: string): Promise<Schedules> {
  const [zips, ranges, hours, exceptions] = await Promise.all([
    db
      .selectFrom('food_delivery_zip_codes')
      .select(['zip_code', 'cost'])
      .where('program_id', '=', programId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('food_delivery_ranges')
      .select(['start_m', 'end_m', 'cost'])
      .where('program_id', '=', programId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('food_working_hours')
      .select([
        'day_of_week',
        'enabled',
        hhmm('start_time').as('start_time'),
        hhmm('end_time').as('end_time'),
      ])
      .where('program_id', '=', programId)
      .orderBy('day_of_week')
      .execute(),
    db
      .selectFrom('food_working_hours_exceptions')
      .select([
        sql<string>`date::text`.as('date'),
        'closed',
        hhmm('start_time').as('start_time'),
        hhmm('end_time').as('end_time'),
      ])
      .where('program_id', '=', programId)
      .orderBy('date')
      .execute(),
  ])
  return {
    delivery_range_zip_codes: zips.map((z) => ({ zip_code: z.zip_code, cost: Number(z.cost) })),
    delivery_ranges: ranges.map((r) => ({ start_m: r.start_m, end_m: r.end_m, cost: Number(r.cost) })),
    working_hours: hours,
    working_hours_exceptions: exceptions,
  }
}

/** Whether the restaurant has an active product in its menu (a draft reaches draftStep3 with one). */
export async function hasActiveProduct(db: DbOrTrx, programId: string): Promise<boolean> {
  const row = await db
    .selectFrom('food_products')
    .select('id')
    .where('program_id', '=', programId)
    .where('is_active', '=', true)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}
