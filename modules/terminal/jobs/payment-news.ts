import { displayNames } from '../../identity/index.ts'
import {
  type PaymentFacts,
  paymentEnded,
  paymentFacts,
  paymentPaid,
  paymentRefunded,
  refundFacts,
} from '../../payments/index.ts'
import type { Trx } from '../../platform/db.ts'
import type { EventEnvelope } from '../../platform/events.ts'
import { defineHandler } from '../../platform/module.ts'
import { once } from '../../platform/once.ts'
import { findProgram } from '../../programs/index.ts'
import { findEndpoint, sendWebhook } from '../../webhooks/index.ts'
import { type CategoryKey, notificationCategories, usedFieldsOf } from '../catalogue.ts'
import { listNotifications } from '../db/notifications.ts'
import { findByPayment, type TerminalRequestRow, updateTerminalRequest } from '../db/terminal-requests.ts'

/**
 * What the terminal module does when a payment's state changes (payments module events, on the
 * notifications queue, once per event): a terminal request follows its payment (paid, or ended
 * unpaid), the program's active payment notifications get the news with the fields each one uses,
 * and a merchant system that asked for the payment gets the outcome at its callback URL. All in
 * one transaction per event, so the deliveries exist if and only if the news was taken in.
 */

type Values = Record<string, unknown>

/** Everything a category's fields can say about a payment; each notification picks its own. */
async function paymentValues(
  trx: Trx,
  p: PaymentFacts,
  request: TerminalRequestRow | undefined,
): Promise<Values> {
  const program = p.program_uuid ? await findProgram(trx, p.program_uuid) : undefined
  const names = p.acceptor_user_id ? await displayNames(trx, [p.acceptor_user_id]) : new Map<string, string>()
  return {
    reference: p.reference,
    amount: p.amount,
    currency: p.currency,
    description: p.description,
    status: p.status,
    method: p.method,
    card_brand: p.card_brand,
    card_last4: p.card_last4,
    paid_at: p.paid_at?.toISOString() ?? null,
    cashpoint: request?.cashpoint_uuid
      ? { uuid: request.cashpoint_uuid, title: request.cashpoint_title }
      : null,
    acceptor: p.acceptor_user_id
      ? { uuid: p.acceptor_user_id, name: names.get(p.acceptor_user_id) ?? '' }
      : null,
    program: program ? { uuid: program.uuid, title: program.title } : null,
    request_uuid: request?.request_uuid ?? null,
    failure_message: p.failure_message,
    refunded_total: p.refunded_amount,
  }
}

/** Sends one category's news to each active notification of the program that uses its fields. */
async function notifyProgram(
  trx: Trx,
  event: EventEnvelope,
  p: PaymentFacts,
  category: CategoryKey,
  eventId: string,
  values: Values,
): Promise<void> {
  if (!p.program_uuid) return
  const eventType = notificationCategories.find((c) => c.key === category)?.event_type as string
  for (const n of await listNotifications(trx, p.program_uuid, { activeOnly: true })) {
    const fields = usedFieldsOf(n.fields, category)
    if (fields.length === 0) continue
    const data: Values = { payment_uuid: p.uuid, category }
    for (const f of fields) data[f] = values[f] ?? null
    // Each notification sends its own choice of fields, so one delivery per endpoint (not
    // sendWebhookToProgram's one payload for all); the same event id keeps retries of this job single.
    await sendWebhook(
      trx,
      { endpointUuid: n.endpoint_id, eventType, eventId, payload: data },
      { actor: event.actor ?? { kind: 'system', name: 'terminal' }, requestId: event.request_id ?? event.id },
    )
  }
}

/** The outcome of a merchant system's payment request, to its callback URL. */
async function notifyRequester(
  trx: Trx,
  event: EventEnvelope,
  request: TerminalRequestRow | undefined,
  outcome: 'paid' | 'failed' | 'expired' | 'cancelled',
  p: PaymentFacts,
): Promise<void> {
  if (!request?.callback_endpoint_id) return
  const endpoint = await findEndpoint(trx, request.callback_endpoint_id)
  if (!endpoint?.is_active) return
  await sendWebhook(
    trx,
    {
      endpointUuid: endpoint.id,
      eventType: `payment_request.${outcome}`,
      eventId: `payment_request:${request.id}:${outcome}`,
      payload: {
        request_uuid: request.request_uuid,
        status: outcome,
        payment_uuid: p.uuid,
        reference: p.reference,
        amount: p.amount,
        currency: p.currency,
        paid_at: p.paid_at?.toISOString() ?? null,
        card_brand: p.card_brand,
        card_last4: p.card_last4,
        failure_message: outcome === 'paid' ? null : p.failure_message,
      },
    },
    { actor: event.actor ?? { kind: 'system', name: 'terminal' }, requestId: event.request_id ?? event.id },
  )
}

const requestOf = (trx: Trx, p: PaymentFacts) =>
  p.payable.kind === 'terminal_request' ? findByPayment(trx, p.uuid) : Promise.resolve(undefined)

export const onPaymentPaid = defineHandler({
  name: 'terminal.payment-paid',
  event: paymentPaid,
  queue: 'notifications',
  async handle({ event, services, log }) {
    if (!event.payload.program_uuid && event.payload.payable_kind !== 'terminal_request') return
    await once(services.db, event.id, 'terminal.payment-paid', async (trx) => {
      const p = await paymentFacts(trx, event.payload.payment_id)
      if (!p) return log.warn({ payment_id: event.payload.payment_id }, 'paid payment not found')
      let request = await requestOf(trx, p)
      if (request && request.status !== 'paid') {
        request = await updateTerminalRequest(trx, request.id, {
          status: 'paid',
          token_hash: null,
          paid_at: p.paid_at ?? new Date(),
          failure_message: null,
        })
      }
      const values = await paymentValues(trx, p, request)
      await notifyProgram(trx, event, p, 'payment', `payment:${p.uuid}:paid`, values)
      await notifyRequester(trx, event, request, 'paid', p)
    })
  },
})

export const onPaymentEnded = defineHandler({
  name: 'terminal.payment-ended',
  event: paymentEnded,
  queue: 'notifications',
  async handle({ event, services, log }) {
    if (!event.payload.program_uuid && event.payload.payable_kind !== 'terminal_request') return
    await once(services.db, event.id, 'terminal.payment-ended', async (trx) => {
      const p = await paymentFacts(trx, event.payload.payment_id)
      if (!p) return log.warn({ payment_id: event.payload.payment_id }, 'ended payment not found')
      let request = await requestOf(trx, p)
      // A request the merchant cancelled stays cancelled; one already paid stays paid.
      const outcome =
        request?.status === 'cancelled'
          ? 'cancelled'
          : event.payload.status === 'expired'
            ? 'expired'
            : 'failed'
      if (request && (request.status === 'open' || request.status === 'claimed')) {
        request = await updateTerminalRequest(trx, request.id, {
          status: outcome,
          token_hash: null,
          failure_message: p.failure_message,
          ended_at: new Date(),
        })
      }
      if (request?.status === 'paid') return
      const values = { ...(await paymentValues(trx, p, request)), ended_at: event.created_at }
      await notifyProgram(trx, event, p, 'failure', `payment:${p.uuid}:${event.payload.status}`, values)
      await notifyRequester(trx, event, request, outcome, p)
    })
  },
})

export const onPaymentRefunded = defineHandler({
  name: 'terminal.payment-refunded',
  event: paymentRefunded,
  queue: 'notifications',
  async handle({ event, services, log }) {
    if (!event.payload.program_uuid) return
    await once(services.db, event.id, 'terminal.payment-refunded', async (trx) => {
      const p = await paymentFacts(trx, event.payload.payment_id)
      const refund = await refundFacts(trx, event.payload.refund_id)
      if (!p || !refund)
        return log.warn({ payment_id: event.payload.payment_id }, 'refunded payment not found')
      const values = {
        ...(await paymentValues(trx, p, await requestOf(trx, p))),
        refund_amount: refund.amount,
        reason: refund.reason,
        refunded_at: refund.updated_at.toISOString(),
      }
      await notifyProgram(trx, event, p, 'refund', `refund:${refund.uuid}`, values)
    })
  },
})
