import type { ApiApp } from '../../platform/module.ts'
import { registerGetWebhookDelivery } from './get-delivery.ts'
import { registerGetWebhookEndpoint } from './get-endpoint.ts'
import { registerGetEndpointDeliveries } from './get-endpoint-deliveries.ts'
import { registerPostEndpointTest } from './post-endpoint-test.ts'
import { registerPostReplayDelivery } from './post-replay-delivery.ts'

export function registerWebhookRoutes(app: ApiApp) {
  registerGetWebhookEndpoint(app)
  registerGetEndpointDeliveries(app)
  registerGetWebhookDelivery(app)
  registerPostReplayDelivery(app)
  registerPostEndpointTest(app)
}
