import { requireUser, signedIn } from '../../identity/index.ts'
import { isAcceptor, isOwner } from '../../platform/access.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { pageSchema, paginationQuery, toPage } from '../../platform/pagination.ts'
import { cashpointInFilter, programInFilter } from '../../programs/index.ts'
import { listTerminalRequests, terminalStatuses } from '../db/terminal-requests.ts'
import { bearerSecurity, terminalRequestSchema, toTerminalRequestJson } from './schemas.ts'

const query = paginationQuery({ defaultSize: 20, maxSize: 100 }).extend({
  cashpoint: z.uuid('not a cashpoint id').optional(),
  program: z.uuid('not a program id').optional(),
  status: z.enum(terminalStatuses, { message: `one of ${terminalStatuses.join(', ')}` }).optional(),
})

export const getTerminalRequests = createRoute({
  method: 'get',
  path: '/manager/terminal-requests',
  tags: ['manager'],
  summary: 'Terminal and payment requests, newest first',
  description:
    'An acceptor: those paying them; a program owner: those in their programs; an admin: all. Filter by cashpoint, program and status: a cashpoint or program the caller may not see (another acceptor’s cashpoint, another owner’s program, a program the acceptor never had a place in) or that does not exist is 404, as in a path.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'acceptor', 'admin')] as const,
  request: { query },
  responses: {
    200: {
      description: 'One page',
      content: { 'application/json': { schema: pageSchema(terminalRequestSchema) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
})

export function registerGetTerminalRequests(app: ApiApp) {
  app.openapi(getTerminalRequests, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor', 'admin')
    const q = c.req.valid('query')
    const { db, config } = c.get('services')
    if (q.cashpoint) await cashpointInFilter(db, me, q.cashpoint)
    if (q.program) await programInFilter(db, me, q.program)
    const { count, rows } = await listTerminalRequests(
      db,
      {
        cashpointUuid: q.cashpoint,
        programUuid: q.program,
        status: q.status,
        acceptorUserId: isAcceptor(me) ? me.user_id : undefined,
        ownerUserId: isOwner(me) ? me.user_id : undefined,
      },
      q,
    )
    return c.json(
      toPage(
        c.req.url,
        q,
        count,
        rows.map((r) => toTerminalRequestJson(config.PUBLIC_URL, r)),
      ),
      200,
    )
  })
}
