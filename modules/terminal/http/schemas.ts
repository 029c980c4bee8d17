import type { Context } from 'hono'
import { bearerSecurity } from '../../identity/index.ts'
import { AppError } from '../../platform/errors.ts'
import { errorBody, fieldProblems, z } from '../../platform/http.ts'
import type { AppEnv } from '../../platform/module.ts'
import { catalogue } from '../catalogue.ts'
import { effectiveStatus } from '../commands/terminal-requests.ts'
import type { NotificationRow } from '../db/notifications.ts'
import { type TerminalRequestRow, terminalStatuses } from '../db/terminal-requests.ts'
import { payUrl } from '../tokens.ts'

export { requestContext } from '../../platform/module.ts'
export { bearerSecurity }

export const uuidParam = (what: string) =>
  z.object({ uuid: z.uuid(`not a ${what} id`).openapi({ param: { name: 'uuid', in: 'path' } }) })

/**
 * The notification routes answer every refusal of their input as the specification's
 * `fieldsValidation` (400, reason `fieldsValidation`, a message per field), schema checks included.
 */
// biome-ignore lint/suspicious/noExplicitAny: the hook of app.openapi is typed per route
export const fieldsValidationHook = (result: any, c: Context<AppEnv>) => {
  if (!result.success) {
    const err = new AppError('validation_failed', 'fieldsValidation', {
      reason: 'fieldsValidation',
      fields: fieldProblems(result.error.issues, result.data),
    })
    return c.json(errorBody(c, err), 400)
  }
}

// ── payment notifications ────────────────────────────────────────────────────────────────────────

const fieldSchema = z.object({
  uuid: z.uuid(),
  key: z.string().openapi({ example: 'payment.amount' }),
  title: z.string().openapi({ description: 'Stable name for the portals to translate', example: 'amount' }),
})

export const categorySchema = z
  .object({
    uuid: z.uuid(),
    key: z.string().openapi({ example: 'payment' }),
    title: z.string().openapi({ example: 'payment' }),
    event_type: z.string().openapi({ description: 'The deliveries’ `type`', example: 'payment.paid' }),
    fields: z.array(fieldSchema),
  })
  .openapi('PaymentNotificationCategory')

export const toCategoriesJson = () =>
  catalogue.map((c) => ({
    uuid: c.uuid,
    key: c.key,
    title: c.key,
    event_type: c.event_type,
    fields: c.fields.map((f) => ({ uuid: f.uuid, key: f.key, title: f.name })),
  }))

export const notificationSchema = z
  .object({
    uuid: z.uuid(),
    program: z.uuid(),
    title: z.string(),
    description: z.string(),
    url: z.string(),
    secret: z.string().nullable().openapi({
      description: 'The signing secret (Standard Webhooks, whsec_…), for the owner; null for admins',
    }),
    is_active: z.boolean(),
    endpoint_uuid: z
      .uuid()
      .openapi({ description: 'Its delivery log: GET payment/webhook-endpoints/{endpoint_uuid}/deliveries' }),
    categories: z.array(
      categorySchema.omit({ fields: true }).extend({
        is_used: z.boolean().openapi({ description: 'At least one of its fields is used' }),
        fields: z.array(fieldSchema.extend({ is_used: z.boolean() })),
      }),
    ),
    created: z.iso.datetime(),
    updated: z.iso.datetime(),
  })
  .openapi('PaymentNotification')

export function toNotificationJson(row: NotificationRow, secret: string | null) {
  const used = new Set(row.fields)
  return {
    uuid: row.id,
    program: row.program_uuid,
    title: row.title,
    description: row.description,
    url: row.url,
    secret,
    is_active: row.is_active,
    endpoint_uuid: row.endpoint_id,
    categories: catalogue.map((c) => ({
      uuid: c.uuid,
      key: c.key,
      title: c.key,
      event_type: c.event_type,
      is_used: c.fields.some((f) => used.has(f.key)),
      fields: c.fields.map((f) => ({ uuid: f.uuid, key: f.key, title: f.name, is_used: used.has(f.key) })),
    })),
    created: row.created_at.toISOString(),
    updated: row.updated_at.toISOString(),
  }
}

export const categoriesInput = z
  .array(
    z
      .object({
        uuid: z.uuid('not a category id'),
        fields: z
          .array(z.object({ uuid: z.uuid('not a field id'), is_used: z.boolean('true or false') }).strict())
          .max(50),
      })
      .strict(),
  )
  .max(10)
  .openapi({ description: 'Per category, fields flagged is_used (uuids from the categories call)' })

// ── terminal requests ────────────────────────────────────────────────────────────────────────────

export const terminalRequestSchema = z
  .object({
    uuid: z.uuid(),
    source: z.enum(['terminal', 'api']),
    status: z.enum(terminalStatuses).openapi({
      description:
        'open (QR shown), claimed (the payer opened it and is paying), paid, failed, expired, cancelled',
    }),
    program: z.uuid(),
    cashpoint: z.object({ uuid: z.uuid(), title: z.string() }).nullable(),
    amount: z.number().int().openapi({ description: 'Minor units (cents)', example: 1250 }),
    currency: z.string(),
    description: z.string(),
    reference: z.string().nullable().openapi({ description: 'The merchant system’s reference, if any' }),
    request_uuid: z.string().nullable(),
    callback_endpoint_uuid: z.uuid().nullable().openapi({
      description:
        'Where the outcome is sent (a request made with `url`): GET payment/webhook-endpoints/{uuid} and its deliveries',
    }),
    payment: z.object({
      uuid: z.uuid(),
      reference: z.string().nullable(),
      status: z.string().nullable(),
      card_brand: z.string().nullable(),
      card_last4: z.string().nullable(),
    }),
    token: z
      .string()
      .nullable()
      .openapi({ description: 'The QR link’s token: answered only when it is made, never stored' }),
    pay_url: z
      .string()
      .nullable()
      .openapi({ description: 'The link to put in the QR code (with the token)' }),
    expires: z.iso.datetime().openapi({ description: 'When the QR link stops working' }),
    failure_message: z.string().nullable(),
    claimed: z.iso.datetime().nullable(),
    paid: z.iso.datetime().nullable(),
    ended: z.iso.datetime().nullable(),
    created: z.iso.datetime(),
  })
  .openapi('TerminalRequest')

export interface PaymentBits {
  reference: string | null
  status: string | null
  card_brand: string | null
  card_last4: string | null
}

export function toTerminalRequestJson(
  publicUrl: string,
  row: TerminalRequestRow,
  opts: { token?: string | null; payment?: PaymentBits } = {},
) {
  const token = opts.token ?? null
  return {
    uuid: row.id,
    source: row.source as 'terminal' | 'api',
    status: effectiveStatus(row),
    program: row.program_uuid,
    cashpoint: row.cashpoint_uuid ? { uuid: row.cashpoint_uuid, title: row.cashpoint_title ?? '' } : null,
    amount: Number(row.amount),
    currency: row.currency,
    description: row.description,
    reference: row.reference,
    request_uuid: row.request_uuid,
    callback_endpoint_uuid: row.callback_endpoint_id,
    payment: {
      uuid: row.payment_id,
      reference: opts.payment?.reference ?? null,
      status: opts.payment?.status ?? null,
      card_brand: opts.payment?.card_brand ?? null,
      card_last4: opts.payment?.card_last4 ?? null,
    },
    token,
    pay_url: token ? payUrl(publicUrl, token) : null,
    expires: row.token_expires_at.toISOString(),
    failure_message: row.failure_message,
    claimed: row.claimed_at?.toISOString() ?? null,
    paid: row.paid_at?.toISOString() ?? null,
    ended: row.ended_at?.toISOString() ?? null,
    created: row.created_at.toISOString(),
  }
}

export const resultOf = <T extends z.ZodType>(schema: T) => z.object({ result: schema })
