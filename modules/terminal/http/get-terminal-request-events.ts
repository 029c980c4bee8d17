import type { Context } from 'hono'
import { streamSSE } from 'hono/streaming'
import { requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp, AppEnv } from '../../platform/module.ts'
import { requestOf } from '../commands/terminal-requests.ts'
import { finalStatuses, type TerminalStatus } from '../db/terminal-requests.ts'
import { terminalRequestView } from '../queries/terminal-requests.ts'
import { bearerSecurity, uuidParam } from './schemas.ts'

/** How often the stream looks at the request: the terminal shows a payment within about a second. */
const checkEveryMs = 1000
/** A comment line this often keeps proxies from closing a quiet stream. */
const keepAliveMs = 15_000
/**
 * A stream ends after this long and the browser's EventSource reconnects by itself (after the
 * `retry` it was sent): no connection lives for hours, and a deploy never waits long for one.
 */
const streamForMs = 50_000

/**
 * Whether the HTTP server has stopped accepting (graceful shutdown): its open streams end at once
 * so the process can stop within its shutdown time; the browser reconnects to another process.
 */
function serverClosing(c: Context<AppEnv>): boolean {
  const env = c.env as { incoming?: { socket?: { server?: { listening?: boolean } } } } | undefined
  return env?.incoming?.socket?.server?.listening === false
}

export const getTerminalRequestEvents = createRoute({
  method: 'get',
  path: '/manager/terminal-requests/{uuid}/events',
  tags: ['manager'],
  summary: 'Live state of a request (Server-Sent Events)',
  description:
    'A `status` event with the request (the same body as GET …/{uuid}, under `result`) at once and whenever it changes: claimed, paid, failed, expired, cancelled. The stream ends after a final status, or after about 50 seconds (the browser’s EventSource reconnects). Who may read the request; anyone else 404.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'acceptor', 'admin')] as const,
  request: { params: uuidParam('terminal request') },
  responses: {
    200: {
      description: 'An event stream',
      content: {
        'text/event-stream': { schema: z.string().openapi({ example: 'event: status\ndata: {…}\n\n' }) },
      },
    },
    ...errorResponses(400, 401, 403, 404),
  },
})

export function registerGetTerminalRequestEvents(app: ApiApp) {
  app.openapi(getTerminalRequestEvents, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor', 'admin')
    const services = c.get('services')
    const id = c.req.valid('param').uuid
    await requestOf(services.db, me, id) // 404 before the stream starts
    c.header('Cache-Control', 'no-cache, no-transform')
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(c, async (stream) => {
      let aborted = false
      stream.onAbort(() => {
        aborted = true
      })
      const until = Date.now() + streamForMs
      let last = ''
      let lastWrite = Date.now()
      let first = true
      while (!aborted && Date.now() < until && !serverClosing(c)) {
        const view = await terminalRequestView(services, me, id)
        const data = JSON.stringify({ result: view })
        if (data !== last) {
          await stream.writeSSE({ event: 'status', data, ...(first ? { retry: 2000 } : {}) })
          last = data
          lastWrite = Date.now()
          first = false
        } else if (Date.now() - lastWrite >= keepAliveMs) {
          await stream.write(': keep-alive\n\n')
          lastWrite = Date.now()
        }
        if (finalStatuses.includes(view.status as TerminalStatus)) break
        await stream.sleep(checkEveryMs)
      }
    })
  })
}
