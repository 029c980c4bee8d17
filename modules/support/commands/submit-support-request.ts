import type { RequestContext } from '../../platform/context.ts'
import type { Db } from '../../platform/db.ts'
import { AppError } from '../../platform/errors.ts'
import { publish } from '../../platform/events.ts'
import { committedEffect, recordEffect } from '../../platform/idempotency.ts'
import { newId } from '../../platform/ids.ts'
import type { Locale } from '../../platform/locales.ts'
import type { Money } from '../../platform/money.ts'
import {
  countRecentByEmail,
  findSupportRequest,
  insertSupportRequest,
  type SupportRequestRow,
} from '../db/support-requests.ts'
import { supportRequestReceived } from '../events.ts'

export const supportTopics = ['general', 'account', 'payment', 'order', 'card', 'bill'] as const
export type SupportTopic = (typeof supportTopics)[number]

export interface SupportRequestInput {
  name: string
  email: string
  language: Locale
  topic: SupportTopic
  subject: string
  message: string
  order_reference?: string | undefined
  disputed_amount?: Money | undefined
}

/** At most this many requests per e-mail address per hour: enough for a person, not for a flood. */
export const hourlyLimitPerEmail = 5

/**
 * Stores a support request and publishes `support.request.received` in the same transaction, so
 * the acknowledgement e-mail goes out if and only if the request was saved.
 */
export async function submitSupportRequest(
  db: Db,
  ctx: RequestContext,
  input: SupportRequestInput,
): Promise<SupportRequestRow> {
  const row = await db.transaction().execute(async (trx) => {
    // A retry of a request that committed and died before answering: that request (its e-mail
    // already on its way), not a second one.
    const committed = await committedEffect(trx, ctx.idempotency)
    const earlier = committed ? await findSupportRequest(trx, committed) : undefined
    if (earlier) return earlier
    // Serialize requests of one address so two parallel calls cannot both pass the limit.
    await trx
      .selectNoFrom((eb) =>
        eb.fn('pg_advisory_xact_lock', [eb.fn('hashtext', [eb.val(input.email)])]).as('l'),
      )
      .execute()
    if ((await countRecentByEmail(trx, input.email, 60)) >= hourlyLimitPerEmail) {
      throw new AppError(
        'too_many_requests',
        'too many support requests from this e-mail address; try again later',
        { reason: 'support_request_limit', params: { limit: hourlyLimitPerEmail } },
      )
    }
    const saved = await insertSupportRequest(trx, {
      id: newId(),
      name: input.name,
      email: input.email,
      language: input.language,
      topic: input.topic,
      subject: input.subject,
      message: input.message,
      order_reference: input.order_reference ?? null,
      disputed_amount: input.disputed_amount?.amount ?? null,
      disputed_currency: input.disputed_amount?.currency ?? null,
      user_id: ctx.actor.kind === 'user' ? ctx.actor.user_id : null,
      request_id: ctx.requestId,
    })
    await publish(trx, supportRequestReceived, { support_request_id: saved.id }, ctx)
    await recordEffect(trx, ctx.idempotency, saved.id)
    return saved
  })
  ctx.log.info({ support_request_id: row.id, topic: row.topic }, 'support request received')
  return row
}
