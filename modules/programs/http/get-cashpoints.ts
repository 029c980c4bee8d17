import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { isAcceptor, isOwner } from '../../platform/access.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { pageSchema, paginationQuery, toPage } from '../../platform/pagination.ts'
import { programOf } from '../access.ts'
import { listCashpointRows } from '../db/cashpoints.ts'
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
    'An acceptor: their own cashpoints (optionally in one program). A program owner: the cashpoints of every acceptor in their programs (another owner’s `program`: 404). An admin: all. Oldest first.',
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
    if (q.program && isOwner(me)) await programOf(db, me, q.program)
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
