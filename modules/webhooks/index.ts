/**
 * Webhooks: outbound notifications to merchant endpoints (payment programs tell merchants about
 * payments through it). An endpoint has a URL and a signing secret (sealed at rest); `sendWebhook`
 * creates a delivery in the caller's transaction and the `notifications` queue POSTs it, signed
 * per Standard Webhooks, retrying on WEBHOOK_RETRY_SCHEDULE (1 s, 2 s, 3 s, then longer) until a
 * 2xx or until the schedule is used up (`failed`, reason `maxRepeats`). Every attempt is logged;
 * any delivery can be replayed. The database is the source of truth: a sweeper re-queues attempts
 * whose job was lost. Endpoint URLs pass an SSRF guard in production (address-guard.ts); how retries
 * are scheduled, and why, is in schedule.ts.
 */
import { defineModule } from '../platform/module.ts'
import { webhooksErrors } from './errors.ts'
import { registerWebhookRoutes } from './http/routes.ts'
import { attemptDeliveryJob, queueFirstAttempt, replayDeliveryHandler } from './jobs/deliver.ts'
import { sweepDeliveriesJob } from './jobs/sweep-deliveries.ts'

export { checkEndpointUrl, isPrivateAddress } from './address-guard.ts'
export { type AttemptOutcome, attemptDelivery } from './commands/attempt-delivery.ts'
export {
  type CreateEndpointInput,
  createEndpoint,
  deleteEndpoint,
  type EndpointWithSecret,
  findEndpoint,
  revealEndpointSecret,
  type UpdateEndpointInput,
  updateEndpoint,
  type WebhookConfig,
} from './commands/endpoints.ts'
export { replayDelivery } from './commands/replay-delivery.ts'
export {
  type SendContext,
  type SendWebhookInput,
  sendWebhook,
  sendWebhookToProgram,
} from './commands/send-webhook.ts'
export type { AttemptTrigger, WebhookAttempt } from './db/attempts.ts'
export {
  type DeliveryStatus,
  deliveryStatuses,
  failureReasons,
  type WebhookDelivery,
} from './db/deliveries.ts'
export { selectEndpoints as listEndpoints, type WebhookEndpoint } from './db/endpoints.ts'
export { webhookDeliveryCreated, webhookDeliveryFailed, webhookReplayRequested } from './events.ts'
export { type SweepOptions, sweepDueDeliveries } from './jobs/sweep-deliveries.ts'
export { type EndpointLabelCode, endpointLabelCodes } from './labels.ts'
export {
  type DeliveryFilter,
  type DeliveryWithAttempts,
  getDelivery,
  listDeliveries,
} from './queries/deliveries.ts'
export { attemptJobId, retryDelay } from './schedule.ts'
export {
  generateWebhookSecret,
  isWebhookSecret,
  type SignedHeaders,
  signWebhook,
  verifyWebhookSignature,
} from './signing.ts'

export const webhooksModule = defineModule({
  name: 'webhooks',
  errors: webhooksErrors,
  routes: (app) => registerWebhookRoutes(app),
  handlers: [queueFirstAttempt, replayDeliveryHandler],
  jobs: [attemptDeliveryJob, sweepDeliveriesJob],
})
