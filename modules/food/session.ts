import { randomUUID } from 'node:crypto'
import type { Caller } from '../platform/access.ts'
import type { DbOrTrx } from '../platform/db.ts'
import { AppError, notFound } from '../platform/errors.ts'
import { findRestaurantRow, type RestaurantRow, type Schedules, schedulesOf } from './db/restaurants.ts'
import { type AreaAnswer, type DeliveryArea, deliveryTo } from './orders/area.ts'
import { normalizeZipCode } from './shared.ts'

/**
 * The food session (spec sections 3, 4 and 7): made once per device, its uuid kept there; it holds
 * the delivery address (zip code, house number, apartment, and the point `lat`/`lon` when the
 * device or the web's address lookup gives one) or pickup in the restaurant, which clears the
 * address. Its uuid is the guest's only key to its basket and orders, so it is a random (v4) uuid,
 * never a time-ordered one that could be guessed.
 */
export interface SessionRow {
  id: string
  user_id: string | null
  zip_code: string | null
  house_number: string | null
  apartment: string | null
  lat: number | null
  lon: number | null
  pickup_in_restaurant: boolean
  time_zone_offset: number | null
  created_at: Date
}

export interface SessionChange {
  pickup_in_restaurant?: boolean | undefined
  zip_code?: string | undefined
  house_number?: string | undefined
  apartment?: string | undefined
  lat?: number | undefined
  lon?: number | undefined
  time_zone_offset?: number | undefined
}

export const invalidSession = () =>
  new AppError('not_found', 'the food session does not exist (start a new one)', {
    reason: 'invalid_session',
  })

/** The address part of a change: pickup clears it; a new zip code without a point forgets the old point. */
function addressOf(change: SessionChange, before?: SessionRow) {
  if (change.pickup_in_restaurant) {
    return {
      pickup_in_restaurant: true,
      zip_code: null,
      house_number: null,
      apartment: null,
      lat: null,
      lon: null,
    }
  }
  const zip =
    change.zip_code === undefined
      ? undefined
      : change.zip_code.trim()
        ? normalizeZipCode(change.zip_code)
        : null
  const movedZip = zip !== undefined && zip !== (before?.zip_code ?? null)
  return {
    pickup_in_restaurant: change.pickup_in_restaurant ?? before?.pickup_in_restaurant ?? false,
    zip_code: zip === undefined ? (before?.zip_code ?? null) : zip,
    house_number:
      change.house_number === undefined ? (before?.house_number ?? null) : change.house_number.trim() || null,
    apartment: change.apartment === undefined ? (before?.apartment ?? null) : change.apartment.trim() || null,
    lat: change.lat ?? (movedZip ? null : (before?.lat ?? null)),
    lon: change.lon ?? (movedZip ? null : (before?.lon ?? null)),
  }
}

export async function createSession(
  db: DbOrTrx,
  me: Caller | null,
  change: SessionChange,
): Promise<SessionRow> {
  return (await db
    .insertInto('food_sessions')
    .values({
      id: randomUUID(),
      user_id: me?.user_id ?? null,
      time_zone_offset: change.time_zone_offset ?? null,
      ...addressOf(change),
    })
    .returningAll()
    .executeTakeFirstOrThrow()) as SessionRow
}

export async function findSession(db: DbOrTrx, id: string): Promise<SessionRow | undefined> {
  return (await db.selectFrom('food_sessions').selectAll().where('id', '=', id).executeTakeFirst()) as
    | SessionRow
    | undefined
}

/** The session or `invalid_session` (spec section 8). */
export async function sessionOf(db: DbOrTrx, id: string): Promise<SessionRow> {
  const found = await findSession(db, id)
  if (!found) throw invalidSession()
  return found
}

export async function updateSession(
  db: DbOrTrx,
  me: Caller | null,
  id: string,
  change: SessionChange,
): Promise<SessionRow> {
  const before = await sessionOf(db, id)
  return (await db
    .updateTable('food_sessions')
    .set({
      ...addressOf(change, before),
      ...(change.time_zone_offset === undefined ? {} : { time_zone_offset: change.time_zone_offset }),
      ...(me && !before.user_id ? { user_id: me.user_id } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()) as SessionRow
}

export interface SessionJson {
  uuid: string
  created: string
  zip_code: string | null
  house_number: string | null
  apartment: string | null
  lat: number | null
  lon: number | null
  pickup_in_restaurant: boolean
}

export const sessionJson = (s: SessionRow): SessionJson => ({
  uuid: s.id,
  created: s.created_at.toISOString(),
  zip_code: s.zip_code,
  house_number: s.house_number,
  apartment: s.apartment,
  lat: s.lat,
  lon: s.lon,
  pickup_in_restaurant: s.pickup_in_restaurant,
})

/** A restaurant's delivery area: how it delivers, from where, and its zip rows or distance ranges. */
export const deliveryAreaOf = (
  restaurant: Pick<RestaurantRow, 'type_of_delivery' | 'latitude' | 'longitude'>,
  schedules: Pick<Schedules, 'delivery_range_zip_codes' | 'delivery_ranges'>,
): DeliveryArea => ({
  type_of_delivery: restaurant.type_of_delivery,
  latitude: restaurant.latitude,
  longitude: restaurant.longitude,
  delivery_range_zip_codes: schedules.delivery_range_zip_codes,
  delivery_ranges: schedules.delivery_ranges,
})

/** Whether the restaurant delivers to an address, and at what cost (spec `restaurant_available`). */
export async function areaOfRestaurant(
  db: DbOrTrx,
  programId: string,
  to: { zip_code: string | null; lat: number | null; lon: number | null },
): Promise<AreaAnswer> {
  const restaurant = await findRestaurantRow(db, programId)
  if (!restaurant) throw notFound('restaurant')
  return deliveryTo(deliveryAreaOf(restaurant, await schedulesOf(db, programId)), to)
}
