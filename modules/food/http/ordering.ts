import type { Context } from 'hono'
import { requireUser } from '../../identity/index.ts'
import type { Caller } from '../../platform/access.ts'
import { invalidField, notFound } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import { idempotency } from '../../platform/idempotency.ts'
import type { ApiApp, AppEnv } from '../../platform/module.ts'
import { findProgram, programStatuses, programTypes } from '../../programs/index.ts'
import { basketAnswer, basketJson, basketOf, clearBasket, putBasketLine } from '../basket.ts'
import { findProductRow } from '../db/menu.ts'
import { findRestaurantRow, schedulesOf } from '../db/restaurants.ts'
import { orderDetail } from '../orders/books.ts'
import { checkout, paymentOutcome, restaurantPaymentMethods, startOrderPayment } from '../orders/checkout.ts'
import { statusName } from '../orders/codes.ts'
import { slotsFor } from '../orders/slots.ts'
import { areaOfRestaurant, createSession, sessionJson, sessionOf, updateSession } from '../session.ts'
import { zipCodeExists } from '../shared.ts'
import { returnOriginOf } from './return-origin.ts'
import { requestContext, uuidParam } from './schemas.ts'

/**
 * Ordering for guests (spec section 7 "Food: session, restaurants, basket"; issue 15 items 1–3):
 * public routes keyed by the food session's uuid, which only the guest's device knows. A signed-in
 * caller (a card holder) is remembered on the session and the order.
 */

function optionalCaller(c: Context<AppEnv>): Caller | null {
  if (c.get('actor').kind === 'user') return requireUser(c)
  if (c.req.header('authorization')) requireUser(c)
  return null
}

const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } } })
const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional()

const sessionFields = z.object({
  pickup_in_restaurant: flag,
  zip_code: z
    .string()
    .max(16)
    .refine((v) => v.trim() === '' || zipCodeExists(v), { message: 'One of the zip codes does not exist' })
    .optional(),
  house_number: z
    .string()
    .max(16)
    .regex(/^(\d{1,5}([ -]?[A-Za-z0-9]{1,6})?)?$/, 'a house number starts with its digits')
    .optional(),
  apartment: z.string().max(32).optional(),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lon: z.coerce.number().min(-180).max(180).optional(),
  time_zone_offset: z.coerce.number().int().min(-900).max(900).optional(),
})

const sessionSchema = z
  .object({
    uuid: z.uuid(),
    created: z.string(),
    zip_code: z.string().nullable(),
    house_number: z.string().nullable(),
    apartment: z.string().nullable(),
    lat: z.number().nullable(),
    lon: z.number().nullable(),
    pickup_in_restaurant: z.boolean(),
  })
  .openapi('FoodSession')

const sessionOrderSchema = z.object({
  uuid: z.uuid(),
  order_id: z.number().int(),
  order_status: z.number().int(),
  status_name: z.string(),
  total: z.number().int(),
  currency: z.string(),
  created: z.string(),
  time_zone: z.string().openapi({ description: 'The restaurant’s IANA time zone, for `created`' }),
})

const sessionParam = z.object({
  sessionUuid: z.uuid('not a session id').openapi({ param: { name: 'sessionUuid', in: 'path' } }),
})

export const getSession = createRoute({
  method: 'get',
  path: '/food/session',
  tags: ['food'],
  summary: 'The food session with its orders',
  request: { query: z.object({ session_id: z.uuid('not a session id') }) },
  responses: {
    200: {
      description: 'The session',
      ...json(z.object({ result: sessionSchema.extend({ orders: z.array(sessionOrderSchema) }) })),
    },
    ...errorResponses(400, 404),
  },
})

export const postSession = createRoute({
  method: 'post',
  path: '/food/session',
  tags: ['food'],
  summary: 'Start a food session (once per device; keep its uuid)',
  description:
    'Delivery (zip_code, house_number, apartment; lat/lon when known, needed for distance delivery) or pickup_in_restaurant (clears the address). The body may name the product or restaurant the guest came from.',
  request: {
    query: sessionFields,
    body: {
      required: false,
      ...json(z.object({ product_uuid: z.uuid().optional(), restaurant_uuid: z.uuid().optional() }).strict()),
    },
  },
  responses: { 201: { description: 'Started', ...json(sessionSchema) }, ...errorResponses(400, 401) },
})

export const patchSession = createRoute({
  method: 'patch',
  path: '/food/session/{uuid}',
  tags: ['food'],
  summary: 'Switch between delivery and pickup, or change the address',
  request: { params: uuidParam('session'), query: sessionFields },
  responses: { 200: { description: 'Changed', ...json(sessionSchema) }, ...errorResponses(400, 401, 404) },
})

export const getSessionAvailability = createRoute({
  method: 'get',
  path: '/food/session/{uuid}',
  tags: ['food'],
  summary: 'Whether a restaurant delivers to the session’s address (or the zip code given)',
  request: {
    params: uuidParam('session'),
    query: z.object({
      restaurant_id: z.uuid('not a restaurant id'),
      zip_code: z.string().max(16).optional(),
    }),
  },
  responses: {
    200: {
      description: 'Availability',
      ...json(
        z.object({
          restaurant_available: z.boolean(),
          delivery_cost: z.number().int().nullable(),
          reason: z.enum(['outside_delivery_area', 'location_needed', 'no_delivery']).nullable(),
          can_pickup_in_rest: z.boolean(),
        }),
      ),
    },
    ...errorResponses(400, 404),
  },
})

const basketSchema = z
  .object({
    session: z.object({ uuid: z.uuid(), pickup_in_restaurant: z.boolean() }),
    restaurants: z.array(
      z.object({
        details: z.object({
          uuid: z.uuid(),
          title: z.string(),
          address: z.string(),
          currency: z.string(),
          can_pickup_in_rest: z.boolean(),
          pickup_fee_heading: z.string(),
          pickup_fee: z.number().int().nullable(),
          min_order_amount: z.number().int(),
          privacy_pdf_url: z.string().nullable(),
          tc_pdf_url: z.string().nullable(),
          closed: z.boolean(),
          closed_message: z.string().nullable(),
          closed_at: z.string().nullable(),
          next_opening: z.iso
            .datetime()
            .nullable()
            .openapi({ description: 'When it opens next (closed now, within a week)' }),
          time_zone: z.string().openapi({ description: 'The restaurant’s time zone (IANA)' }),
        }),
        products: z.array(
          z.object({
            line_id: z.uuid(),
            product_id: z.uuid(),
            title: z.string(),
            quantity: z.number().int(),
            product_variant: z.object({ uuid: z.uuid(), title: z.string() }).nullable(),
            product_extras: z.array(
              z.object({ uuid: z.uuid(), title: z.string(), checked: z.literal(true) }),
            ),
            unit_price: z
              .number()
              .int()
              .openapi({ description: 'Product + variant + extras, from the menu now' }),
            price: z.number().int().openapi({ description: 'unit_price × quantity' }),
          }),
        ),
        order: z.object({
          can_order: z.boolean(),
          refusal: z
            .string()
            .nullable()
            .openapi({ description: 'Why not (a refusal reason), for the web to word' }),
          products: z.number().int(),
          delivery: z.number().int().nullable(),
          pickup_fee: z.number().int(),
          total: z.number().int(),
          vat: z.number().int(),
        }),
      }),
    ),
  })
  .openapi('FoodBasket')

export const getBasket = createRoute({
  method: 'get',
  path: '/food/basket/{sessionUuid}',
  tags: ['food'],
  summary: 'The basket, priced now from the menu',
  request: { params: sessionParam },
  responses: { 200: { description: 'The basket', ...json(basketSchema) }, ...errorResponses(400, 404) },
})

export const putBasket = createRoute({
  method: 'put',
  path: '/food/basket/{sessionUuid}',
  tags: ['food'],
  summary: 'Set the count of one basket line (0 removes it)',
  description:
    'A line is a product with a variant (or none) and a set of extras. A variant or extra that is not the product’s: 422 `not_valid_variants` / `not_valid_extras`. Prices are never taken from the request.',
  request: {
    params: sessionParam,
    body: {
      required: true,
      ...json(
        z
          .object({
            product_id: z.uuid('not a product id'),
            quantity: z.number().int().min(0).max(9999),
            variant_uuid: z.uuid().nullable().optional(),
            extra_uuids: z.array(z.uuid()).max(50).optional(),
          })
          // A client may send what it showed (a price): ignored, so it changes nothing.
          .passthrough(),
      ),
    },
  },
  responses: { 200: { description: 'The basket', ...json(basketSchema) }, ...errorResponses(400, 404, 422) },
})

export const postBasketClear = createRoute({
  method: 'post',
  path: '/food/basket/{sessionUuid}',
  tags: ['food'],
  summary: 'Empty the basket (or one restaurant’s part)',
  request: { params: sessionParam, query: z.object({ restaurant_uuid: z.uuid().optional() }) },
  responses: { 200: { description: 'The basket', ...json(basketSchema) }, ...errorResponses(400, 404) },
})

export const getSlots = createRoute({
  method: 'get',
  path: '/food/basket/{sessionUuid}/slots',
  tags: ['food'],
  summary: 'The times a guest may choose today (ASAP only when default_asap)',
  request: { params: sessionParam, query: z.object({ restaurant_uuid: z.uuid() }) },
  responses: {
    200: {
      description: 'Slots',
      ...json(
        z.object({
          asap_only: z.boolean(),
          slots: z.array(z.object({ time: z.string(), at: z.string() })),
          payment_methods: z.array(z.string()),
        }),
      ),
    },
    ...errorResponses(400, 404),
  },
})

const orderSchema = z
  .object({
    uuid: z.uuid(),
    order_id: z.number().int(),
    order_status: z.number().int(),
    status_name: z.string(),
    kitchen_status: z.string().nullable(),
    created: z.string(),
    order_date: z.string(),
    type: z.enum(['delivery', 'pickup']),
    pickup_in_restaurant: z.boolean(),
    source: z.enum(['online', 'counter']).openapi({ description: 'counter: taken by staff at the counter' }),
    eat_in: z.boolean().openapi({ description: 'A counter order eaten in the restaurant' }),
    delivery_asap: z.boolean(),
    requested_time: z.string().nullable(),
    time_zone: z.string().openapi({
      description: 'The restaurant’s IANA time zone: show `created` and `requested_time` on its clock',
    }),
    name: z.string(),
    phone: z.string(),
    email: z.string(),
    address: z.string().nullable(),
    comments: z.string(),
    items: z.array(
      z.object({
        title: z.string(),
        quantity: z.number().int(),
        variant: z.string().nullable(),
        extras: z.array(z.string()),
      }),
    ),
    currency: z.string(),
    products_total: z.number().int(),
    delivery_cost: z.number().int(),
    pickup_fee: z.number().int(),
    total: z.number().int(),
    vat: z.number().int(),
    charge: z.number().int().nullable(),
    payout: z.number().int().nullable(),
    rejected_at: z.string().nullable().openapi({
      description:
        'When the restaurant rejected this food court sub-order and its part was refunded (it left the active view), else null',
    }),
  })
  .openapi('FoodOrder')

export const orderDetailSchema = orderSchema
  .extend({
    program_uuid: z.uuid(),
    payment_method: z.string(),
    paid_at: z.string().nullable(),
    pickup_fee_heading: z.string().openapi({
      description:
        'The restaurant’s own name for the pickup fee when the order was placed ("Verpakking"); empty: word it generically',
    }),
    items_detail: z.array(
      z.object({
        kind: z.string(),
        product: z.string().nullable(),
        title: z.string(),
        quantity: z.number().int(),
        variant: z.object({ uuid: z.string(), title: z.string(), price: z.number() }).nullable(),
        extras: z.array(z.object({ uuid: z.string(), title: z.string(), price: z.number() })),
        price: z.number().int(),
        total: z.number().int(),
        vat_code: z.string(),
        vat_percentage: z.number().nullable(),
        vat: z.number().int(),
      }),
    ),
    history: z.array(
      z.object({
        from_status: z.number().int().nullable(),
        to_status: z.number().int(),
        actor: z.string(),
        user_uuid: z.string().nullable(),
        created: z.string(),
      }),
    ),
    transactions: z.array(
      z.object({
        uuid: z.string(),
        reference: z.string(),
        created: z.string(),
        description: z.string(),
        transaction_status: z.string(),
        method: z.string().nullable(),
        currency: z.string(),
        amount: z.number().int(),
        refunded_amount: z.number().int(),
        paid_at: z.string().nullable(),
      }),
    ),
  })
  .openapi('FoodOrderDetail')

export { orderSchema }

const checkoutAnswer = z.object({
  result: orderDetailSchema,
  payment_uuid: z.uuid(),
  payment_url: z.string().openapi({ description: 'The payment page (sandbox card and iDEAL)' }),
})

export const postCheckout = createRoute({
  method: 'post',
  path: '/food/basket/{sessionUuid}/checkout',
  tags: ['food'],
  summary: 'Order one restaurant’s part of the basket and start paying',
  description:
    'Refusals (422 unless said): 404 `invalid_session`; `basket_is_empty`; `not_valid_variants`/`not_valid_extras`; `restaurant_closed`, `restaurant_read_only`, `ordering_disabled`, `ordering_paused`; `terms_not_accepted`; `pickup_not_available`; `delivery_address_required`; `outside_delivery_area`; `requested_time_not_available`; `min_order_amount` (params amount, currency); `payment_method_is_not_supported`; `order_limit_reached` (params message). Prices come from the menu only. With an `Idempotency-Key`, a retry answers the same order and payment.',
  request: {
    params: sessionParam,
    headers: z.object({ 'idempotency-key': z.string().min(8).max(255).optional() }),
    body: {
      required: true,
      ...json(
        z
          .object({
            restaurant_uuid: z.uuid('not a restaurant id'),
            pickup_in_restaurant: z.boolean().optional(),
            delivery_asap: z.boolean().default(true),
            requested_time: z
              .string()
              .regex(/^\d{2}:\d{2}$/, 'HH:MM')
              .nullable()
              .optional(),
            name: z.string().trim().min(1, 'This field is required').max(255),
            phone: z.string().trim().min(6, 'This field is required').max(32),
            email: z.email('Email address is not valid').max(320),
            comment: z.string().max(1000).optional(),
            accept_terms: z.boolean(),
            accept_privacy: z.boolean(),
            payment_method: z.string().max(32).default('card'),
            language: z.enum(['nl', 'en', 'de', 'ru', 'uk']).optional(),
            total: z.number().optional().openapi({ description: 'Ignored: prices are the server’s' }),
          })
          .strict(),
      ),
    },
  },
  responses: {
    201: { description: 'Ordered; pay at payment_url', ...json(checkoutAnswer) },
    ...errorResponses(400, 404, 409, 422),
  },
})

export const postOrderPayment = createRoute({
  method: 'post',
  path: '/food/orders/{uuid}/payment',
  tags: ['food'],
  summary: 'Start (or find) the payment of the session’s order: the same payment while it lives',
  request: { params: uuidParam('order'), query: z.object({ session_id: z.uuid('not a session id') }) },
  responses: {
    200: { description: 'The payment', ...json(checkoutAnswer) },
    ...errorResponses(400, 404, 409, 422),
  },
})

export const getPaymentOutcome = createRoute({
  method: 'get',
  path: '/food/orders/payment/{sessionId}',
  tags: ['food'],
  summary: 'Where the payment of the session’s newest order stands, and where to send the guest',
  request: {
    params: z.object({
      sessionId: z.uuid('not a session id').openapi({ param: { name: 'sessionId', in: 'path' } }),
    }),
  },
  responses: {
    200: {
      description: 'Outcome',
      ...json(
        z.object({
          order_uuid: z.uuid(),
          order_id: z.number().int(),
          order_status: z.number().int(),
          payment_status: z.string().nullable(),
          outcome: z.enum(['paid', 'pending', 'failed']),
          next: z.string(),
        }),
      ),
    },
    ...errorResponses(400, 404),
  },
})

export const getGuestOrder = createRoute({
  method: 'get',
  path: '/food/orders/{uuid}',
  tags: ['food'],
  summary: 'An order of the session (readable only with its session)',
  request: { params: uuidParam('order'), query: z.object({ session_id: z.uuid('not a session id') }) },
  responses: {
    200: { description: 'The order', ...json(z.object({ result: orderDetailSchema })) },
    ...errorResponses(400, 404),
  },
})

export function registerOrderingRoutes(app: ApiApp) {
  app.openapi(getSession, async (c) => {
    const { db } = c.get('services')
    const session = await sessionOf(db, c.req.valid('query').session_id)
    const orders = await db
      .selectFrom('food_orders as o')
      .innerJoin('food_restaurants as r', 'r.program_id', 'o.program_id')
      .select([
        'o.id',
        'o.order_id',
        'o.status',
        'o.pickup_in_restaurant',
        'o.total',
        'o.currency',
        'o.created_at',
      ])
      .select('r.time_zone')
      .where('o.session_id', '=', session.id)
      .where('o.status', '!=', 1)
      .orderBy('o.order_id', 'desc')
      .limit(50)
      .execute()
    return c.json(
      {
        result: {
          ...sessionJson(session),
          orders: orders.map((o) => ({
            uuid: o.id,
            order_id: Number(o.order_id),
            order_status: o.status,
            status_name: statusName(o.status as 1, o.pickup_in_restaurant),
            total: Number(o.total),
            currency: o.currency,
            created: o.created_at.toISOString(),
            time_zone: o.time_zone,
          })),
        },
      },
      200,
    )
  })

  app.openapi(postSession, async (c) => {
    const { db } = c.get('services')
    const query = c.req.valid('query')
    const from = c.req.valid('json') ?? {}
    // A session starts from something: the location popup (a zip code or pickup), or the product
    // or restaurant page the guest came from (which must exist).
    if (from.product_uuid) {
      const product = await findProductRow(db, from.product_uuid)
      if (!product?.is_active) throw notFound('product')
    }
    if (from.restaurant_uuid) {
      const program = await findProgram(db, from.restaurant_uuid)
      if (program?.type !== programTypes.foodsManagement || program.status !== programStatuses.active)
        throw notFound('restaurant')
    }
    if (!query.pickup_in_restaurant && !query.zip_code?.trim() && !from.product_uuid && !from.restaurant_uuid)
      throw invalidField('zip_code', 'required', 'a zip code, pickup, or the page the guest came from')
    const session = await createSession(db, optionalCaller(c), query)
    return c.json(sessionJson(session), 201)
  })

  app.openapi(patchSession, async (c) => {
    const session = await updateSession(
      c.get('services').db,
      optionalCaller(c),
      c.req.valid('param').uuid,
      c.req.valid('query'),
    )
    return c.json(sessionJson(session), 200)
  })

  app.openapi(getSessionAvailability, async (c) => {
    const { db } = c.get('services')
    const session = await sessionOf(db, c.req.valid('param').uuid)
    const q = c.req.valid('query')
    const program = await findProgram(db, q.restaurant_id)
    if (
      !program ||
      program.type !== programTypes.foodsManagement ||
      program.status !== programStatuses.active
    ) {
      throw notFound('restaurant')
    }
    const restaurant = await findRestaurantRow(db, program.uuid)
    const zip = q.zip_code ?? session.zip_code
    const area = await areaOfRestaurant(db, program.uuid, {
      zip_code: zip,
      lat: q.zip_code && q.zip_code !== session.zip_code ? null : session.lat,
      lon: q.zip_code && q.zip_code !== session.zip_code ? null : session.lon,
    })
    return c.json(
      {
        restaurant_available: area.inside,
        delivery_cost: area.inside ? area.cost : null,
        reason: area.inside ? null : area.why,
        can_pickup_in_rest: restaurant?.can_pickup_in_rest ?? false,
      },
      200,
    )
  })

  app.openapi(getBasket, async (c) =>
    c.json(basketAnswer(await basketJson(c.get('services').db, c.req.valid('param').sessionUuid)), 200),
  )

  app.openapi(putBasket, async (c) => {
    const { db } = c.get('services')
    const id = c.req.valid('param').sessionUuid
    const body = c.req.valid('json')
    const basket = await putBasketLine(db, id, {
      product_id: body.product_id,
      quantity: body.quantity,
      variant_uuid: body.variant_uuid,
      extra_uuids: body.extra_uuids,
    })
    return c.json(basketAnswer(await basketOf(db, basket)), 200)
  })

  app.openapi(postBasketClear, async (c) => {
    const { db } = c.get('services')
    const id = c.req.valid('param').sessionUuid
    await clearBasket(db, id, c.req.valid('query').restaurant_uuid)
    return c.json(basketAnswer(await basketJson(db, id)), 200)
  })

  app.openapi(getSlots, async (c) => {
    const { db } = c.get('services')
    await sessionOf(db, c.req.valid('param').sessionUuid)
    const restaurant = await findRestaurantRow(db, c.req.valid('query').restaurant_uuid)
    if (!restaurant) {
      throw notFound('restaurant')
    }
    const hours = { time_zone: restaurant.time_zone, ...(await schedulesOf(db, restaurant.program_id)) }
    const slots = restaurant.default_asap ? [] : slotsFor(new Date(), hours)
    return c.json(
      {
        asap_only: restaurant.default_asap,
        slots: slots.map((s) => ({ time: s.time, at: s.at.toISOString() })),
        payment_methods: await restaurantPaymentMethods(db, restaurant.program_id),
      },
      200,
    )
  })

  app.use('/food/basket/:sessionUuid/checkout', idempotency())
  app.openapi(postCheckout, async (c) => {
    const services = c.get('services')
    const ctx = requestContext(c)
    const id = c.req.valid('param').sessionUuid
    const body = c.req.valid('json')
    const { order, payment_url } = await checkout(
      services,
      ctx,
      optionalCaller(c),
      id,
      body,
      c.req.header('idempotency-key'),
      await returnOriginOf(c, body.restaurant_uuid),
    )
    return c.json(
      {
        result: await orderDetail(services.db, null, order.id),
        payment_uuid: order.payment_id as string,
        payment_url,
      },
      201,
    )
  })

  app.openapi(getPaymentOutcome, async (c) =>
    c.json(await paymentOutcome(c.get('services'), c.req.valid('param').sessionId), 200),
  )

  app.openapi(postOrderPayment, async (c) => {
    const services = c.get('services')
    const { uuid } = c.req.valid('param')
    const of = await services.db
      .selectFrom('food_orders')
      .select('program_id')
      .where('id', '=', uuid)
      .executeTakeFirst()
    const { order, payment_url } = await startOrderPayment(
      services,
      requestContext(c),
      c.req.valid('query').session_id,
      uuid,
      of ? await returnOriginOf(c, of.program_id) : undefined,
    )
    return c.json(
      {
        result: await orderDetail(services.db, null, order.id),
        payment_uuid: order.payment_id as string,
        payment_url,
      },
      200,
    )
  })

  app.openapi(getGuestOrder, async (c) => {
    const { db } = c.get('services')
    const { uuid } = c.req.valid('param')
    const order = await db
      .selectFrom('food_orders')
      .select('session_id')
      .where('id', '=', uuid)
      .executeTakeFirst()
    if (!order || order.session_id !== c.req.valid('query').session_id) {
      throw notFound('order')
    }
    return c.json({ result: await orderDetail(db, null, uuid) }, 200)
  })
}
