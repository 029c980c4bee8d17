import type { RouteConfig } from '@hono/zod-openapi'
import { bearerSecurity, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, idempotencyKeyHeader, z } from '../../platform/http.ts'
import { pageSchema, paginationQuery } from '../../platform/pagination.ts'
import {
  checkoutResultSchema,
  courtCartSchema,
  courtChange,
  courtCheckoutBody,
  courtGuestSchema,
  courtInput,
  courtItemSchema,
  courtOrderSchema,
  courtSchema,
  courtUuid,
  dailyTotalSchema,
  dateRangeQuery,
  invitationSchema,
  inviteCountsSchema,
  inviteFilter,
  inviteRemoval,
  inviteSchema,
  onboardingSchema,
  paymentOutcomeSchema,
  restaurantPartSchema,
  restaurantUuid,
  statementSchema,
} from './schemas.ts'

const tags = ['food-court']

type Own<C> = Omit<C, 'tags' | 'security' | 'middleware'>

/**
 * Food court routes by who may call them (the bearer's user types let through; the access kernel
 * decides the rest), with the module's tag: each definition says only what is its own.
 */
const ownerRoute = <const C extends Own<RouteConfig>>(config: C) =>
  createRoute({ ...config, tags, security: bearerSecurity, middleware: [signedIn('owner')] as const })
const staffRoute = <const C extends Own<RouteConfig>>(config: C) =>
  createRoute({
    ...config,
    tags,
    security: bearerSecurity,
    middleware: [signedIn('owner', 'acceptor')] as const,
  })
const guestRoute = <const C extends Own<RouteConfig>>(config: C) => createRoute({ ...config, tags })
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
})
const body = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
})
const result = <T extends z.ZodType>(schema: T) => z.object({ result: schema })
const uuidParam = (what: string) =>
  z.object({ uuid: z.uuid(`not a ${what} id`).openapi({ param: { name: 'uuid', in: 'path' } }) })
const orderParams = z.object({
  uuid: z.uuid('not a food court id').openapi({ param: { name: 'uuid', in: 'path' } }),
  orderUuid: z.uuid('not an order id').openapi({ param: { name: 'orderUuid', in: 'path' } }),
})
const sessionParam = z.object({
  sessionUuid: z.uuid('invalid_session').openapi({ param: { name: 'sessionUuid', in: 'path' } }),
})

// ── Court owner: the court (wizard) ───────────────────────────────────────────────────────────────

const courtRules =
  'Rules (spec section 5), each a 400 naming its field with a code: title and description required (`required`), address unless `can_pickup_in_rest`, an image for a new court; `domain_name` valid (`invalid_domain_name`) and not used by another court or restaurant (400 reason `domain_already_used`); `split_payment_fee_percent` 0–100 with at most 2 decimals (`fee_percent_range`); only one of percent and fixed (`only_one_fee_field`, on both fields: "Only one fee field may be filled"); a fixed fee not starting or ending with . or , (`cost_separator_at_edge`).'

export const getCourts = ownerRoute({
  method: 'get',
  path: '/food/courts',
  summary: 'Food courts of the caller',
  description:
    'The program owner’s food courts (type 5001), newest first, in the pagination wrapper; `search` in the title.',
  request: {
    query: paginationQuery({ defaultSize: 20, maxSize: 100 }).extend({
      search: z.string().max(100).optional(),
    }),
  },
  responses: { 200: json(pageSchema(courtItemSchema), 'A page of courts'), ...errorResponses(400, 401, 403) },
})

export const postCourt = ownerRoute({
  method: 'post',
  path: '/food/courts',
  summary: 'Create a food court',
  description: `Steps 0 and 1 of the food court wizard at once: a program of type 5001 with its court, saved as draftStep2 (11003). Then invite restaurants (step 2) and set draftStep3 / activate through PATCH manager/programs (activation needs the court complete; restaurants may be invited later). ${courtRules} Program owners only.`,
  request: { body: body(courtInput) },
  responses: { 201: json(result(courtSchema), 'Created'), ...errorResponses(400, 401, 403, 422) },
})

export const getCourt = ownerRoute({
  method: 'get',
  path: '/food/courts/{uuid}',
  summary: 'A food court',
  description:
    'Every field of the court (never the super merchant password). A program made through manager/programs and not saved here yet answers the defaults. The owner only: another owner’s or none 404; another type 422 `not_food_court`.',
  request: { params: uuidParam('food court') },
  responses: { 200: json(result(courtSchema), 'The court'), ...errorResponses(400, 401, 403, 404, 422) },
})

export const patchCourt = ownerRoute({
  method: 'patch',
  path: '/food/courts/{uuid}',
  summary: 'Change a food court',
  description: `Any of the fields, merged with what is stored and checked whole (send \`null\` to clear the other fee field when switching between percent and fixed). A draftStep1 program moves to draftStep2. ${courtRules} The owner only; a blocked program 422 \`program_blocked\`.`,
  request: { params: uuidParam('food court'), body: body(courtChange) },
  responses: { 200: json(result(courtSchema), 'The court'), ...errorResponses(400, 401, 403, 404, 422) },
})

// ── Court owner: invitations (spec section 7 `invite`) ────────────────────────────────────────────

export const getInvites = ownerRoute({
  method: 'get',
  path: '/food/invite',
  summary: 'Restaurants to invite, with their invitation',
  description:
    'Filters (spec section 4): `all` every active food program of any owner with its status (0 when not invited), `active`, `pending`, `declined` the invitations in that status. `title` is part of the restaurant’s title, `email` part of its owner’s e-mail. Sorted by title. The court’s owner only.',
  request: {
    query: paginationQuery({ defaultSize: 20, maxSize: 100 }).extend({
      program_uuid: courtUuid,
      status: inviteFilter.default('all'),
      title: z.string().max(100).optional(),
      email: z.string().max(100).optional(),
    }),
  },
  responses: {
    200: json(pageSchema(inviteSchema), 'A page of restaurants'),
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const postInvite = ownerRoute({
  method: 'post',
  path: '/food/invite',
  summary: 'Send an invitation',
  description:
    'Invites the restaurant (status 1 pending; an unsent or declined one is sent again). One already pending or active: 400 reason `inviteIsAlreadySent` ("Invite is already sent"). The restaurant must be an active food program (404 otherwise). The court’s owner only.',
  request: { body: body(z.object({ program_uuid: courtUuid, restaurant_uuid: restaurantUuid }).strict()) },
  responses: {
    200: json(result(inviteSchema), 'The invitation'),
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

const removal = inviteRemoval

export const deleteInvite = ownerRoute({
  method: 'delete',
  path: '/food/invite',
  summary: 'Remove or withdraw an invitation',
  description:
    'Names the court (`program_uuid`), the restaurant and the `list` it is removed from, in the query (or, as the spec has it, in a JSON body: clients that drop DELETE bodies use the query). Removing from the `all` list makes the invitation unsent (status 0, kept); from the `active`, `pending` or `declined` list it is deleted. Either way it is withdrawn: the restaurant then gets 404 `notFount`, and an active restaurant leaves the court’s cart at once (parts already paid are still paid out). The court’s owner only.',
  request: {
    query: removal.partial(),
    body: { required: false, content: { 'application/json': { schema: removal.partial() } } },
  },
  responses: {
    200: json(result(inviteSchema), 'The restaurant as it now stands'),
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const getInviteCount = ownerRoute({
  method: 'get',
  path: '/food/invite/count',
  summary: 'Invitation counts of a court',
  request: { query: z.object({ program_uuid: courtUuid }) },
  responses: {
    200: json(inviteCountsSchema, 'active, pending, declined'),
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

// ── The restaurant's side ─────────────────────────────────────────────────────────────────────────

export const getInvitations = ownerRoute({
  method: 'get',
  path: '/food/invitations',
  summary: 'Invitations of the caller’s restaurants',
  description:
    'Invitations sent to the restaurants the caller owns (pending, active, declined; not unsent), with the court’s terms. `program_uuid` narrows to one restaurant (404 if not theirs). Restaurant owners.',
  request: {
    query: paginationQuery({ defaultSize: 20, maxSize: 100 }).extend({
      program_uuid: restaurantUuid.optional(),
      status: inviteFilter.default('all'),
    }),
  },
  responses: {
    200: json(pageSchema(invitationSchema), 'A page of invitations'),
    ...errorResponses(400, 401, 403, 404),
  },
})

export const getInvitation = ownerRoute({
  method: 'get',
  path: '/food/invitations/{uuid}',
  summary: 'One invitation with the court’s terms (accept flow step 1)',
  description: 'A withdrawn invitation (or another owner’s restaurant’s): 404 reason `notFount`.',
  request: { params: uuidParam('invitation') },
  responses: { 200: json(result(invitationSchema), 'The invitation'), ...errorResponses(400, 401, 403, 404) },
})

export const postInviteStatus = ownerRoute({
  method: 'post',
  path: '/food/invite/{uuid}',
  summary: 'The restaurant answers an invitation',
  description:
    'Path: the restaurant’s uuid (spec "invite by restaurant uuid"); body: the court’s `program_uuid` and `status` 2 (accept) or 3 (decline). Accepting makes it active; split payments need the onboarding too (`ccv-onboarding`). Declining an active one leaves the court (parts already paid are still paid out). A withdrawn invitation: 404 reason `notFount`. The restaurant’s owner only.',
  request: {
    params: uuidParam('restaurant'),
    body: body(z.object({ program_uuid: courtUuid, status: z.union([z.literal(2), z.literal(3)]) }).strict()),
  },
  responses: {
    200: json(result(invitationSchema), 'The invitation'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
})

export const postOnboarding = ownerRoute({
  method: 'post',
  path: '/food/ccv-onboarding',
  summary: 'Accept and onboard at the payment provider (accept flow steps 2–4)',
  description:
    'Accepts the invitation (status 2) and connects the restaurant as a merchant of the court’s provider account (the sandbox’s onboarding page in development, CCV or Stripe Connect Express through their adapters). Answers step 3 with `ccvpay_url` to redirect to while onboarding is pending (or done, when already active), or step 4 when the provider refused: the invitation is reset to pending so the restaurant can retry. Onboarding is then followed by webhook and by polling; `GET ccv-onboarding` asks the provider now. Idempotent per invitation. The restaurant’s owner only.',
  request: {
    body: body(
      z
        .object({
          food_court: courtUuid,
          restaurant_uuid: restaurantUuid,
          return_url: z.string().max(500).optional(),
        })
        .strict(),
    ),
  },
  responses: {
    200: json(result(onboardingSchema), 'Where the onboarding stands'),
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const getOnboarding = ownerRoute({
  method: 'get',
  path: '/food/ccv-onboarding',
  summary: 'Onboarding state (asks the provider now)',
  description:
    'For the page the provider returns to: polls the provider and answers step 3 (pending: `ccvpay_url`; active: done) or step 4 (rejected: the invitation was reset). The restaurant’s owner, or the court’s owner.',
  request: { query: z.object({ food_court: courtUuid, restaurant_uuid: restaurantUuid }) },
  responses: {
    200: json(result(onboardingSchema), 'Where the onboarding stands'),
    ...errorResponses(400, 401, 403, 404),
  },
})

export const getRestaurantPart = staffRoute({
  method: 'get',
  path: '/food/programs/{uuid}/court-orders/{orderUuid}',
  summary: 'The restaurant’s part of a court order',
  description:
    'Path: the restaurant and one of its food orders. When that order is a sub-order of a court order: the court, this part’s gross, the court fee taken from it, what the restaurant is paid, the part’s status and whether it may still be rejected (`can_reject`). An ordinary order (or another restaurant’s) 404. Staff of the restaurant (owner, acceptors working there).',
  request: {
    params: orderParams.extend({ uuid: restaurantUuid.openapi({ param: { name: 'uuid', in: 'path' } }) }),
  },
  responses: {
    200: json(result(restaurantPartSchema), 'The part'),
    ...errorResponses(400, 401, 403, 404),
  },
})

export const postRejectPart = staffRoute({
  method: 'post',
  path: '/food/programs/{uuid}/court-orders/{orderUuid}/reject',
  summary: 'The restaurant rejects its part of a court order',
  description:
    'Path: the restaurant and its sub-order (a food order that is part of a court order). Only this part is refunded to the guest (its whole gross: the court forgoes its fee on it); the other restaurants’ parts go on. Only before it is delivered and paid out (409 `part_not_rejectable`). Staff of the restaurant (owner, acceptors working there); another restaurant’s sub-order 404.',
  request: {
    params: orderParams.extend({ uuid: restaurantUuid.openapi({ param: { name: 'uuid', in: 'path' } }) }),
    headers: idempotencyKeyHeader,
  },
  responses: {
    200: json(result(courtOrderSchema.shape.food_court_suborders.element), 'The sub-order'),
    ...errorResponses(401, 403, 404, 409),
  },
})

export const getStatement = staffRoute({
  method: 'get',
  path: '/food/programs/{uuid}/settlement',
  summary: 'Settlement statement of a restaurant for a period',
  description:
    'The restaurant’s court orders of the period (by business day in its zone): each sub-order’s gross, the court fee taken, refunds and payouts, each line tied to its ledger entry; totals reconciled with the ledger (`reconciled`, or the `difference`). `court_uuid` narrows to one court. Staff of the restaurant; at most 400 days.',
  request: {
    params: uuidParam('restaurant'),
    query: dateRangeQuery.extend({ court_uuid: courtUuid.optional() }),
  },
  responses: { 200: json(result(statementSchema), 'The statement'), ...errorResponses(400, 401, 403, 404) },
})

export const getCourtStatement = ownerRoute({
  method: 'get',
  path: '/food/courts/{uuid}/settlement',
  summary: 'Settlement statement of one of the court’s restaurants',
  description: 'As the restaurant’s own statement, narrowed to this court, for the court’s owner.',
  request: {
    params: uuidParam('food court'),
    query: dateRangeQuery.extend({ restaurant_uuid: restaurantUuid }),
  },
  responses: { 200: json(result(statementSchema), 'The statement'), ...errorResponses(400, 401, 403, 404) },
})

// ── Court owner: orders ───────────────────────────────────────────────────────────────────────────

export const getCourtOrders = ownerRoute({
  method: 'get',
  path: '/food/courts/{uuid}/orders',
  summary: 'The court’s orders with their sub-orders',
  description:
    '`date` (the court’s local day; default today) or `active_view=true` (paid orders not yet delivered everywhere); `status=` another status. Newest first. The court’s owner only.',
  request: {
    params: uuidParam('food court'),
    query: paginationQuery({ defaultSize: 20, maxSize: 100 }).extend({
      date: z.iso.date().optional(),
      active_view: z.enum(['true', 'false']).optional(),
      status: z.coerce.number().int().min(1).max(8).optional(),
    }),
  },
  responses: {
    200: json(pageSchema(courtOrderSchema), 'A page of orders'),
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const getCourtOrder = ownerRoute({
  method: 'get',
  path: '/food/courts/{uuid}/orders/{orderUuid}',
  summary: 'One court order with its sub-orders',
  request: { params: orderParams },
  responses: { 200: json(result(courtOrderSchema), 'The order'), ...errorResponses(400, 401, 403, 404) },
})

export const getCourtDailyTotals = ownerRoute({
  method: 'get',
  path: '/food/courts/{uuid}/daily-totals',
  summary: 'Daily totals of the court, with the food court fee',
  description: 'Per local day, paid orders only (newest day first); `date` one day.',
  request: {
    params: uuidParam('food court'),
    query: paginationQuery({ defaultSize: 31, maxSize: 400 }).extend({ date: z.iso.date().optional() }),
  },
  responses: {
    200: json(pageSchema(dailyTotalSchema), 'A page of days'),
    ...errorResponses(400, 401, 403, 404),
  },
})

export const getCourtOrdersCsv = ownerRoute({
  method: 'get',
  path: '/food/courts/{uuid}/orders.csv',
  summary: 'CSV of the court’s orders, one row per sub-order',
  description:
    'Columns: court order, order date, status, name, email, phone, restaurant, sub-order, sub-order status, gross, food court fee, payout amount, part status, paid out at, refunded at, total of the court order. Minor units; ≤ 400 days; formula-safe.',
  request: { params: uuidParam('food court'), query: dateRangeQuery },
  responses: {
    200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } },
    ...errorResponses(400, 401, 403, 404),
  },
})

// ── Guests (public) ───────────────────────────────────────────────────────────────────────────────

export const getGuestCourt = guestRoute({
  method: 'get',
  path: '/food/court',
  summary: 'A food court for its guests, with its restaurants',
  description:
    'By `uuid` or by `domain` (the Host of the court’s guest pages). Only an active court; only restaurants that are active programs with an active invitation and completed onboarding (`is_split_payments_enabled`). Public.',
  request: { query: z.object({ uuid: courtUuid.optional(), domain: z.string().max(253).optional() }) },
  responses: { 200: json(result(courtGuestSchema), 'The court'), ...errorResponses(400, 404) },
})

export const getCourtCart = guestRoute({
  method: 'get',
  path: '/food/court/basket/{sessionUuid}',
  summary: 'The court’s cart of a food session',
  description:
    'The session’s basket (lines are set with food’s `PUT basket/{sessionUuid}`, one basket across restaurants) for this court: per restaurant its lines and order (`can_order` with the restaurant’s own minimum), and the whole cart against `food_court_min_order_amount`. Lines of restaurants not in the court are left out (`lines_elsewhere`). Public; the session id is the key.',
  request: { params: sessionParam, query: z.object({ court_uuid: courtUuid }) },
  responses: { 200: json(result(courtCartSchema), 'The cart'), ...errorResponses(400, 404) },
})

export const postCourtCheckout = guestRoute({
  method: 'post',
  path: '/food/court/basket/{sessionUuid}/checkout',
  summary: 'Check out the court’s cart: one payment, split',
  description:
    'Every rule of a restaurant’s checkout is checked for each restaurant of the cart (the same reasons: `basket_is_empty`, `restaurant_closed`, `terms_not_accepted`, `outside_delivery_area`, `min_order_amount` with `params.restaurant_uuid`, …), then the court minimum (`min_order_amount` with `params.food_court: true`). Then one sub-order per restaurant (on its kitchen board once paid) and one payment, split: a part per restaurant (its gross less its share of the court fee) and the court fee. `Idempotency-Key`: a repeat answers the same order and payment. Public; the session id is the key.',
  request: { params: sessionParam, headers: idempotencyKeyHeader, body: body(courtCheckoutBody) },
  responses: {
    201: json(checkoutResultSchema, 'The order and its payment'),
    ...errorResponses(400, 404, 409, 422),
  },
})

export const getCourtPaymentOutcome = guestRoute({
  method: 'get',
  path: '/food/court/orders/payment/{sessionUuid}',
  summary: 'Where the payment of the session’s newest court order stands',
  request: { params: sessionParam },
  responses: { 200: json(paymentOutcomeSchema, 'Outcome'), ...errorResponses(400, 404) },
})

export const getGuestCourtOrder = guestRoute({
  method: 'get',
  path: '/food/court/orders/{uuid}',
  summary: 'A court order for its guest',
  description: 'Only with its own `session_id` (any other: 404). Public.',
  request: { params: uuidParam('order'), query: z.object({ session_id: z.uuid('invalid_session') }) },
  responses: { 200: json(result(courtOrderSchema), 'The order'), ...errorResponses(400, 404) },
})
