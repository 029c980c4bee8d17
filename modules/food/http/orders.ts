import type { Context } from 'hono'
import { stream, streamSSE } from 'hono/streaming'
import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { zonedDate } from '../../platform/dates.ts'
import { invalidField } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp, AppEnv } from '../../platform/module.ts'
import { pageSchema, paginationQuery } from '../../platform/pagination.ts'
import { foodProgramOf } from '../access.ts'
import {
  boardEventsAfter,
  changeOrderStatus,
  lastBoardSeq,
  listenForBoards,
  pauseOrdering,
  statusOfInput,
} from '../orders/board.ts'
import { dailyTotals, listOrders, orderDetail, ordersCsv } from '../orders/books.ts'
import { isOrderStatus } from '../orders/codes.ts'
import { orderDetailSchema, orderSchema } from './ordering.ts'
import { requestContext, uuidParam } from './schemas.ts'

/**
 * The restaurant's order books and kitchen board (issue 15 items 4, 5, 8): the owner and the
 * acceptors working at the restaurant, through the access kernel (`foodProgramOf`, staff): another
 * restaurant's orders are 404, other user types 403, no token 401.
 */
const staff = ['owner', 'acceptor'] as const
const who = 'The restaurant’s owner and its acceptors (staff); another restaurant’s: 404.'
const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } } })
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
const orderParams = uuidParam('program').extend({
  orderUuid: z.uuid('not an order id').openapi({ param: { name: 'orderUuid', in: 'path' } }),
})

export const getOrders = createRoute({
  method: 'get',
  path: '/food/programs/{uuid}/orders',
  tags: ['food'],
  summary: 'The restaurant’s orders: the active view or a date view',
  description: `active_view=true: paid orders still to do (paid, cooking, out for delivery), oldest first. Otherwise the orders of \`date\` (default today in the restaurant’s zone), newest first. \`last_known_order_id\`: new_orders.count counts paid orders after it (for polling). ${who}`,
  security: bearerSecurity,
  middleware: [signedIn(...staff)] as const,
  request: {
    params: uuidParam('program'),
    query: paginationQuery({ defaultSize: 50, maxSize: 200 }).extend({
      active_view: z
        .enum(['true', 'false', '1', '0'])
        .transform((v) => v === 'true' || v === '1')
        .optional(),
      last_known_order_id: z.coerce.number().int().min(0).optional(),
      date: date.optional(),
      status: z.coerce.number().int().min(1).max(8).optional(),
      order_type: z.enum(['delivery', 'pickup']).optional(),
    }),
  },
  responses: {
    200: {
      description: 'Orders',
      ...json(
        pageSchema(orderSchema).extend({
          active_view: z.boolean(),
          date: z.string().nullable(),
          last_known_order_id: z.number().int().nullable(),
          new_orders: z.object({ count: z.number().int() }),
        }),
      ),
    },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const getBoardEvents = createRoute({
  method: 'get',
  path: '/food/programs/{uuid}/orders/events',
  tags: ['food'],
  summary: 'The kitchen board, live (Server-Sent Events)',
  description: `An \`order\` event \`{seq, kind, status, order}\` for each order paid or moved, with \`id\` = seq; a \`heartbeat\` event every 2.5 s (a board that hears nothing for 5 s shows itself offline). Reconnecting with \`Last-Event-ID\` (or \`last_event_id\` the first time; without either, only what comes next) replays exactly what was missed. The stream ends after about 50 s; EventSource reconnects by itself. ${who}`,
  security: bearerSecurity,
  middleware: [signedIn(...staff)] as const,
  request: {
    params: uuidParam('program'),
    query: z.object({ last_event_id: z.coerce.number().int().min(0).optional() }),
  },
  responses: {
    200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } },
    ...errorResponses(401, 403, 404, 422),
  },
})

export const getOrder = createRoute({
  method: 'get',
  path: '/food/programs/{uuid}/orders/{orderUuid}',
  tags: ['food'],
  summary: 'An order with its items (VAT per item), history and transactions',
  description: who,
  security: bearerSecurity,
  middleware: [signedIn(...staff)] as const,
  request: { params: orderParams },
  responses: {
    200: { description: 'The order', ...json(z.object({ result: orderDetailSchema })) },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const patchOrderStatus = createRoute({
  method: 'patch',
  path: '/food/programs/{uuid}/orders/{orderUuid}/status',
  tags: ['food'],
  summary: 'Move an order (the kitchen’s choice or the status number)',
  description: `\`status\`: 5 cooking, 6 out for delivery / ready for pickup, 7 delivered / picked up, or the kitchen’s word (kitchen, delivering, delivered). Forward only from paid; anything else 409 \`order_transition_not_allowed\`. ${who}`,
  security: bearerSecurity,
  middleware: [signedIn(...staff)] as const,
  request: {
    params: orderParams,
    body: {
      required: true,
      ...json(
        z
          .object({
            status: z.union([
              z.number().int().min(1).max(8),
              z.enum(['pending', 'kitchen', 'delivering', 'delivered']),
            ]),
          })
          .strict(),
      ),
    },
  },
  responses: {
    200: { description: 'Moved', ...json(z.object({ result: orderDetailSchema })) },
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
})

export const getDailyTotals = createRoute({
  method: 'get',
  path: '/food/programs/{uuid}/daily-totals',
  tags: ['food'],
  summary: 'Daily totals of paid orders (amounts in minor units)',
  description: `revenue = overall − VAT. ${who}`,
  security: bearerSecurity,
  middleware: [signedIn(...staff)] as const,
  request: {
    params: uuidParam('program'),
    query: paginationQuery({ defaultSize: 31, maxSize: 366 }).extend({
      date: date.optional(),
      order_type: z.enum(['delivery', 'pickup']).optional(),
    }),
  },
  responses: {
    200: {
      description: 'Totals per day',
      ...json(
        pageSchema(
          z.object({
            order_date: z.string(),
            orders_count: z.number().int(),
            products_total: z.number().int(),
            fees_total: z.number().int(),
            overall: z.number().int(),
            vat: z.number().int(),
            revenue: z.number().int(),
            payouts: z.number().int(),
            currency: z.string(),
          }),
        ),
      ),
    },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const getOrdersCsv = createRoute({
  method: 'get',
  path: '/food/programs/{uuid}/orders.csv',
  tags: ['food'],
  summary: 'CSV export of paid orders by date range (streamed)',
  description: `start_date and end_date inclusive (restaurant’s days), at most 400 days. ${who}`,
  security: bearerSecurity,
  middleware: [signedIn(...staff)] as const,
  request: { params: uuidParam('program'), query: z.object({ start_date: date, end_date: date }) },
  responses: {
    200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const patchPause = createRoute({
  method: 'patch',
  path: '/food/programs/{uuid}/pause',
  tags: ['food'],
  summary: 'Pause new orders until a minute of the restaurant’s clock (or for some minutes); null reopens',
  description: who,
  security: bearerSecurity,
  middleware: [signedIn(...staff)] as const,
  request: {
    params: uuidParam('program'),
    body: {
      required: true,
      ...json(
        z
          .object({
            until: z
              .string()
              .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM')
              .nullable()
              .optional(),
            minutes: z.number().int().min(1).max(1440).optional(),
          })
          .strict(),
      ),
    },
  },
  responses: {
    200: { description: 'Paused until', ...json(z.object({ paused_until: z.string().nullable() })) },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const getPause = createRoute({
  method: 'get',
  path: '/food/programs/{uuid}/pause',
  tags: ['food'],
  summary: 'Whether new orders are paused now, and until when',
  description: `\`paused_until\` is null when the restaurant takes new orders (never paused, reopened, or the pause has run out). ${who}`,
  security: bearerSecurity,
  middleware: [signedIn(...staff)] as const,
  request: { params: uuidParam('program') },
  responses: {
    200: { description: 'Paused until', ...json(z.object({ paused_until: z.string().nullable() })) },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

function serverClosing(c: Context<AppEnv>): boolean {
  const env = c.env as { incoming?: { socket?: { server?: { listening?: boolean } } } } | undefined
  return env?.incoming?.socket?.server?.listening === false
}

const heartbeatMs = 2_500
const pollMs = 1_000
const streamForMs = 50_000

export function registerOrderRoutes(app: ApiApp) {
  app.openapi(getOrders, async (c) => {
    const me = requireUser(c, ...staff)
    const { db } = c.get('services')
    const program = await foodProgramOf(db, me, c.req.valid('param').uuid, { who: 'staff' })
    const zone = await db
      .selectFrom('food_restaurants')
      .select('time_zone')
      .where('program_id', '=', program.uuid)
      .executeTakeFirst()
    const page = await listOrders(
      db,
      program.uuid,
      c.req.valid('query'),
      c.req.url,
      zonedDate(new Date(), zone?.time_zone),
    )
    return c.json(page, 200)
  })

  app.openapi(getBoardEvents, async (c) => {
    const me = requireUser(c, ...staff)
    const services = c.get('services')
    const program = await foodProgramOf(services.db, me, c.req.valid('param').uuid, { who: 'staff' })
    const header = c.req.header('last-event-id')
    const given = header && /^\d+$/.test(header) ? Number(header) : c.req.valid('query').last_event_id
    let last = given ?? (await lastBoardSeq(services.db, program.uuid))
    c.header('Cache-Control', 'no-cache, no-transform')
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(c, async (s) => {
      let wake: (() => void) | undefined
      let nudged = false
      const stop = await listenForBoards(services, (programId) => {
        if (programId !== program.uuid) return
        nudged = true
        wake?.()
      })
      let aborted = false
      s.onAbort(() => {
        aborted = true
        wake?.()
      })
      try {
        await s.writeSSE({ event: 'ready', data: JSON.stringify({ last_event_id: last }), retry: 1000 })
        const until = Date.now() + streamForMs
        let beat = Date.now()
        while (!aborted && Date.now() < until && !serverClosing(c)) {
          nudged = false
          const events = await boardEventsAfter(services.db, program.uuid, last)
          for (const e of events) {
            if (aborted) break
            await s.writeSSE({ event: 'order', id: String(e.seq), data: JSON.stringify(e) })
            last = e.seq
          }
          if (events.length === 200) continue
          if (Date.now() - beat >= heartbeatMs) {
            await s.writeSSE({
              event: 'heartbeat',
              data: JSON.stringify({ at: new Date().toISOString(), last_event_id: last }),
            })
            beat = Date.now()
          }
          if (!nudged && !aborted)
            await new Promise<void>((resolve) => {
              wake = resolve
              setTimeout(resolve, Math.min(pollMs, heartbeatMs - (Date.now() - beat)))
            })
          wake = undefined
        }
      } finally {
        stop()
      }
    })
  })

  app.openapi(getOrder, async (c) => {
    const me = requireUser(c, ...staff)
    const { db } = c.get('services')
    const { uuid, orderUuid } = c.req.valid('param')
    const program = await foodProgramOf(db, me, uuid, { who: 'staff' })
    return c.json({ result: await orderDetail(db, program.uuid, orderUuid) }, 200)
  })

  app.openapi(patchOrderStatus, async (c) => {
    const me = requireUser(c, ...staff)
    const services = c.get('services')
    const { uuid, orderUuid } = c.req.valid('param')
    const to = statusOfInput(c.req.valid('json').status)
    if (!isOrderStatus(to)) throw new Error('unreachable: the schema checks the status')
    await changeOrderStatus(services, requestContext(c), me, uuid, orderUuid, to)
    return c.json({ result: await orderDetail(services.db, uuid, orderUuid) }, 200)
  })

  app.openapi(getDailyTotals, async (c) => {
    const me = requireUser(c, ...staff)
    const { db } = c.get('services')
    const program = await foodProgramOf(db, me, c.req.valid('param').uuid, { who: 'staff' })
    return c.json(await dailyTotals(db, program.uuid, c.req.valid('query'), c.req.url), 200)
  })

  app.openapi(getOrdersCsv, async (c) => {
    const me = requireUser(c, ...staff)
    const { db } = c.get('services')
    const program = await foodProgramOf(db, me, c.req.valid('param').uuid, { who: 'staff' })
    const { start_date, end_date } = c.req.valid('query')
    const days = (Date.parse(end_date) - Date.parse(start_date)) / 86_400_000
    if (!(days >= 0 && days <= 400)) {
      throw invalidField(
        'end_date',
        'invalid_date',
        'end_date must be on or after start_date, at most 400 days later',
      )
    }
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="orders-${start_date}-${end_date}.csv"`)
    return stream(c, async (s) => {
      for await (const chunk of ordersCsv(db, program.uuid, start_date, end_date)) await s.write(chunk)
    }) as never
  })

  app.openapi(getPause, async (c) => {
    const me = requireUser(c, ...staff)
    const { db } = c.get('services')
    const program = await foodProgramOf(db, me, c.req.valid('param').uuid, { who: 'staff' })
    const row = await db
      .selectFrom('food_restaurants')
      .select('paused_until')
      .where('program_id', '=', program.uuid)
      .executeTakeFirst()
    const until = row?.paused_until && row.paused_until.getTime() > Date.now() ? row.paused_until : null
    return c.json({ paused_until: until?.toISOString() ?? null }, 200)
  })

  app.openapi(patchPause, async (c) => {
    const me = requireUser(c, ...staff)
    const until = await pauseOrdering(
      c.get('services').db,
      me,
      c.req.valid('param').uuid,
      c.req.valid('json'),
    )
    return c.json({ paused_until: until?.toISOString() ?? null }, 200)
  })
}
