import type { RequestContext } from '../../platform/context.ts'
import type { Trx } from '../../platform/db.ts'
import { businessRule, invalidField, notFound } from '../../platform/errors.ts'
import { publish } from '../../platform/events.ts'
import { newId } from '../../platform/ids.ts'
import { insertDelivery, selectDeliveryByEvent, type WebhookDelivery } from '../db/deliveries.ts'
import { selectEndpoint, selectEndpoints } from '../db/endpoints.ts'
import { webhookDeliveryCreated } from '../events.ts'

export interface SendWebhookInput {
  endpointUuid: string
  /** What happened, e.g. `payment.succeeded` (lower case, dots, dashes, underscores). */
  eventType: string
  /**
   * The caller's id of the event (e.g. the outbox event id or `payment:<uuid>:succeeded`): an
   * endpoint receives an event once, so sending it again answers the first delivery. Default: new.
   */
  eventId?: string
  /** The event's data, sent as `data` in the body. Bigint amounts become JSON numbers. */
  payload: Record<string, unknown>
}

export type SendContext = Pick<RequestContext, 'actor' | 'requestId'>

const eventTypePattern = /^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)*$/
const payloadMaxBytes = 256 * 1024

/** The payload as it will be stored and sent: plain JSON, bigint as numbers (as strings past 2^53). */
function jsonPayload(payload: Record<string, unknown>): string {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload))
    throw invalidField('payload', 'not_an_object', 'must be an object')
  const text = JSON.stringify(payload, (_key, v) =>
    typeof v === 'bigint'
      ? v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= -BigInt(Number.MAX_SAFE_INTEGER)
        ? Number(v)
        : v.toString()
      : v,
  )
  if (Buffer.byteLength(text) > payloadMaxBytes)
    throw invalidField('payload', 'too_big', 'at most 256 KB', { maximum: payloadMaxBytes })
  return text
}

/**
 * Sends an event to one merchant endpoint: writes the delivery row and a `webhooks.delivery.created`
 * outbox event in the caller's transaction, so the webhook goes out if and only if the caller's
 * change commits (a payment and the notice of it are one unit). The first attempt is made as soon
 * as the outbox relay sees the commit; failed attempts are retried on the schedule. Refuses an
 * unknown or deleted endpoint (404) and an inactive one (422 `endpoint_inactive`).
 */
export async function sendWebhook(
  trx: Trx,
  input: SendWebhookInput,
  ctx?: SendContext,
): Promise<WebhookDelivery> {
  const endpoint = await selectEndpoint(trx, input.endpointUuid)
  if (!endpoint) throw notFound('webhook endpoint')
  if (!endpoint.is_active) throw businessRule('the webhook endpoint is inactive', 'endpoint_inactive')
  return createDelivery(trx, endpoint.id, input, ctx)
}

/**
 * Sends an event to every active endpoint of a program (none is fine), each with its own delivery
 * and retries. The same `eventId` is used for all of them.
 */
export async function sendWebhookToProgram(
  trx: Trx,
  input: Omit<SendWebhookInput, 'endpointUuid'> & { programUuid: string },
  ctx?: SendContext,
): Promise<WebhookDelivery[]> {
  const endpoints = await selectEndpoints(trx, { program_uuid: input.programUuid, active_only: true })
  const eventId = input.eventId ?? newId()
  const out: WebhookDelivery[] = []
  for (const e of endpoints) out.push(await createDelivery(trx, e.id, { ...input, eventId }, ctx))
  return out
}

async function createDelivery(
  trx: Trx,
  endpointId: string,
  input: Omit<SendWebhookInput, 'endpointUuid'>,
  ctx?: SendContext,
): Promise<WebhookDelivery> {
  if (!trx.isTransaction) throw new Error('sendWebhook must run inside the caller’s transaction')
  if (!eventTypePattern.test(input.eventType) || input.eventType.length > 100)
    throw invalidField(
      'event_type',
      'invalid_format',
      'lower-case words separated by dots, at most 100 characters',
    )
  const eventId = input.eventId ?? newId()
  if (eventId.length === 0 || eventId.length > 200)
    throw invalidField('event_id', 'invalid_format', '1–200 characters')
  const text = jsonPayload(input.payload)
  const saved = await insertDelivery(trx, {
    id: newId(),
    endpoint_id: endpointId,
    event_type: input.eventType,
    event_id: eventId,
    payload: text,
    next_attempt_at: new Date(),
  })
  if (!saved) {
    // Sent before: the first delivery stands (its retries, if any, are already planned).
    const existing = await selectDeliveryByEvent(trx, endpointId, eventId)
    if (!existing) throw new Error('webhook delivery vanished')
    return existing
  }
  await publish(trx, webhookDeliveryCreated, { delivery_id: saved.id }, ctx)
  return saved
}
