import type { Caller } from '../../platform/access.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { currencyExponent } from '../../platform/money.ts'
import { type ProgramSummary, stepOf } from '../../programs/index.ts'
import { foodProgramOf } from '../access.ts'
import { findImage } from '../db/files.ts'
import { findRestaurantRow, type RestaurantRow, type Schedules, schedulesOf } from '../db/restaurants.ts'
import { documentUri, type ImageJson, imageJson } from '../files.ts'
import { defaultWorkingHours, type RestaurantInput } from '../shared.ts'

/** A food program as its owner (and staff) read and edit it: spec section 3 "Food program (restaurant)". */
export interface FoodProgramJson {
  uuid: string
  title: string
  description: string
  status: number
  step: 0 | 1 | 2 | null
  currency: string
  image: ImageJson | null
  address: string
  phone: string
  min_order_amount: number
  order_limit: number | null
  order_limit_message: string
  read_only_mode: boolean
  disable_online_ordering: boolean
  can_pickup_in_rest: boolean
  default_asap: boolean
  latitude: number | null
  longitude: number | null
  pickup_fee_heading: string
  pickup_fee: number | null
  delivering_sms_text: string
  time_zone: string
  type_of_delivery: number
  delivery_range_zip_codes: { zip_code: string; cost: number }[]
  delivery_ranges: { range_start: number; range_end: number; cost: number }[]
  working_hours: { day_of_week: number; enabled: boolean; start_time: string; end_time: string }[]
  working_hours_exceptions: {
    date: string
    closed: boolean
    start_time: string | null
    end_time: string | null
  }[]
  tc_pdf_url: string | null
  privacy_pdf_url: string | null
}

/** Everything the food module keeps of a restaurant, beside its program. */
export interface RestaurantState {
  program: ProgramSummary
  row: RestaurantRow | undefined
  schedules: Schedules
}

export async function restaurantState(db: DbOrTrx, program: ProgramSummary): Promise<RestaurantState> {
  const [row, schedules] = await Promise.all([
    findRestaurantRow(db, program.uuid),
    schedulesOf(db, program.uuid),
  ])
  return { program, row, schedules }
}

const km = (metres: number) => metres / 1000

/** The restaurant as the rules read it (what is stored), to merge a change into. */
export function inputOf(state: RestaurantState): RestaurantInput {
  const { program, row, schedules } = state
  return {
    title: program.title,
    description: program.description,
    address: row?.address ?? '',
    image: row?.image_id ?? null,
    can_pickup_in_rest: row?.can_pickup_in_rest ?? false,
    pickup_fee_heading: row?.pickup_fee_heading ?? '',
    pickup_fee: row?.pickup_fee === null || row?.pickup_fee === undefined ? null : Number(row.pickup_fee),
    type_of_delivery: row?.type_of_delivery ?? 2,
    time_zone: row?.time_zone ?? 'Europe/Amsterdam',
    latitude: row?.latitude ?? null,
    longitude: row?.longitude ?? null,
    delivery_range_zip_codes: schedules.delivery_range_zip_codes,
    delivery_ranges: schedules.delivery_ranges.map((r) => ({
      range_start: km(r.start_m),
      range_end: km(r.end_m),
      cost: r.cost,
    })),
    ...(schedules.working_hours.length ? { working_hours: schedules.working_hours } : {}),
    working_hours_exceptions: schedules.working_hours_exceptions,
  }
}

export const exponentOf = (program: Pick<ProgramSummary, 'currency'>) => currencyExponent(program.currency)

export async function foodProgramJson(db: DbOrTrx, state: RestaurantState): Promise<FoodProgramJson> {
  const { program, row, schedules } = state
  const image = row?.image_id ? await findImage(db, row.image_id) : undefined
  return {
    uuid: program.uuid,
    title: program.title,
    description: program.description,
    status: program.status,
    step: stepOf(program.status),
    currency: program.currency,
    image: image ? imageJson(image) : null,
    address: row?.address ?? '',
    phone: row?.phone ?? '',
    min_order_amount: Number(row?.min_order_amount ?? 0),
    order_limit: row?.order_limit ?? null,
    order_limit_message: row?.order_limit_message ?? '',
    read_only_mode: row?.read_only_mode ?? false,
    disable_online_ordering: row?.disable_online_ordering ?? false,
    can_pickup_in_rest: row?.can_pickup_in_rest ?? false,
    default_asap: row?.default_asap ?? false,
    latitude: row?.latitude ?? null,
    longitude: row?.longitude ?? null,
    pickup_fee_heading: row?.pickup_fee_heading ?? '',
    pickup_fee: row?.pickup_fee === null || row?.pickup_fee === undefined ? null : Number(row.pickup_fee),
    delivering_sms_text: row?.delivering_sms_text ?? '',
    time_zone: row?.time_zone ?? 'Europe/Amsterdam',
    type_of_delivery: row?.type_of_delivery ?? 2,
    delivery_range_zip_codes: schedules.delivery_range_zip_codes,
    delivery_ranges: schedules.delivery_ranges.map((r) => ({
      range_start: km(r.start_m),
      range_end: km(r.end_m),
      cost: r.cost,
    })),
    working_hours: schedules.working_hours.length
      ? schedules.working_hours
      : defaultWorkingHours.map((d) => ({ ...d })),
    working_hours_exceptions: schedules.working_hours_exceptions,
    tc_pdf_url: row?.tc_document_id ? documentUri(row.tc_document_id) : null,
    privacy_pdf_url: row?.privacy_document_id ? documentUri(row.privacy_document_id) : null,
  }
}

/** One food program for its owner or staff (`GET food/programs/{uuid}`). */
export async function readFoodProgram(db: DbOrTrx, me: Caller, uuid: string): Promise<FoodProgramJson> {
  const program = await foodProgramOf(db, me, uuid, { who: 'staff' })
  return foodProgramJson(db, await restaurantState(db, program))
}
