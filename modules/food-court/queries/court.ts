import { sql } from 'kysely'
import { imageUrlOf } from '../../food/index.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { type PageRequest, pageOffset } from '../../platform/pagination.ts'
import { type ProgramSummary, programStatuses, programTypes } from '../../programs/index.ts'
import { findCourtRow } from '../commands/court.ts'
import { bpToPercent } from '../shared.ts'

/** `FoodCourt`: the court as its owner edits it (never the super merchant password). */
export async function courtJson(db: DbOrTrx, program: ProgramSummary) {
  const row = await findCourtRow(db, program.uuid)
  const counts = await db
    .selectFrom('food_court_invites')
    .select([
      sql<number>`count(*) filter (where status = 2)::int`.as('active'),
      sql<number>`count(*) filter (where status = 2 and onboarding_status <> 'active')::int`.as(
        'not_onboarded',
      ),
    ])
    .where('court_id', '=', program.uuid)
    .executeTakeFirstOrThrow()
  return {
    uuid: program.uuid,
    title: program.title,
    description: program.description,
    status: program.status,
    currency: program.currency,
    image: row?.image_id ?? null,
    image_url: await imageUrlOf(db, row?.image_id ?? null),
    address: row?.address ?? '',
    phone: row?.phone ?? '',
    can_pickup_in_rest: row?.can_pickup_in_rest ?? false,
    time_zone: row?.time_zone ?? 'Europe/Amsterdam',
    domain_name: row?.domain_name ?? null,
    food_court_min_order_amount: Number(row?.min_order_amount ?? 0),
    split_payment_fee_percent: row?.fee_percent_bp == null ? null : bpToPercent(row.fee_percent_bp),
    split_payment_fee_fixed: row?.fee_fixed == null ? null : Number(row.fee_fixed),
    super_merchant_username: row?.super_merchant_username ?? '',
    has_super_merchant_password: !!row?.super_merchant_password,
    external_reference: row?.external_reference ?? '',
    payout_after_days: row?.payout_after_days ?? 7,
    provider: row?.provider ?? 'sandbox',
    restaurants_count: counts.active,
    restaurants_not_onboarded: counts.not_onboarded,
  }
}

/** The owner's courts, newest first. */
export async function listCourts(db: DbOrTrx, ownerId: string, page: PageRequest, search?: string) {
  let q = db
    .selectFrom('programs as p')
    .leftJoin('food_courts as c', 'c.program_id', 'p.id')
    .where('p.owner_user_id', '=', ownerId)
    .where('p.type', '=', programTypes.foodCourtManagement)
  if (search) q = q.where('p.title', 'ilike', `%${search.replace(/[%_\\]/g, '\\$&')}%`)
  const { n } = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
  const rows = await q
    .select([
      'p.id',
      'p.title',
      'p.status',
      'p.currency',
      'c.image_id',
      'c.domain_name',
      sql<number>`(select count(*)::int from food_court_invites i where i.court_id = p.id and i.status = 2)`.as(
        'active',
      ),
    ])
    .orderBy('p.created_at', 'desc')
    .limit(page.size)
    .offset(pageOffset(page))
    .execute()
  const results = []
  for (const r of rows)
    results.push({
      uuid: r.id,
      title: r.title,
      status: r.status,
      currency: r.currency,
      image_url: await imageUrlOf(db, r.image_id),
      domain_name: r.domain_name,
      restaurants_count: r.active,
    })
  return { count: Number(n), results }
}

/** An active court by uuid or by its domain, for guests (undefined: none, or not active). */
export async function activeCourt(
  db: DbOrTrx,
  by: { uuid?: string | undefined; domain?: string | undefined },
) {
  let q = db
    .selectFrom('programs as p')
    .innerJoin('food_courts as c', 'c.program_id', 'p.id')
    .selectAll('c')
    .select(['p.id', 'p.title', 'p.description', 'p.currency', 'p.owner_user_id'])
    .where('p.type', '=', programTypes.foodCourtManagement)
    .where('p.status', '=', programStatuses.active)
  if (by.uuid) q = q.where('p.id', '=', by.uuid)
  else if (by.domain) q = q.where('c.domain_name', '=', by.domain.trim().toLowerCase().replace(/:\d+$/, ''))
  else return undefined
  return q.executeTakeFirst()
}

/** The restaurants a court's guests see: active invitation, onboarding complete. */
export async function onboardedRestaurantIds(db: DbOrTrx, courtId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('food_court_invites')
    .select('restaurant_id')
    .where('court_id', '=', courtId)
    .where('status', '=', 2)
    .where('onboarding_status', '=', 'active')
    .where('merchant_account_id', 'is not', null)
    .execute()
  return rows.map((r) => r.restaurant_id)
}
