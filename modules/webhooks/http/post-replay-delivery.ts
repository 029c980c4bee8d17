import { bearerSecurity, requireUser } from '../../identity/index.ts'
import { notFound } from '../../platform/errors.ts'
import { createRoute, errorResponses } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { replayDelivery } from '../commands/replay-delivery.ts'
import { getDelivery } from '../queries/deliveries.ts'
import { deliverySchema, mayRead, readers, signedIn, toDeliveryBody, uuidParam } from './common.ts'

export const postReplayDelivery = createRoute({
  method: 'post',
  path: '/payment/webhook-deliveries/{uuid}/replay',
  tags: ['payment'],
  summary: 'Send a webhook delivery again now',
  description:
    'Makes one more attempt right away, whatever the delivery’s state (also after success or when its retries are used up); it appears in the attempt log with trigger `replay`. Answers 202 with the delivery as it was. For the endpoint’s owner and admins; anyone else gets 404. An inactive endpoint: 422 `endpoint_inactive`.',
  security: bearerSecurity,
  middleware: [signedIn(...readers)] as const,
  request: { params: uuidParam('webhook delivery') },
  responses: {
    202: { description: 'Replay queued', content: { 'application/json': { schema: deliverySchema } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export function registerPostReplayDelivery(app: ApiApp) {
  app.openapi(postReplayDelivery, async (c) => {
    const me = requireUser(c, ...readers)
    const { db } = c.get('services')
    const found = await getDelivery(db, c.req.valid('param').uuid)
    if (!found || !mayRead(me, found.owner_user_id)) throw notFound('webhook delivery')
    const delivery = await replayDelivery(db, found.id, {
      actor: c.get('actor'),
      requestId: c.get('requestId'),
    })
    c.get('log').info({ delivery_id: delivery.id }, 'webhook replay requested')
    return c.json(toDeliveryBody(delivery), 202)
  })
}
