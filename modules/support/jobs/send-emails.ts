import type { Config } from '../../platform/config.ts'
import type { MailMessage } from '../../platform/mail/mailer.ts'
import { renderEmail } from '../../platform/mail/render.ts'
import { defineHandler } from '../../platform/module.ts'
import { once } from '../../platform/once.ts'
import { findSupportRequest, referenceOf, type SupportRequestRow } from '../db/support-requests.ts'
import { supportRequestReceived } from '../events.ts'

const disputed = (row: SupportRequestRow) =>
  row.disputed_amount !== null && row.disputed_currency !== null
    ? { disputedAmount: { amount: row.disputed_amount, currency: row.disputed_currency } }
    : {}

/**
 * A handler that sends one e-mail about a new support request, once per event: the Message-ID
 * is derived from the event and the handler, so even a send repeated after a crash is
 * recognisably the same message.
 */
function supportEmail(
  name: string,
  compose: (row: SupportRequestRow, config: Config) => Omit<MailMessage, 'messageId'>,
) {
  return defineHandler({
    name,
    event: supportRequestReceived,
    queue: 'notifications',
    async handle({ event, services, log }) {
      await once(services.db, event.id, name, async (trx) => {
        const row = await findSupportRequest(trx, event.payload.support_request_id)
        if (!row) return log.warn('support request gone; no e-mail')
        await services.mailer.send({ ...compose(row, services.config), messageId: `${event.id}.${name}` })
      })
    },
  })
}

/** Acknowledges the request to the requester, with its reference, in the language they wrote in. */
export const sendSupportAcknowledgement = supportEmail('support.send-acknowledgement', (row) => ({
  to: row.email,
  ...renderEmail('support.request-received', row.language, {
    name: row.name,
    reference: referenceOf(row),
    subject: row.subject,
    ...disputed(row),
  }),
}))

/** Tells the support inbox about the request (in the platform's default language); replies go to the requester. */
export const notifySupportInbox = supportEmail('support.notify-inbox', (row, config) => ({
  to: config.SUPPORT_EMAIL,
  headers: { 'Reply-To': row.email },
  ...renderEmail('support.request-notification', null, {
    reference: referenceOf(row),
    subject: row.subject,
    requesterName: row.name,
    requesterEmail: row.email,
    message: row.message,
    receivedAt: row.created_at.toISOString(),
    ...disputed(row),
  }),
}))
