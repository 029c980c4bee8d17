import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { isOwner } from '../../platform/access.ts'
import { invalidField } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { pageSchema, paginationQuery, toPage } from '../../platform/pagination.ts'
import { orderStatuses } from '../codes.ts'
import { batchCsv, listBatches } from '../queries/orders.ts'
import { orderSchema, toOrderJson, uuidParam } from './schemas.ts'

export const getBatches = createRoute({
  method: 'get',
  path: '/card/batches',
  tags: ['card'],
  summary: 'Card orders (batches of cards), newest first',
  description:
    'A program owner lists one of their programs’ orders (`program` required; another owner’s: 404); an admin one program’s or all. `status` filters (a paid order is an issued batch).',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: {
    query: paginationQuery({ defaultSize: 20, maxSize: 100 }).extend({
      program: z.uuid('not a program id').optional(),
      status: z.enum(orderStatuses, { message: `one of ${orderStatuses.join(', ')}` }).optional(),
    }),
  },
  responses: {
    200: {
      description: 'A page of orders',
      content: { 'application/json': { schema: pageSchema(orderSchema) } },
    },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const getBatchCsv = createRoute({
  method: 'get',
  path: '/card/batches/{uuid}/cards.csv',
  tags: ['card'],
  summary: 'The cards of a paid order as CSV',
  description:
    'One card a line: `token,value,currency,use_number,expires_at` (value in major units such as 25.00; use_number empty for unlimited; expires_at empty when counted from activation or none), downloaded as an attachment. An order not paid: 409 `order_not_paid`. Its program’s owner and admins; anyone else’s: 404.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: { params: uuidParam('order') },
  responses: {
    200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } },
    ...errorResponses(400, 401, 403, 404, 409),
  },
})

export function registerBatchRoutes(app: ApiApp) {
  app.openapi(getBatches, async (c) => {
    const me = requireUser(c, 'owner', 'admin')
    const services = c.get('services')
    const query = c.req.valid('query')
    if (isOwner(me) && !query.program) throw invalidField('program', 'choose_program', 'choose a program')
    const { count, rows, titles } = await listBatches(services.db, me, query)
    const results = []
    for (const row of rows) results.push(await toOrderJson(services.db, services, row, titles))
    return c.json(toPage(c.req.url, query, count, results), 200)
  })

  app.openapi(getBatchCsv, async (c) => {
    const me = requireUser(c, 'owner', 'admin')
    const { order, csv } = await batchCsv(c.get('services').db, me, c.req.valid('param').uuid)
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="card-order-${order.number}.csv"`,
      'Cache-Control': 'no-store',
    })
  })
}
