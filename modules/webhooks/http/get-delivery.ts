import { bearerSecurity, requireUser } from '../../identity/index.ts'
import { notFound } from '../../platform/errors.ts'
import { createRoute, errorResponses } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { getDelivery } from '../queries/deliveries.ts'
import {
  deliveryDetailSchema,
  mayRead,
  readers,
  signedIn,
  toAttemptBody,
  toDeliveryBody,
  uuidParam,
} from './common.ts'

export const getWebhookDelivery = createRoute({
  method: 'get',
  path: '/payment/webhook-deliveries/{uuid}',
  tags: ['payment'],
  summary: 'A webhook delivery with its payload and every attempt',
  description: 'For the endpoint’s owner and admins; anyone else gets 404.',
  security: bearerSecurity,
  middleware: [signedIn(...readers)] as const,
  request: { params: uuidParam('webhook delivery') },
  responses: {
    200: { description: 'The delivery', content: { 'application/json': { schema: deliveryDetailSchema } } },
    ...errorResponses(400, 401, 403, 404),
  },
})

export function registerGetWebhookDelivery(app: ApiApp) {
  app.openapi(getWebhookDelivery, async (c) => {
    const me = requireUser(c, ...readers)
    const delivery = await getDelivery(c.get('services').db, c.req.valid('param').uuid)
    if (!delivery || !mayRead(me, delivery.owner_user_id)) throw notFound('webhook delivery')
    return c.json(
      {
        ...toDeliveryBody(delivery),
        payload: delivery.payload,
        attempt_log: delivery.attempt_log.map(toAttemptBody),
      },
      200,
    )
  })
}
