import type { Context } from 'hono'
import { requireUser, type SignedInUser, signedIn } from '../../identity/index.ts'
import { isAdmin } from '../../platform/access.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { notFound } from '../../platform/errors.ts'
import { z } from '../../platform/http.ts'
import type { AppEnv } from '../../platform/module.ts'
import { attemptTriggers, type WebhookAttempt } from '../db/attempts.ts'
import { deliveryStatuses, type WebhookDelivery } from '../db/deliveries.ts'

/** Program owners read their endpoints' deliveries; admins read every one. Other portals: 403. */
export const readers = ['owner', 'admin'] as const

/** Refuses other callers (401/403) before the input is validated. */
export { signedIn }

/**
 * The endpoint's owner or an admin may see it; anyone else is told it does not exist (404), so
 * endpoint and delivery ids reveal nothing about other owners. Deleted endpoints count: their
 * deliveries stay readable.
 */
export async function authorizeEndpoint(
  c: Context<AppEnv>,
  db: DbOrTrx,
  endpointId: string,
  what: string,
): Promise<SignedInUser> {
  const me = requireUser(c, ...readers)
  const endpoint = await db
    .selectFrom('webhook_endpoints')
    .select('owner_user_id')
    .where('id', '=', endpointId)
    .executeTakeFirst()
  if (!endpoint || !mayRead(me, endpoint.owner_user_id)) throw notFound(what)
  return me
}

export const mayRead = (me: SignedInUser, ownerUserId: string) => isAdmin(me) || me.user_id === ownerUserId

export const uuidParam = (what: string) => z.object({ uuid: z.uuid(`not a ${what} id`) })

export const deliverySchema = z
  .object({
    uuid: z.uuid(),
    endpoint_uuid: z.uuid(),
    event_type: z.string().openapi({ example: 'payment.succeeded' }),
    event_id: z.string(),
    status: z.enum(deliveryStatuses),
    reason: z
      .string()
      .nullable()
      .openapi({ description: 'Why it failed for good: maxRepeats (retries used up) or endpointInactive' }),
    attempts: z.number().int().openapi({ description: 'Attempts made, replays included' }),
    next_attempt: z.iso.datetime().nullable().openapi({ description: 'When the next retry is due, if any' }),
    last_status: z.number().int().nullable().openapi({ description: 'HTTP status of the last answer' }),
    created: z.iso.datetime(),
    completed: z.iso.datetime().nullable(),
  })
  .openapi('WebhookDelivery')

export const attemptSchema = z
  .object({
    number: z.number().int(),
    trigger: z.enum(attemptTriggers),
    url: z.string(),
    request_headers: z.record(z.string(), z.string()),
    request_body: z.string(),
    response_status: z.number().int().nullable(),
    response_body: z.string().nullable().openapi({ description: 'The first 2 KB of the answer' }),
    error: z
      .string()
      .nullable()
      .openapi({ description: 'Network error or timeout, when there was no answer' }),
    duration_ms: z.number().int(),
    started: z.iso.datetime(),
  })
  .openapi('WebhookAttempt')

export const deliveryDetailSchema = deliverySchema
  .extend({
    payload: z.record(z.string(), z.unknown()),
    attempt_log: z.array(attemptSchema).openapi({ description: 'Every attempt, oldest first' }),
  })
  .openapi('WebhookDeliveryDetail')

export const toDeliveryBody = (d: WebhookDelivery) => ({
  uuid: d.id,
  endpoint_uuid: d.endpoint_id,
  event_type: d.event_type,
  event_id: d.event_id,
  status: d.status,
  reason: d.reason,
  attempts: d.attempts,
  next_attempt: d.next_attempt_at?.toISOString() ?? null,
  last_status: d.last_status,
  created: d.created_at.toISOString(),
  completed: d.completed_at?.toISOString() ?? null,
})

export const toAttemptBody = (a: WebhookAttempt) => ({
  number: a.number,
  trigger: a.trigger,
  url: a.url,
  request_headers: a.request_headers,
  request_body: a.request_body,
  response_status: a.response_status,
  response_body: a.response_body,
  error: a.error,
  duration_ms: a.duration_ms,
  started: a.started_at.toISOString(),
})
