import type { Context } from 'hono'
import { imageUrlOf, restaurantCards, returnOriginFor } from '../../food/index.ts'
import { requireUser } from '../../identity/index.ts'
import type { RequestContext } from '../../platform/context.ts'
import { AppError, notFound } from '../../platform/errors.ts'
import { fieldProblems } from '../../platform/http.ts'
import type { ApiApp, AppEnv } from '../../platform/module.ts'
import { toPage } from '../../platform/pagination.ts'
import { courtOf, restaurantOfStaff } from '../access.ts'
import { createCourt, updateCourt } from '../commands/court.ts'
import {
  answerInvite,
  invitation,
  inviteCounts,
  listInvitations,
  listInvites,
  onboardingOf,
  removeInvite,
  sendInvite,
  startOnboarding,
} from '../commands/invites.ts'
import { courtCart, courtCheckout, courtPaymentOutcome, guestCourtOrder } from '../commands/orders.ts'
import { rejectPart, restaurantPart } from '../commands/payouts.ts'
import { courtDailyTotals, courtOrder, courtOrders, courtOrdersCsv, statement } from '../queries/books.ts'
import { activeCourt, courtJson, listCourts, onboardedRestaurantIds } from '../queries/court.ts'
import * as r from './routes.ts'
import { inviteRemoval } from './schemas.ts'

const context = (c: Context<AppEnv>): RequestContext => ({
  actor: c.get('actor'),
  requestId: c.get('requestId'),
  log: c.get('log'),
})

/** The signed-in caller, or null for a guest (checkout remembers a signed-in card holder). */
const callerOrNull = (c: Context<AppEnv>) => {
  const a = c.get('actor')
  return a.kind === 'user' && a.session_id ? { user_id: a.user_id, user_type: a.user_type } : null
}

/**
 * The food-court module's routes, in the `food` group (spec section 7: `invite`, `invite/count`,
 * `ccv-onboarding`); see routes.ts for each one's contract and docs/food-court.md.
 */
export function registerFoodCourtRoutes(app: ApiApp) {
  // ── the court (wizard) ──
  app.openapi(r.getCourts, async (c) => {
    const me = requireUser(c, 'owner')
    const q = c.req.valid('query')
    const { count, results } = await listCourts(c.get('services').db, me.user_id, q, q.search)
    return c.json(toPage(c.req.url, q, count, results), 200)
  })
  app.openapi(r.postCourt, async (c) => {
    const me = requireUser(c, 'owner')
    const { db, config } = c.get('services')
    const id = await createCourt(db, config, context(c), me, c.req.valid('json'))
    return c.json({ result: await courtJson(db, await courtOf(db, me, id)) }, 201)
  })
  app.openapi(r.getCourt, async (c) => {
    const me = requireUser(c, 'owner')
    const { db } = c.get('services')
    return c.json({ result: await courtJson(db, await courtOf(db, me, c.req.valid('param').uuid)) }, 200)
  })
  app.openapi(r.patchCourt, async (c) => {
    const me = requireUser(c, 'owner')
    const { db, config } = c.get('services')
    const { uuid } = c.req.valid('param')
    await updateCourt(db, config, context(c), me, uuid, c.req.valid('json'))
    return c.json({ result: await courtJson(db, await courtOf(db, me, uuid)) }, 200)
  })

  // ── invitations: the court's side ──
  app.openapi(r.getInvites, async (c) => {
    const me = requireUser(c, 'owner')
    const q = c.req.valid('query')
    const { count, results } = await listInvites(c.get('services').db, me, q.program_uuid, q, q)
    return c.json(toPage(c.req.url, q, count, results), 200)
  })
  app.openapi(r.postInvite, async (c) => {
    const me = requireUser(c, 'owner')
    const b = c.req.valid('json')
    return c.json(
      { result: await sendInvite(c.get('services').db, context(c), me, b.program_uuid, b.restaurant_uuid) },
      200,
    )
  })
  app.openapi(r.deleteInvite, async (c) => {
    const me = requireUser(c, 'owner')
    const given = { ...c.req.valid('query'), ...((c.req.valid('json') as object | undefined) ?? {}) }
    const parsed = inviteRemoval.safeParse(given)
    if (!parsed.success)
      throw new AppError('validation_failed', 'validation failed', {
        fields: fieldProblems(parsed.error.issues, given),
      })
    const b = parsed.data
    return c.json(
      { result: await removeInvite(c.get('services').db, me, b.program_uuid, b.restaurant_uuid, b.list) },
      200,
    )
  })
  app.openapi(r.getInviteCount, async (c) => {
    const me = requireUser(c, 'owner')
    return c.json(await inviteCounts(c.get('services').db, me, c.req.valid('query').program_uuid), 200)
  })

  // ── invitations: the restaurant's side ──
  app.openapi(r.getInvitations, async (c) => {
    const me = requireUser(c, 'owner')
    const q = c.req.valid('query')
    const { count, results } = await listInvitations(c.get('services').db, me, q, q)
    return c.json(toPage(c.req.url, q, count, results), 200)
  })
  app.openapi(r.getInvitation, async (c) => {
    const me = requireUser(c, 'owner')
    return c.json({ result: await invitation(c.get('services').db, me, c.req.valid('param').uuid) }, 200)
  })
  app.openapi(r.postInviteStatus, async (c) => {
    const me = requireUser(c, 'owner')
    const b = c.req.valid('json')
    const result = await answerInvite(
      c.get('services').db,
      context(c),
      me,
      c.req.valid('param').uuid,
      b.program_uuid,
      b.status,
    )
    return c.json({ result }, 200)
  })
  app.openapi(r.postOnboarding, async (c) => {
    const me = requireUser(c, 'owner')
    const b = c.req.valid('json')
    const result = await startOnboarding(
      c.get('services'),
      context(c),
      me,
      b.food_court,
      b.restaurant_uuid,
      b.return_url,
    )
    return c.json({ result }, 200)
  })
  app.openapi(r.getOnboarding, async (c) => {
    const me = requireUser(c, 'owner')
    const q = c.req.valid('query')
    return c.json({ result: await onboardingOf(c.get('services'), me, q.food_court, q.restaurant_uuid) }, 200)
  })

  // ── restaurant staff ──
  app.openapi(r.getRestaurantPart, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor')
    const p = c.req.valid('param')
    return c.json({ result: await restaurantPart(c.get('services').db, me, p.uuid, p.orderUuid) }, 200)
  })
  app.openapi(r.postRejectPart, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor')
    const p = c.req.valid('param')
    return c.json({ result: await rejectPart(c.get('services'), context(c), me, p.uuid, p.orderUuid) }, 200)
  })
  app.openapi(r.getStatement, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor')
    const { db } = c.get('services')
    const { uuid } = c.req.valid('param')
    const q = c.req.valid('query')
    await restaurantOfStaff(db, me, uuid)
    return c.json({ result: await statement(db, uuid, q.start_date, q.end_date, q.court_uuid) }, 200)
  })
  app.openapi(r.getCourtStatement, async (c) => {
    const me = requireUser(c, 'owner')
    const { db } = c.get('services')
    const { uuid } = c.req.valid('param')
    const q = c.req.valid('query')
    await courtOf(db, me, uuid)
    const member = await db
      .selectFrom('food_court_invites')
      .select('id')
      .where('court_id', '=', uuid)
      .where('restaurant_id', '=', q.restaurant_uuid)
      .executeTakeFirst()
    if (!member) throw notFound('restaurant')
    return c.json({ result: await statement(db, q.restaurant_uuid, q.start_date, q.end_date, uuid) }, 200)
  })

  // ── the court owner's books ──
  app.openapi(r.getCourtOrders, async (c) => {
    const me = requireUser(c, 'owner')
    const { db } = c.get('services')
    const { uuid } = c.req.valid('param')
    await courtOf(db, me, uuid)
    const q = c.req.valid('query')
    const { count, results } = await courtOrders(db, uuid, q, q)
    return c.json(toPage(c.req.url, q, count, results), 200)
  })
  app.openapi(r.getCourtOrder, async (c) => {
    const me = requireUser(c, 'owner')
    const { db } = c.get('services')
    const p = c.req.valid('param')
    await courtOf(db, me, p.uuid)
    return c.json({ result: await courtOrder(db, p.uuid, p.orderUuid) }, 200)
  })
  app.openapi(r.getCourtDailyTotals, async (c) => {
    const me = requireUser(c, 'owner')
    const { db } = c.get('services')
    const { uuid } = c.req.valid('param')
    await courtOf(db, me, uuid)
    const q = c.req.valid('query')
    const { count, results } = await courtDailyTotals(db, uuid, q.date, q)
    return c.json(toPage(c.req.url, q, count, results), 200)
  })
  app.openapi(r.getCourtOrdersCsv, async (c) => {
    const me = requireUser(c, 'owner')
    const { db } = c.get('services')
    const { uuid } = c.req.valid('param')
    await courtOf(db, me, uuid)
    const { start_date, end_date } = c.req.valid('query')
    const csv = await courtOrdersCsv(db, uuid, start_date, end_date)
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="court-orders-${start_date}-${end_date}.csv"`)
    return c.body(csv, 200) as never
  })

  // ── guests ──
  app.openapi(r.getGuestCourt, async (c) => {
    const { db } = c.get('services')
    const q = c.req.valid('query')
    const court = await activeCourt(db, q)
    if (!court) throw notFound('food court')
    const restaurants = await restaurantCards(db, await onboardedRestaurantIds(db, court.program_id))
    return c.json(
      {
        result: {
          uuid: court.program_id,
          title: court.title,
          description: court.description,
          image_url: await imageUrlOf(db, court.image_id),
          address: court.address,
          domain_name: court.domain_name,
          currency: court.currency,
          food_court_min_order_amount: Number(court.min_order_amount),
          can_pickup_in_rest: court.can_pickup_in_rest,
          restaurants: restaurants.map(({ time_zone: _tz, ...rest }) => rest),
        },
      },
      200,
    )
  })
  app.openapi(r.getCourtCart, async (c) => {
    const { sessionUuid } = c.req.valid('param')
    return c.json(
      { result: await courtCart(c.get('services').db, sessionUuid, c.req.valid('query').court_uuid) },
      200,
    )
  })
  app.openapi(r.postCourtCheckout, async (c) => {
    const services = c.get('services')
    const { sessionUuid } = c.req.valid('param')
    const key = c.req.valid('header')['idempotency-key']
    const body = c.req.valid('json')
    // Back to the court's own domain after paying, where the guest's session and its brand are.
    const returnOrigin = await returnOriginFor(c, async (name) => {
      const court = await services.db
        .selectFrom('food_courts')
        .select('domain_name')
        .where('program_id', '=', body.court_uuid)
        .where('domain_name', '=', name)
        .executeTakeFirst()
      return court !== undefined
    })
    const placed = await courtCheckout(
      services,
      context(c),
      callerOrNull(c),
      sessionUuid,
      body,
      key,
      returnOrigin,
    )
    const result = await guestCourtOrder(services.db, placed.order_id, sessionUuid)
    return c.json({ result, payment_uuid: placed.payment_id, payment_url: placed.payment_url }, 201)
  })
  app.openapi(r.getCourtPaymentOutcome, async (c) =>
    c.json(await courtPaymentOutcome(c.get('services').db, c.req.valid('param').sessionUuid), 200),
  )
  app.openapi(r.getGuestCourtOrder, async (c) => {
    const result = await guestCourtOrder(
      c.get('services').db,
      c.req.valid('param').uuid,
      c.req.valid('query').session_id,
    )
    return c.json({ result }, 200)
  })
}
