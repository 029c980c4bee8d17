import { z } from '../../platform/http.ts'
import type { Services } from '../../platform/module.ts'
import { descriptionFields, descriptionSchemaFields } from '../descriptions.ts'
import { type PaymentRow, paymentReference } from '../queries/payments.ts'
import { paymentStatuses } from '../state.ts'

export const paymentIdParam = z.object({
  uuid: z.uuid({ message: 'must be a payment uuid' }).openapi({ param: { name: 'uuid', in: 'path' } }),
})

export const paymentSchema = z
  .object({
    uuid: z.uuid(),
    reference: z.string().openapi({ example: 'PAY-001042' }),
    status: z.enum(paymentStatuses),
    amount: z.number().int().openapi({ description: 'Minor units (cents)', example: 1250 }),
    currency: z.string().openapi({ example: 'EUR' }),
    refunded_amount: z.number().int().openapi({
      description:
        'What was given back to the payer at the owner’s request or at the provider (not duplicates)',
    }),
    captured_amount: z.number().int().openapi({
      description:
        'Money taken across all attempts, gross: the amount once, or more when an attempt was captured twice (each duplicate is refunded by the platform: see the refunds of kind duplicate)',
    }),
    fee_amount: z.number().int().openapi({ description: 'Provider fees, minor units' }),
    ...descriptionSchemaFields,
    method: z.string().nullable(),
    card_brand: z.string().nullable(),
    card_last4: z.string().nullable(),
    failure_code: z.string().nullable(),
    failure_message: z.string().nullable(),
    payable: z.object({ kind: z.string(), id: z.string() }),
    program_uuid: z.uuid().nullable(),
    pay_url: z.string().openapi({ description: 'The payer’s checkout page' }),
    expires: z.iso.datetime(),
    paid: z.iso.datetime().nullable(),
    created: z.iso.datetime(),
  })
  .openapi('Payment')

export function toPaymentJson(services: Pick<Services, 'config'>, p: NonNullable<PaymentRow>) {
  return {
    uuid: p.id,
    reference: paymentReference(p.number),
    status: p.status as (typeof paymentStatuses)[number],
    amount: Number(p.amount),
    currency: p.currency,
    refunded_amount: Number(p.refunded_amount),
    captured_amount: Number(p.captured_amount),
    fee_amount: Number(p.fee_amount),
    ...descriptionFields(p),
    method: p.method,
    card_brand: p.card_brand,
    card_last4: p.card_last4,
    failure_code: p.failure_code,
    failure_message: p.failure_message,
    payable: { kind: p.payable_kind, id: p.payable_id },
    program_uuid: p.program_uuid,
    pay_url: `${services.config.PUBLIC_URL}/checkout/${p.id}`,
    expires: p.expires_at.toISOString(),
    paid: p.paid_at?.toISOString() ?? null,
    created: p.created_at.toISOString(),
  }
}
