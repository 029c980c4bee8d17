import { renderEmail } from '../../platform/mail/render.ts'
import { defineHandler } from '../../platform/module.ts'
import { once } from '../../platform/once.ts'
import { findSupportRequest, referenceOf, type SupportRequestRow } from '../db/support-requests.ts'
import { supportRequestReceived } from '../events.ts'

const disputed = (row: SupportRequestRow) =>
  row.disputed_amount !== null && row.disputed_currency !== null
    ? { disputedAmount: { amount: row.disputed_amount, currency: row.disputed_currency } }
    : {}

/** Message-ID of the e-mail a handler sends for an event: a repeated send is recognisably the same mail. */
const messageId = (eventId: string, handler: string, host: string) => `<${eventId}.${handler}@${host}>`

const ACK = 'support.send-acknowledgement'
const NOTIFY = 'support.notify-inbox'

/** E-mails the requester an acknowledgement with the reference, in the language they wrote in. */
export const sendSupportAcknowledgement = defineHandler({
  name: ACK,
  event: supportRequestReceived,
  queue: 'notifications',
  async handle({ event, services, log }) {
    const { db, mailer, config } = services
    await once(db, event.id, ACK, async (trx) => {
      const row = await findSupportRequest(trx, event.payload.support_request_id)
      if (!row) return log.warn('support request gone; nothing to acknowledge')
      const mail = renderEmail('support.request-received', row.language, {
        name: row.name,
        reference: referenceOf(row),
        subject: row.subject,
        ...disputed(row),
      })
      await mailer.send({
        to: row.email,
        ...mail,
        messageId: messageId(event.id, ACK, new URL(config.PUBLIC_URL).hostname),
      })
    })
  },
})

/** Tells the support inbox about the new request (in the default language of the team). */
export const notifySupportInbox = defineHandler({
  name: NOTIFY,
  event: supportRequestReceived,
  queue: 'notifications',
  async handle({ event, services, log }) {
    const { db, mailer, config } = services
    await once(db, event.id, NOTIFY, async (trx) => {
      const row = await findSupportRequest(trx, event.payload.support_request_id)
      if (!row) return log.warn('support request gone; nothing to announce')
      const mail = renderEmail('support.request-notification', null, {
        reference: referenceOf(row),
        subject: row.subject,
        requesterName: row.name,
        requesterEmail: row.email,
        message: row.message,
        receivedAt: row.created_at.toISOString(),
        ...disputed(row),
      })
      await mailer.send({
        to: config.SUPPORT_EMAIL,
        ...mail,
        messageId: messageId(event.id, NOTIFY, new URL(config.PUBLIC_URL).hostname),
        headers: { 'Reply-To': row.email },
      })
    })
  },
})
