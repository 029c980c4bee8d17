import type { RequestContext } from '../../platform/context.ts'
import type { Db, Trx } from '../../platform/db.ts'
import {
  createProgram,
  type ProgramStatus,
  programStatuses,
  programTypes,
  updateProgramIn,
} from '../../programs/index.ts'
import { type Caller, foodProgramOf } from '../access.ts'
import { findDocument, findImage } from '../db/files.ts'
import { type RestaurantColumns, replaceSchedules, saveRestaurantRow } from '../db/restaurants.ts'
import { type FieldIssue, invalidInput } from '../errors.ts'
import { documentIdOf } from '../files.ts'
import { exponentOf, inputOf, type RestaurantState, restaurantState } from '../queries/restaurant.ts'
import {
  checkRestaurant,
  type ExceptionInput,
  type RangeInput,
  type WorkingHoursInput,
  type ZipRowInput,
} from '../shared.ts'

/** A restaurant's fields as `POST`/`PATCH food/programs` take them (every one optional on PATCH). */
export interface RestaurantChange {
  title?: string | undefined
  description?: string | undefined
  currency?: string | undefined
  image?: string | null | undefined
  address?: string | undefined
  phone?: string | undefined
  min_order_amount?: number | undefined
  order_limit?: number | null | undefined
  order_limit_message?: string | undefined
  read_only_mode?: boolean | undefined
  disable_online_ordering?: boolean | undefined
  can_pickup_in_rest?: boolean | undefined
  default_asap?: boolean | undefined
  latitude?: number | null | undefined
  longitude?: number | null | undefined
  pickup_fee_heading?: string | undefined
  pickup_fee?: string | number | null | undefined
  delivering_sms_text?: string | undefined
  time_zone?: string | undefined
  type_of_delivery?: 1 | 2 | undefined
  delivery_range_zip_codes?: ZipRowInput[] | undefined
  delivery_ranges?: RangeInput[] | undefined
  working_hours?: WorkingHoursInput[] | undefined
  working_hours_exceptions?: ExceptionInput[] | undefined
  tc_pdf_url?: string | null | undefined
  privacy_pdf_url?: string | null | undefined
}

const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>

/**
 * Creates a food program (step 0 and the restaurant step of the wizard at once): the program at
 * draftStep1 through the programs module, its restaurant checked by every rule of spec section 5,
 * then draftStep2 (the restaurant step done), in one transaction. Bad input changes nothing.
 */
export async function createFoodProgram(
  db: Db,
  ctx: RequestContext,
  me: Caller,
  change: RestaurantChange & { title: string },
): Promise<string> {
  // The whole restaurant is checked before the program exists, so bad input creates nothing.
  const { problems } = checkRestaurant(change, {
    currencyExponent: exponentOf({ currency: change.currency ?? 'EUR' }),
  })
  if (problems.length) throw invalidInput(problems)
  const id = await db.transaction().execute(async (trx) => {
    const created = await createProgram(trx, ctx, me.user_id, {
      type: programTypes.foodsManagement,
      title: change.title,
      description: change.description ?? '',
      currency: change.currency ?? 'EUR',
    })
    const program = await foodProgramOf(trx, me, created.id, { who: 'owner', lock: trx, change: true })
    await saveIn(trx, ctx, me, await restaurantState(trx, program), change)
    return created.id
  })
  ctx.log.info({ program_id: id }, 'food program created')
  return id
}

/**
 * Changes a food program's restaurant (`PATCH food/programs/{uuid}`): the change is merged into
 * what is stored and the whole restaurant is checked again, so it is always complete and valid. The
 * program's title, description and currency change through the programs module (its rules: the
 * currency only while a draft). A draftStep1 program moves to draftStep2: the restaurant step is done.
 */
export async function updateFoodProgram(
  db: Db,
  ctx: RequestContext,
  me: Caller,
  uuid: string,
  change: RestaurantChange,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const program = await foodProgramOf(trx, me, uuid, { who: 'owner', lock: trx, change: true })
    await saveIn(trx, ctx, me, await restaurantState(trx, program), change)
  })
  ctx.log.info({ program_id: uuid }, 'restaurant saved')
}

async function saveIn(
  trx: Trx,
  ctx: RequestContext,
  me: Caller,
  state: RestaurantState,
  change: RestaurantChange,
): Promise<void> {
  const { program, row } = state
  const given = defined(change)
  const merged = { ...inputOf(state), ...given }
  const exponent = exponentOf({ currency: change.currency ?? program.currency })
  const checked = checkRestaurant(merged, { currencyExponent: exponent })
  const { value } = checked
  const problems: FieldIssue[] = [...checked.problems]

  // The image and the documents must be the caller's own uploads (or those already chosen).
  const image = merged.image ?? null
  if (image && image !== row?.image_id) {
    const found = await findImage(trx, image)
    if (!found || found.uploaded_by !== me.user_id || found.kind !== 'restaurant') {
      problems.push({
        field: 'image',
        code: 'image_unknown',
        message: 'no such image: upload it with POST food/programs/images',
      })
    }
  }
  const documents: Partial<Record<'tc_document_id' | 'privacy_document_id', string | null>> = {}
  for (const [field, column, kind] of [
    ['tc_pdf_url', 'tc_document_id', 'terms'],
    ['privacy_pdf_url', 'privacy_document_id', 'privacy'],
  ] as const) {
    const uri = change[field]
    if (uri === undefined) continue
    if (uri === null || uri === '') {
      documents[column] = null
      continue
    }
    const id = documentIdOf(uri)
    if (id && id === row?.[column]) continue
    const doc = id ? await findDocument(trx, id) : undefined
    if (!doc || doc.uploaded_by !== me.user_id || doc.kind !== kind) {
      problems.push({
        field,
        code: 'document_unknown',
        message: `no such ${kind} document: upload the PDF first`,
      })
    } else documents[column] = doc.id
  }
  if (problems.length) throw invalidInput(problems)

  const details = {
    ...(change.title !== undefined && change.title !== program.title ? { title: change.title.trim() } : {}),
    ...(change.description !== undefined && change.description !== program.description
      ? { description: change.description.trim() }
      : {}),
    ...(change.currency !== undefined && change.currency !== program.currency
      ? { currency: change.currency }
      : {}),
  }
  if (Object.keys(details).length) await updateProgramIn(trx, ctx, me, program.uuid, details)

  const columns: RestaurantColumns = {
    image_id: image,
    address: (merged.address ?? '').trim(),
    pickup_fee_heading: (merged.pickup_fee_heading ?? '').trim(),
    pickup_fee: value.pickup_fee === null ? null : BigInt(value.pickup_fee),
    can_pickup_in_rest: merged.can_pickup_in_rest ?? false,
    type_of_delivery: merged.type_of_delivery ?? 2,
    time_zone: merged.time_zone ?? 'Europe/Amsterdam',
    latitude: merged.latitude ?? null,
    longitude: merged.longitude ?? null,
    ...(given.min_order_amount !== undefined ? { min_order_amount: BigInt(given.min_order_amount) } : {}),
    ...pick(given, [
      'phone',
      'order_limit',
      'order_limit_message',
      'read_only_mode',
      'disable_online_ordering',
      'default_asap',
      'delivering_sms_text',
    ]),
    ...documents,
  }
  await saveRestaurantRow(trx, program.uuid, columns)
  await replaceSchedules(trx, program.uuid, value)
  if (program.status === programStatuses.draftStep1) {
    await updateProgramIn(trx, ctx, me, program.uuid, { status: programStatuses.draftStep2 as ProgramStatus })
    ctx.log.info({ program_id: program.uuid, to: programStatuses.draftStep2 }, 'program status changed')
  }
}

function pick<T extends object, K extends keyof T>(o: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, o[k]])) as Pick<T, K>
}
