import { createRoute, errorResponses, idempotencyKeyHeader, z } from '../../platform/http.ts'
import { idempotency } from '../../platform/idempotency.ts'
import { localeFromAcceptLanguage, localeSchema } from '../../platform/locales.ts'
import { type ApiApp, requestContext } from '../../platform/module.ts'
import { moneySchema } from '../../platform/money.ts'
import { submitSupportRequest, supportTopics } from '../commands/submit-support-request.ts'
import { referenceOf } from '../db/support-requests.ts'

const body = z
  .object({
    name: z.string().trim().min(1, 'name is required').max(120, 'at most 120 characters'),
    email: z
      .string()
      .trim()
      .min(1, 'email is required')
      .pipe(z.email('invalid email'))
      .transform((e) => e.toLowerCase()),
    topic: z.enum(supportTopics, { message: `must be one of ${supportTopics.join(', ')}` }),
    subject: z.string().trim().min(1, 'subject is required').max(200, 'at most 200 characters'),
    message: z.string().trim().min(10, 'at least 10 characters').max(5000, 'at most 5000 characters'),
    language: localeSchema
      .optional()
      .openapi({ description: 'Language of the reply; default from Accept-Language' }),
    order_reference: z.string().trim().max(64, 'at most 64 characters').optional(),
    disputed_amount: moneySchema
      .refine((m) => m.amount > 0n, { message: 'must be more than zero', path: ['amount'] })
      .optional()
      .openapi({
        description: 'Amount in dispute, in minor units (cents)',
        example: { amount: 1250, currency: 'EUR' },
      }),
  })
  .strict()
  .openapi('SupportRequestInput')

const created = z
  .object({
    uuid: z.uuid(),
    reference: z.string().openapi({ example: 'SR-001042' }),
    topic: z.enum(supportTopics),
    subject: z.string(),
    created: z.iso.datetime(),
  })
  .openapi('SupportRequest')

export const postSupportRequest = createRoute({
  method: 'post',
  path: '/support/requests',
  tags: ['support'],
  summary: 'Send a support request',
  description:
    'Open to guests and signed-in users. Stores the request and e-mails an acknowledgement with its reference in the requester’s language. At most 5 requests per e-mail address per hour (429). Safe to retry with an `Idempotency-Key`.',
  middleware: [idempotency()] as const,
  request: {
    headers: idempotencyKeyHeader,
    body: { required: true, content: { 'application/json': { schema: body } } },
  },
  responses: {
    201: {
      description: 'Stored; the acknowledgement e-mail follows',
      content: { 'application/json': { schema: created } },
    },
    ...errorResponses(400, 409, 413, 422, 429),
  },
})

export function registerPostSupportRequest(app: ApiApp) {
  app.openapi(postSupportRequest, async (c) => {
    const input = c.req.valid('json')
    const row = await submitSupportRequest(c.get('services').db, requestContext(c), {
      ...input,
      language: input.language ?? localeFromAcceptLanguage(c.req.header('accept-language')),
    })
    return c.json(
      {
        uuid: row.id,
        reference: referenceOf(row),
        topic: input.topic,
        subject: row.subject,
        created: row.created_at.toISOString(),
      },
      201,
    )
  })
}
