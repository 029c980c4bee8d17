import { z } from 'zod'
import { defineEvent } from '../platform/events.ts'

/**
 * A delivery was created (`sendWebhook`) in the caller's transaction: its first attempt is queued
 * once that transaction commits, and never for a rolled-back one.
 */
export const webhookDeliveryCreated = defineEvent(
  'webhooks.delivery.created',
  z.object({ delivery_id: z.uuid() }),
)

/** Someone asked to send a delivery again now (`replayDelivery`), whatever its state. */
export const webhookReplayRequested = defineEvent(
  'webhooks.replay.requested',
  z.object({ delivery_id: z.uuid() }),
)

/**
 * A delivery was given up: its retries are exhausted (`maxRepeats`) or its endpoint was switched
 * off (`endpointInactive`). For a later notice to the merchant; nothing handles it yet.
 */
export const webhookDeliveryFailed = defineEvent(
  'webhooks.delivery.failed',
  z.object({ delivery_id: z.uuid(), endpoint_id: z.uuid(), reason: z.string() }),
)
