import { sql } from 'kysely'
import { imageUrlOf } from '../../food/index.ts'
import { portalUrl } from '../../identity/index.ts'
import { merchantStatus, onboardMerchant, type ProviderId } from '../../payments/index.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { businessRule, notFound } from '../../platform/errors.ts'
import { newId } from '../../platform/ids.ts'
import type { Services } from '../../platform/module.ts'
import { type PageRequest, pageOffset } from '../../platform/pagination.ts'
import { findProgram, programStatuses, programTypes } from '../../programs/index.ts'
import { type Caller, courtOf, ownRestaurant } from '../access.ts'
import { inviteIsAlreadySent, inviteNotFound } from '../errors.ts'
import { bpToPercent } from '../shared.ts'

export type InviteFilter = 'all' | 'active' | 'pending' | 'declined'
const filterStatus = { active: 2, pending: 1, declined: 3 } as const

type Ctx = Pick<RequestContext, 'actor' | 'requestId' | 'log'>

const like = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`

/** Restaurants (active food programs) with this court's invitation, as the court owner lists them. */
function restaurantsWithInvite(db: DbOrTrx, courtId: string) {
  return db
    .selectFrom('programs as p')
    .innerJoin('users as u', 'u.id', 'p.owner_user_id')
    .leftJoin('food_restaurants as r', 'r.program_id', 'p.id')
    .leftJoin('food_brandings as b', 'b.program_id', 'p.id')
    .leftJoin('food_court_invites as i', (j) =>
      j.onRef('i.restaurant_id', '=', 'p.id').on('i.court_id', '=', courtId),
    )
    .where('p.type', '=', programTypes.foodsManagement)
}

const inviteColumns = [
  'i.id as invite_id',
  'p.id as restaurant_id',
  'p.title',
  'p.status as program_status',
  'r.image_id',
  'r.address',
  'b.domain_name',
  'u.email as owner_email',
  'i.status',
  'i.onboarding_url',
  'i.onboarding_status',
  'i.merchant_account_id',
  'i.updated_at',
] as const

type InviteRowish = {
  invite_id: string | null
  restaurant_id: string
  title: string
  image_id: string | null
  address: string | null
  domain_name: string | null
  owner_email: string
  status: number | null
  onboarding_url: string | null
  onboarding_status: string | null
  merchant_account_id: string | null
  updated_at: Date | null
}

async function inviteJson(db: DbOrTrx, r: InviteRowish) {
  const status = (r.status ?? 0) as 0 | 1 | 2 | 3
  const onboarding = (r.onboarding_status ?? 'none') as 'none' | 'pending' | 'active' | 'failed'
  return {
    invite_uuid: r.invite_id,
    program_uuid: r.restaurant_id,
    title: r.title,
    image_url: await imageUrlOf(db, r.image_id),
    address: r.address ?? '',
    domain_name: r.domain_name,
    owner_email: r.owner_email,
    status,
    ccvpay_url: onboarding === 'pending' ? r.onboarding_url : null,
    ccvpay_status: onboarding,
    is_split_payments_enabled: status === 2 && onboarding === 'active' && !!r.merchant_account_id,
    updated_at: r.updated_at ? r.updated_at.toISOString() : null,
  }
}

export type InviteJson = Awaited<ReturnType<typeof inviteJson>>

/** `GET invite`: the court's filters all (every active restaurant, status 0 when not invited), active, pending, declined. */
export async function listInvites(
  db: DbOrTrx,
  me: Caller,
  courtId: string,
  q: { status: InviteFilter; title?: string | undefined; email?: string | undefined },
  page: PageRequest,
) {
  await courtOf(db, me, courtId)
  let base = restaurantsWithInvite(db, courtId)
  if (q.status === 'all') base = base.where('p.status', '=', programStatuses.active)
  else base = base.where('i.status', '=', filterStatus[q.status])
  if (q.title) base = base.where('p.title', 'ilike', like(q.title))
  if (q.email) base = base.where('u.email', 'ilike', like(q.email))
  const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
  const rows = await base
    .select([...inviteColumns])
    .orderBy('p.title')
    .orderBy('p.id')
    .limit(page.size)
    .offset(pageOffset(page))
    .execute()
  const results: InviteJson[] = []
  for (const r of rows) results.push(await inviteJson(db, r))
  return { count: Number(n), results }
}

async function oneInvite(db: DbOrTrx, courtId: string, restaurantId: string) {
  const row = await restaurantsWithInvite(db, courtId)
    .where('p.id', '=', restaurantId)
    .select([...inviteColumns])
    .executeTakeFirst()
  if (!row) throw notFound('restaurant')
  return inviteJson(db, row)
}

/** `POST invite`: sends (pending); pending or active already: 400 inviteIsAlreadySent. */
export async function sendInvite(db: DbOrTrx, ctx: Ctx, me: Caller, courtId: string, restaurantId: string) {
  await courtOf(db, me, courtId, { change: true })
  const restaurant = await findProgram(db, restaurantId)
  if (!restaurant || restaurant.status !== programStatuses.active) throw notFound('restaurant')
  if (restaurant.type !== programTypes.foodsManagement)
    throw businessRule('only restaurants (food programs) can be invited', 'not_food_program')
  const existing = await db
    .selectFrom('food_court_invites')
    .select(['id', 'status'])
    .where('court_id', '=', courtId)
    .where('restaurant_id', '=', restaurantId)
    .executeTakeFirst()
  if (existing && (existing.status === 1 || existing.status === 2)) throw inviteIsAlreadySent()
  if (existing) {
    const updated = await db
      .updateTable('food_court_invites')
      .set({ status: 1, invited_by: me.user_id, answered_by: null, updated_at: new Date() })
      .where('id', '=', existing.id)
      .where('status', 'in', [0, 3])
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) throw inviteIsAlreadySent()
  } else {
    const inserted = await db
      .insertInto('food_court_invites')
      .values({
        id: newId(),
        court_id: courtId,
        restaurant_id: restaurantId,
        status: 1,
        invited_by: me.user_id,
      })
      .onConflict((oc) => oc.columns(['court_id', 'restaurant_id']).doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!inserted) throw inviteIsAlreadySent()
  }
  ctx.log.info({ court_id: courtId, restaurant_id: restaurantId }, 'food court invitation sent')
  return oneInvite(db, courtId, restaurantId)
}

/**
 * `DELETE invite`: withdraws. From the `all` list it becomes unsent (0, kept), from the others it is
 * deleted. The restaurant then gets 404 notFount; it leaves the court's cart at once.
 */
export async function removeInvite(
  db: DbOrTrx,
  me: Caller,
  courtId: string,
  restaurantId: string,
  list: InviteFilter,
) {
  await courtOf(db, me, courtId)
  const existing = await db
    .selectFrom('food_court_invites')
    .select(['id'])
    .where('court_id', '=', courtId)
    .where('restaurant_id', '=', restaurantId)
    .executeTakeFirst()
  if (!existing) throw inviteNotFound()
  if (list === 'all') {
    await db
      .updateTable('food_court_invites')
      .set({ status: 0, updated_at: new Date() })
      .where('id', '=', existing.id)
      .execute()
  } else {
    await db.deleteFrom('food_court_invites').where('id', '=', existing.id).execute()
  }
  return oneInvite(db, courtId, restaurantId)
}

export async function inviteCounts(db: DbOrTrx, me: Caller, courtId: string) {
  await courtOf(db, me, courtId)
  return db
    .selectFrom('food_court_invites')
    .select([
      sql<number>`count(*) filter (where status = 2)::int`.as('active'),
      sql<number>`count(*) filter (where status = 1)::int`.as('pending'),
      sql<number>`count(*) filter (where status = 3)::int`.as('declined'),
    ])
    .where('court_id', '=', courtId)
    .executeTakeFirstOrThrow()
}

// ── The restaurant's side ─────────────────────────────────────────────────────────────────────────

function invitationsOf(db: DbOrTrx) {
  return db
    .selectFrom('food_court_invites as i')
    .innerJoin('programs as c', 'c.id', 'i.court_id')
    .innerJoin('programs as r', 'r.id', 'i.restaurant_id')
    .innerJoin('users as cu', 'cu.id', 'c.owner_user_id')
    .leftJoin('food_courts as fc', 'fc.program_id', 'i.court_id')
    .select([
      'i.id',
      'i.status',
      'i.onboarding_status',
      'i.onboarding_url',
      'i.merchant_account_id',
      'i.created_at',
      'i.updated_at',
      'i.restaurant_id',
      'r.title as restaurant_title',
      'r.owner_user_id as restaurant_owner',
      'c.id as court_id',
      'c.title as court_title',
      'c.description as court_description',
      'c.currency',
      'cu.first_name',
      'cu.last_name',
      'fc.image_id',
      'fc.address',
      'fc.domain_name',
      'fc.min_order_amount',
      'fc.fee_percent_bp',
      'fc.fee_fixed',
      'fc.payout_after_days',
    ])
    .where('i.status', 'in', [1, 2, 3])
}

type InvitationRow = NonNullable<Awaited<ReturnType<ReturnType<typeof invitationsOf>['executeTakeFirst']>>>

async function invitationJson(db: DbOrTrx, r: InvitationRow) {
  const onboarding = r.onboarding_status as 'none' | 'pending' | 'active' | 'failed'
  return {
    invite_uuid: r.id,
    restaurant_uuid: r.restaurant_id,
    restaurant_title: r.restaurant_title,
    court: {
      uuid: r.court_id,
      title: r.court_title,
      description: r.court_description,
      image_url: await imageUrlOf(db, r.image_id),
      address: r.address ?? '',
      domain_name: r.domain_name,
      currency: r.currency,
      food_court_min_order_amount: Number(r.min_order_amount ?? 0),
      split_payment_fee_percent: r.fee_percent_bp == null ? null : bpToPercent(r.fee_percent_bp),
      split_payment_fee_fixed: r.fee_fixed == null ? null : Number(r.fee_fixed),
      payout_after_days: r.payout_after_days ?? 7,
      owner_name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
    },
    status: r.status as 1 | 2 | 3,
    ccvpay_url: onboarding === 'pending' ? r.onboarding_url : null,
    ccvpay_status: onboarding,
    is_split_payments_enabled: r.status === 2 && onboarding === 'active' && !!r.merchant_account_id,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }
}

/** `GET invitations`: invitations sent to the caller's restaurants. */
export async function listInvitations(
  db: DbOrTrx,
  me: Caller,
  q: { program_uuid?: string | undefined; status: InviteFilter },
  page: PageRequest,
) {
  if (q.program_uuid) await ownRestaurant(db, me, q.program_uuid)
  let base = invitationsOf(db).where('r.owner_user_id', '=', me.user_id)
  if (q.program_uuid) base = base.where('i.restaurant_id', '=', q.program_uuid)
  if (q.status !== 'all') base = base.where('i.status', '=', filterStatus[q.status])
  const all = await base.orderBy('i.updated_at', 'desc').execute()
  const slice = all.slice(pageOffset(page), pageOffset(page) + page.size)
  const results = []
  for (const r of slice) results.push(await invitationJson(db, r))
  return { count: all.length, results }
}

/** One invitation of the caller's restaurant (withdrawn, or not theirs: 404 notFount). */
export async function invitation(db: DbOrTrx, me: Caller, inviteId: string) {
  const row = await invitationsOf(db).where('i.id', '=', inviteId).executeTakeFirst()
  if (!row || row.restaurant_owner !== me.user_id) throw inviteNotFound()
  return invitationJson(db, row)
}

async function invitationOfPair(db: DbOrTrx, me: Caller, courtId: string, restaurantId: string) {
  await ownRestaurant(db, me, restaurantId)
  const row = await invitationsOf(db)
    .where('i.court_id', '=', courtId)
    .where('i.restaurant_id', '=', restaurantId)
    .executeTakeFirst()
  if (!row) throw inviteNotFound()
  return row
}

/** `POST invite/{restaurant}`: the restaurant accepts (2) or declines (3). Withdrawn: 404 notFount. */
export async function answerInvite(
  db: DbOrTrx,
  ctx: Ctx,
  me: Caller,
  restaurantId: string,
  courtId: string,
  status: 2 | 3,
) {
  const row = await invitationOfPair(db, me, courtId, restaurantId)
  await db
    .updateTable('food_court_invites')
    .set({ status, answered_by: me.user_id, updated_at: new Date() })
    .where('id', '=', row.id)
    .where('status', 'in', [1, 2, 3])
    .execute()
  ctx.log.info({ court_id: courtId, restaurant_id: restaurantId, status }, 'food court invitation answered')
  return invitation(db, me, row.id)
}

// ── Onboarding at the provider ────────────────────────────────────────────────────────────────────

export interface OnboardingJson {
  invite_uuid: string
  status: 0 | 1 | 2 | 3
  ccvpay_status: 'none' | 'pending' | 'active' | 'failed'
  ccvpay_url: string | null
  is_split_payments_enabled: boolean
  step: 2 | 3 | 4
}

async function onboardingJson(db: DbOrTrx, inviteId: string): Promise<OnboardingJson> {
  const i = await db
    .selectFrom('food_court_invites')
    .selectAll()
    .where('id', '=', inviteId)
    .executeTakeFirstOrThrow()
  const s = i.onboarding_status as OnboardingJson['ccvpay_status']
  return {
    invite_uuid: i.id,
    status: i.status as 0 | 1 | 2 | 3,
    ccvpay_status: s,
    ccvpay_url: s === 'pending' ? i.onboarding_url : null,
    is_split_payments_enabled: i.status === 2 && s === 'active' && !!i.merchant_account_id,
    step: s === 'failed' ? 4 : 3,
  }
}

async function providerOf(db: DbOrTrx, courtId: string): Promise<ProviderId> {
  const row = await db
    .selectFrom('food_courts')
    .select('provider')
    .where('program_id', '=', courtId)
    .executeTakeFirst()
  return (row?.provider ?? 'sandbox') as ProviderId
}

/**
 * Step 4: the provider refused; the invitation goes back to pending so the restaurant can retry.
 * Only the attempt refused is reset (`merchantAccountId`, null while an attempt has none yet): a
 * late answer about an earlier attempt, read by a poll that raced the restaurant's retry, leaves
 * the retry alone.
 */
async function resetAfterFailure(db: DbOrTrx, inviteId: string, merchantAccountId: string | null) {
  await db
    .updateTable('food_court_invites')
    .set({
      status: 1,
      onboarding_status: 'failed',
      merchant_account_id: null,
      onboarding_url: null,
      updated_at: new Date(),
    })
    .where('id', '=', inviteId)
    .where('onboarding_status', '=', 'pending')
    .where('merchant_account_id', merchantAccountId === null ? 'is' : '=', merchantAccountId)
    .execute()
}

/**
 * Records what the provider answered about one onboarding attempt, only while that attempt is
 * still the invitation's pending one: active enables split payments, rejected resets (step 4).
 */
export async function recordMerchantAnswer(
  db: DbOrTrx,
  inviteId: string,
  merchantAccountId: string,
  answer: { status: 'pending' | 'active' | 'rejected'; onboardingUrl?: string | null | undefined },
) {
  if (answer.status === 'rejected') return resetAfterFailure(db, inviteId, merchantAccountId)
  await db
    .updateTable('food_court_invites')
    .set({
      onboarding_status: answer.status,
      ...(answer.onboardingUrl ? { onboarding_url: answer.onboardingUrl } : {}),
      onboarding_checked_at: new Date(),
      ...(answer.status === 'active' ? { updated_at: new Date() } : {}),
    })
    .where('id', '=', inviteId)
    .where('onboarding_status', '=', 'pending')
    .where('merchant_account_id', '=', merchantAccountId)
    .execute()
}

/**
 * `POST ccv-onboarding`: accepts the invitation and connects the restaurant as a merchant of the
 * court's provider account. A pending onboarding answers its page again; a refused one resets the
 * invitation (step 4). Our reference per attempt is new, so a retry after a refusal starts afresh.
 */
export async function startOnboarding(
  services: Services,
  ctx: Ctx,
  me: Caller,
  courtId: string,
  restaurantId: string,
  returnUrl?: string,
): Promise<OnboardingJson> {
  const { db } = services
  const row = await invitationOfPair(db, me, courtId, restaurantId)
  if (row.onboarding_status === 'active' && row.merchant_account_id) {
    if (row.status !== 2)
      await db
        .updateTable('food_court_invites')
        .set({ status: 2, answered_by: me.user_id, updated_at: new Date() })
        .where('id', '=', row.id)
        .execute()
    return onboardingJson(db, row.id)
  }
  if (row.onboarding_status === 'pending' && row.merchant_account_id) return pollOnboarding(services, row.id)
  const owner = await db
    .selectFrom('users')
    .select(['email'])
    .where('id', '=', me.user_id)
    .executeTakeFirstOrThrow()
  await db
    .updateTable('food_court_invites')
    .set({ status: 2, answered_by: me.user_id, onboarding_status: 'pending', updated_at: new Date() })
    .where('id', '=', row.id)
    .execute()
  try {
    const merchant = await onboardMerchant(services, {
      program_uuid: courtId,
      provider: await providerOf(db, courtId),
      reference: `${row.id}.${newId()}`,
      email: owner.email,
      name: row.restaurant_title,
      country: 'NL',
      // The restaurant's owner answers on the programs portal: back there after the provider.
      returnUrl: returnUrl || portalUrl(services.config, 'programs', `/food-court/invitations/${row.id}`),
    })
    if (merchant.status === 'rejected') {
      await resetAfterFailure(db, row.id, null)
    } else {
      await db
        .updateTable('food_court_invites')
        .set({
          merchant_account_id: merchant.merchantAccountId,
          onboarding_status: merchant.status,
          onboarding_url: merchant.onboardingUrl ?? null,
          onboarding_checked_at: new Date(),
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .execute()
    }
  } catch (err) {
    ctx.log.warn({ err, invite_id: row.id }, 'merchant onboarding refused; invitation reset')
    await resetAfterFailure(db, row.id, null)
  }
  return onboardingJson(db, row.id)
}

/**
 * Asks the provider where a pending onboarding stands and records it: active enables split
 * payments (the restaurant appears in the court's cart); rejected resets the invitation (step 4).
 * Called by `GET ccv-onboarding`, by the webhook handler and by the polling job.
 */
export async function pollOnboarding(services: Services, inviteId: string): Promise<OnboardingJson> {
  const { db } = services
  const i = await db
    .selectFrom('food_court_invites')
    .selectAll()
    .where('id', '=', inviteId)
    .executeTakeFirst()
  if (!i) throw inviteNotFound()
  if (i.onboarding_status === 'pending' && i.merchant_account_id) {
    try {
      const m = await merchantStatus(services, {
        program_uuid: i.court_id,
        provider: await providerOf(db, i.court_id),
        merchant_account_id: i.merchant_account_id,
      })
      await recordMerchantAnswer(db, i.id, i.merchant_account_id, m)
    } catch (err) {
      services.log.warn({ err, invite_id: i.id }, 'onboarding state not read; polling tries again')
      await db
        .updateTable('food_court_invites')
        .set({ onboarding_checked_at: new Date() })
        .where('id', '=', i.id)
        .execute()
    }
  }
  return onboardingJson(db, i.id)
}

/** `GET ccv-onboarding`: the restaurant's owner or the court's owner asks the provider now. */
export async function onboardingOf(services: Services, me: Caller, courtId: string, restaurantId: string) {
  const { db } = services
  const court = await findProgram(db, courtId)
  if (court?.owner_user_id !== me.user_id) await ownRestaurant(db, me, restaurantId)
  const i = await db
    .selectFrom('food_court_invites')
    .select('id')
    .where('court_id', '=', courtId)
    .where('restaurant_id', '=', restaurantId)
    .where('status', 'in', [1, 2, 3])
    .executeTakeFirst()
  if (!i) throw inviteNotFound()
  return pollOnboarding(services, i.id)
}

/** Pending onboardings not asked about for a while (the polling job), oldest first. */
export async function pendingOnboardings(db: DbOrTrx, olderThanMs: number, limit = 50): Promise<string[]> {
  const rows = await db
    .selectFrom('food_court_invites')
    .select('id')
    .where('onboarding_status', '=', 'pending')
    .where('merchant_account_id', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('onboarding_checked_at', 'is', null),
        eb('onboarding_checked_at', '<', new Date(Date.now() - olderThanMs)),
      ]),
    )
    .orderBy('onboarding_checked_at')
    .limit(limit)
    .execute()
  return rows.map((r) => r.id)
}
