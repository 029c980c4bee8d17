import { z } from 'zod'
import { defineHandler, defineJob } from '../../platform/module.ts'
import { attemptDelivery } from '../commands/attempt-delivery.ts'
import { webhookDeliveryCreated, webhookReplayRequested } from '../events.ts'
import { attemptJob, enqueueAttempt } from '../schedule.ts'

/**
 * Queues the first attempt of a new delivery as job `delivery.<uuid>.1` rather than making it here,
 * so that every automatic attempt is a job with the id the sweeper expects (see schedule.ts).
 * Idempotent: the job id is fixed, a second add is a no-op.
 */
export const queueFirstAttempt = defineHandler({
  name: 'webhooks.queue-first-attempt',
  event: webhookDeliveryCreated,
  queue: 'notifications',
  async handle({ event, services }) {
    await enqueueAttempt(services.queues, event.payload.delivery_id, 1)
  },
})

/** Makes automatic attempt `attempt` of a delivery and plans the next one (see attemptDelivery). */
export const attemptDeliveryJob = defineJob({
  ...attemptJob,
  queue: 'notifications',
  schema: z.object({ delivery_id: z.uuid(), attempt: z.number().int().min(1) }),
  async handle({ data, services, log }) {
    await attemptDelivery(
      services,
      { deliveryId: data.delivery_id, trigger: 'automatic', attempt: data.attempt },
      log,
    )
  },
})

/** Makes the replay attempt a `webhooks.replay.requested` event asks for, once per event. */
export const replayDeliveryHandler = defineHandler({
  name: 'webhooks.replay-delivery',
  event: webhookReplayRequested,
  queue: 'notifications',
  async handle({ event, services, log }) {
    await attemptDelivery(
      services,
      { deliveryId: event.payload.delivery_id, trigger: 'replay', eventId: event.id },
      log,
    )
  },
})
