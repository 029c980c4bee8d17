import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { isAcceptor, isOwner } from '../../platform/access.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { pageSchema, paginationQuery, toPage } from '../../platform/pagination.ts'
import { listCashpointRows } from '../db/cashpoints.ts'
import { programInFilter } from '../queries/programs.ts'
import { cashpointSchema, toCashpointJson } from './schemas.ts'

const query = paginationQuery({ defaultSize: 50, maxSize: 200 }).extend({
  program: z.uuid('not a program id').optional(),
  is_active: z
    .enum(['true', 'false'], { message: 'true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
})

export const getCashpoints = createRoute({
  method: 'get',
  path: '/manager/cashpoints',
  tags: ['manager'],
  summary: 'Cashpoints',
  description:
    'An acceptor: their own cashpoints (optionally in one program they have or had a place in). A program owner: the cashpoints of every acceptor in their programs. An admin: all. Oldest first. A `program` the caller may not see (another owner’s, one the acceptor never had a place in) or that does not exist: 404.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'acceptor', 'admin')] as const,
  request: { query },
  responses: {
    200: {
      description: 'One page',
      content: { 'application/json': { schema: pageSchema(cashpointSchema) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
})

export function registerGetCashpoints(app: ApiApp) {
  app.openapi(getCashpoints, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor', 'admin')
    const q = c.req.valid('query')
    const { db } = c.get('services')
    if (q.program) await programInFilter(db, me, q.program)
    const { count, rows } = await listCashpointRows(
      db,
      {
        programId: q.program,
        isActive: q.is_active,
        acceptorUserId: isAcceptor(me) ? me.user_id : undefined,
        ownerUserId: isOwner(me) ? me.user_id : undefined,
      },
      q,
    )
    return c.json(toPage(c.req.url, q, count, rows.map(toCashpointJson)), 200)
  })
}
