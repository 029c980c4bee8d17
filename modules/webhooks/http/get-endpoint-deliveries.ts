import { bearerSecurity } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { pageSchema, paginationQuery, toPage } from '../../platform/pagination.ts'
import { deliveryStatuses } from '../db/deliveries.ts'
import { listDeliveries } from '../queries/deliveries.ts'
import { authorizeEndpoint, deliverySchema, readers, signedIn, toDeliveryBody, uuidParam } from './common.ts'

export const getEndpointDeliveries = createRoute({
  method: 'get',
  path: '/payment/webhook-endpoints/{uuid}/deliveries',
  tags: ['payment'],
  summary: 'Deliveries of a payment notification endpoint',
  description:
    'Newest first, optionally only one status. For the endpoint’s owner and admins; anyone else gets 404.',
  security: bearerSecurity,
  middleware: [signedIn(...readers)] as const,
  request: {
    params: uuidParam('webhook endpoint'),
    query: paginationQuery({ defaultSize: 25, maxSize: 200 }).extend({
      status: z.enum(deliveryStatuses, { message: `one of ${deliveryStatuses.join(', ')}` }).optional(),
    }),
  },
  responses: {
    200: { description: 'One page', content: { 'application/json': { schema: pageSchema(deliverySchema) } } },
    ...errorResponses(400, 401, 403, 404),
  },
})

export function registerGetEndpointDeliveries(app: ApiApp) {
  app.openapi(getEndpointDeliveries, async (c) => {
    const { uuid } = c.req.valid('param')
    const q = c.req.valid('query')
    const { db } = c.get('services')
    await authorizeEndpoint(c, db, uuid, 'webhook endpoint')
    const page = await listDeliveries(db, {
      endpointUuid: uuid,
      status: q.status,
      page: q.page,
      size: q.size,
    })
    return c.json(toPage(c.req.url, q, page.count, page.results.map(toDeliveryBody)), 200)
  })
}
