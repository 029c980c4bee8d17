import type { Context } from 'hono'
import { streamSSE } from 'hono/streaming'
import { notFound } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp, AppEnv } from '../../platform/module.ts'
import { listenForBoards } from '../orders/board.ts'
import { statusName } from '../orders/codes.ts'
import { uuidParam } from './schemas.ts'

/**
 * The guest's order page follows its order live (issue 15 item 7): a small Server-Sent Events
 * stream of one order's status, keyed by the order and its session like `GET orders/{uuid}`. The
 * status is the state, not a log: each `status` event carries the whole of it, so a reconnect
 * needs no replay (`Last-Event-ID` is not needed) and the first event is always the current one.
 */
export const getGuestOrderEvents = createRoute({
  method: 'get',
  path: '/food/orders/{uuid}/events',
  tags: ['food'],
  summary: 'The session’s order status, live (SSE)',
  description:
    '`status` events `{order_status, status_name, changed}` (the current one first, then each change), `heartbeat` every 10 s; the stream ends after about 5 minutes (EventSource reconnects). Another session’s order, or none: 404.',
  request: { params: uuidParam('order'), query: z.object({ session_id: z.uuid('not a session id') }) },
  responses: {
    200: { description: 'Event stream', content: { 'text/event-stream': { schema: z.string() } } },
    ...errorResponses(400, 404),
  },
})

function serverClosing(c: Context<AppEnv>): boolean {
  const env = c.env as { incoming?: { socket?: { server?: { listening?: boolean } } } } | undefined
  return env?.incoming?.socket?.server?.listening === false
}

// A guest waits minutes between changes: a read every 2 s (woken at once by the board's Redis
// nudge), a heartbeat every 10 s, and a fresh connection every 5 minutes.
const pollMs = 2_000
const heartbeatMs = 10_000
const streamForMs = 5 * 60_000

export function registerGuestOrderEvents(app: ApiApp) {
  app.openapi(getGuestOrderEvents, async (c) => {
    const services = c.get('services')
    const { uuid } = c.req.valid('param')
    const sessionId = c.req.valid('query').session_id
    const read = () =>
      services.db
        .selectFrom('food_orders')
        .select(['session_id', 'program_id', 'status', 'pickup_in_restaurant', 'updated_at'])
        .where('id', '=', uuid)
        .executeTakeFirst()
    const first = await read()
    if (!first || first.session_id !== sessionId) throw notFound('order')
    c.header('Cache-Control', 'no-cache, no-transform')
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(c, async (s) => {
      let wake: (() => void) | undefined
      const stop = await listenForBoards(services, (programId) => {
        if (programId === first.program_id) wake?.()
      })
      let aborted = false
      s.onAbort(() => {
        aborted = true
        wake?.()
      })
      try {
        let sent: number | null = null
        let beat = Date.now()
        const until = Date.now() + streamForMs
        await s.writeSSE({ event: 'ready', data: '{}', retry: 2000 })
        while (!aborted && Date.now() < until && !serverClosing(c)) {
          const order = await read()
          if (!order) break
          if (order.status !== sent) {
            await s.writeSSE({
              event: 'status',
              data: JSON.stringify({
                order_status: order.status,
                status_name: statusName(order.status as 1, order.pickup_in_restaurant),
                changed: order.updated_at.toISOString(),
              }),
            })
            sent = order.status
          } else if (Date.now() - beat >= heartbeatMs) {
            await s.writeSSE({ event: 'heartbeat', data: JSON.stringify({ at: new Date().toISOString() }) })
            beat = Date.now()
          }
          if (!aborted)
            await new Promise<void>((resolve) => {
              wake = resolve
              setTimeout(resolve, pollMs)
            })
          wake = undefined
        }
      } finally {
        stop()
      }
    })
  })
}
