import { bearerSecurity } from '../../identity/index.ts'
import { createRoute, errorResponses } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { sendWebhook } from '../commands/send-webhook.ts'
import { authorizeEndpoint, deliverySchema, readers, signedIn, toDeliveryBody, uuidParam } from './common.ts'

/** The event type of the ping: merchants can tell it from real events and answer 2xx. */
export const testEventType = 'webhook.test'

export const postEndpointTest = createRoute({
  method: 'post',
  path: '/payment/webhook-endpoints/{uuid}/test',
  tags: ['payment'],
  summary: 'Send a test ping to a payment notification endpoint',
  description:
    'Queues a `webhook.test` event to the endpoint, signed and retried like any other; follow it with the delivery’s uuid. For the endpoint’s owner and admins; anyone else gets 404. An inactive endpoint: 422 `endpoint_inactive`.',
  security: bearerSecurity,
  middleware: [signedIn(...readers)] as const,
  request: { params: uuidParam('webhook endpoint') },
  responses: {
    202: { description: 'Ping queued', content: { 'application/json': { schema: deliverySchema } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export function registerPostEndpointTest(app: ApiApp) {
  app.openapi(postEndpointTest, async (c) => {
    const { uuid } = c.req.valid('param')
    const { db } = c.get('services')
    const me = await authorizeEndpoint(c, db, uuid, 'webhook endpoint')
    const delivery = await db.transaction().execute((trx) =>
      sendWebhook(
        trx,
        {
          endpointUuid: uuid,
          eventType: testEventType,
          payload: { test: true, endpoint_uuid: uuid, sent_by: me.user_id },
        },
        { actor: c.get('actor'), requestId: c.get('requestId') },
      ),
    )
    return c.json(toDeliveryBody(delivery), 202)
  })
}
