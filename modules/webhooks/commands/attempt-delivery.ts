import { sql } from 'kysely'
import { publish } from '../../platform/events.ts'
import { newId } from '../../platform/ids.ts'
import type { Logger } from '../../platform/logger.ts'
import type { Services } from '../../platform/module.ts'
import { secretBox } from '../../platform/secrets.ts'
import { attemptRecorded, insertAttempt } from '../db/attempts.ts'
import { deliveryBody, failureReasons, selectDelivery, type WebhookDelivery } from '../db/deliveries.ts'
import { webhookDeliveryFailed } from '../events.ts'
import { attemptJobId, enqueueAttempt, retryDelay } from '../schedule.ts'
import { signWebhook } from '../signing.ts'
import { postWebhook } from '../transport.ts'

export const userAgent = 'Cardpay-Webhooks/1.0'

/** Which attempt to make: automatic attempt `n` of the retry schedule, or a replay asked for by an event. */
export type AttemptRequest =
  | { deliveryId: string; trigger: 'automatic'; attempt: number }
  | { deliveryId: string; trigger: 'replay'; eventId: string }

export type AttemptOutcome =
  | { made: false; why: 'gone' | 'stale' | 'already_recorded' | 'endpoint_inactive' }
  | { made: true; ok: boolean; status: number | null; delivery: WebhookDelivery }

/**
 * Makes one HTTP attempt of a delivery and records it, whatever came of it, in one transaction with
 * the delivery's new state: succeeded on a 2xx; otherwise (automatic attempts) the next attempt is
 * planned per WEBHOOK_RETRY_SCHEDULE or, when the schedule is used up, the delivery fails with
 * reason `maxRepeats`. A replay never changes the schedule; its success marks the delivery
 * succeeded even after it failed. No transaction is held open during the HTTP call.
 *
 * Safe to run twice for the same job: an automatic attempt whose number is no longer the next one
 * (already made, or the delivery is no longer pending) is skipped, and each job's attempt is
 * recorded at most once (`job_key`). Only a crash between the HTTP call and the commit repeats a
 * call, which the merchant recognises by the unchanged `webhook-id`.
 */
export async function attemptDelivery(
  services: Services,
  req: AttemptRequest,
  log: Logger,
): Promise<AttemptOutcome> {
  const { db, config, queues } = services
  const jobKey =
    req.trigger === 'automatic' ? attemptJobId(req.deliveryId, req.attempt) : `replay.${req.eventId}`
  const delivery = await selectDelivery(db, req.deliveryId)
  if (!delivery) {
    log.warn({ delivery_id: req.deliveryId }, 'webhook delivery gone; nothing to send')
    return { made: false, why: 'gone' }
  }
  if (req.trigger === 'automatic') {
    if (delivery.status !== 'pending' || delivery.automatic_attempts !== req.attempt - 1) {
      await ensureNextPlanned(services, delivery)
      return { made: false, why: 'stale' }
    }
  } else if (await attemptRecorded(db, jobKey)) {
    return { made: false, why: 'already_recorded' }
  }

  const endpoint = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'url', 'secret', 'is_active'])
    .where('id', '=', delivery.endpoint_id)
    .executeTakeFirstOrThrow()
  if (!endpoint.is_active) {
    if (req.trigger === 'automatic') await closeInactive(services, delivery)
    log.info({ delivery_id: delivery.id, endpoint_id: endpoint.id }, 'webhook endpoint inactive; not sent')
    return { made: false, why: 'endpoint_inactive' }
  }

  const body = deliveryBody(delivery)
  const startedAt = new Date()
  const headers = {
    'content-type': 'application/json',
    'user-agent': userAgent,
    ...signWebhook(secretBox(config).open(endpoint.secret), delivery.id, startedAt, body),
  }
  const result = await postWebhook(endpoint.url, headers, body, {
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
  })

  const recorded = await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', delivery.id)
      .forUpdate()
      .executeTakeFirstOrThrow()
    const inserted = await insertAttempt(trx, {
      id: newId(),
      delivery_id: delivery.id,
      number: current.attempts + 1,
      trigger: req.trigger,
      job_key: jobKey,
      url: endpoint.url,
      request_headers: JSON.stringify(headers),
      request_body: body,
      response_status: result.status,
      response_body: result.body,
      error: result.error,
      duration_ms: result.durationMs,
      started_at: startedAt,
    })
    if (!inserted) return null
    const automatic = req.trigger === 'automatic' && current.automatic_attempts === req.attempt - 1
    const stillPending = current.status === 'pending'
    let next: { at: Date; delayMs: number } | null = null
    let failed = false
    if (!result.ok && automatic && stillPending) {
      const delayMs = retryDelay(config.WEBHOOK_RETRY_SCHEDULE, req.attempt)
      if (delayMs === null) failed = true
      else next = { at: new Date(Date.now() + delayMs), delayMs }
    }
    const updated = await trx
      .updateTable('webhook_deliveries')
      .set({
        attempts: sql`attempts + 1`,
        last_status: result.status,
        ...(automatic ? { automatic_attempts: req.attempt } : {}),
        ...(result.ok
          ? {
              status: 'succeeded',
              reason: null,
              next_attempt_at: null,
              ...(current.status === 'succeeded' ? {} : { completed_at: new Date() }),
            }
          : {}),
        ...(next ? { next_attempt_at: next.at } : {}),
        ...(failed
          ? {
              status: 'failed',
              reason: failureReasons.maxRepeats,
              next_attempt_at: null,
              completed_at: new Date(),
            }
          : {}),
      })
      .where('id', '=', delivery.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    if (failed) {
      await publish(trx, webhookDeliveryFailed, {
        delivery_id: delivery.id,
        endpoint_id: delivery.endpoint_id,
        reason: failureReasons.maxRepeats,
      })
    }
    return { updated, next }
  })
  if (!recorded) return { made: false, why: 'already_recorded' }

  const attemptNo = recorded.updated.attempts
  log.info(
    {
      delivery_id: delivery.id,
      attempt: attemptNo,
      trigger: req.trigger,
      status: result.status,
      error: result.error,
      duration_ms: result.durationMs,
      next_in_ms: recorded.next?.delayMs,
    },
    result.ok ? 'webhook delivered' : 'webhook attempt failed',
  )
  // Committed first, planned second: if this add is lost, the sweeper adds the same job later.
  if (recorded.next && req.trigger === 'automatic')
    await enqueueAttempt(queues, delivery.id, req.attempt + 1, recorded.next.delayMs)
  const updated = recorded.updated
  return {
    made: true,
    ok: result.ok,
    status: result.status,
    delivery: {
      ...updated,
      status: updated.status as WebhookDelivery['status'],
      payload: updated.payload as Record<string, unknown>,
    },
  }
}

/**
 * A job found its attempt already recorded: if that run crashed before planning the next attempt,
 * plan it now (the same job id, so this is a no-op when it exists).
 */
async function ensureNextPlanned(services: Services, d: WebhookDelivery): Promise<void> {
  if (d.status !== 'pending' || d.automatic_attempts === 0 || !d.next_attempt_at) return
  await enqueueAttempt(
    services.queues,
    d.id,
    d.automatic_attempts + 1,
    Math.max(0, d.next_attempt_at.getTime() - Date.now()),
  )
}

/** The endpoint was switched off: the delivery will not be sent and ends as failed. */
async function closeInactive(services: Services, d: WebhookDelivery): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const closed = await trx
      .updateTable('webhook_deliveries')
      .set({
        status: 'failed',
        reason: failureReasons.endpointInactive,
        next_attempt_at: null,
        completed_at: new Date(),
      })
      .where('id', '=', d.id)
      .where('status', '=', 'pending')
      .executeTakeFirst()
    if (closed.numUpdatedRows === 1n)
      await publish(trx, webhookDeliveryFailed, {
        delivery_id: d.id,
        endpoint_id: d.endpoint_id,
        reason: failureReasons.endpointInactive,
      })
  })
}
