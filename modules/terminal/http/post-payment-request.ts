import { requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, idempotencyKeyHeader, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { createPaymentRequest } from '../commands/payment-requests.ts'
import { bearerSecurity, requestContext, terminalRequestSchema, toTerminalRequestJson } from './schemas.ts'

const body = z
  .object({
    program_uuid: z.uuid('not a program id'),
    request_uuid: z
      .string({ message: 'request_uuid is required' })
      .trim()
      .min(1, 'request_uuid is required')
      .max(100, 'at most 100 characters')
      .openapi({ description: 'Your own id of the request: the same id again answers the same request' }),
    url: z
      .string()
      .trim()
      .max(2000, 'at most 2000 characters')
      .optional()
      .openapi({ description: 'Where to send the outcome (paid, failed, expired), signed with `secret`' }),
    secret: z
      .string()
      .trim()
      .max(100)
      .optional()
      .openapi({ description: 'whsec_ and 24–64 bytes in base64; left out: a new one is made and answered' }),
    fields: z
      .array(
        z
          .object({
            field_uuid: z.uuid('not a field id'),
            value: z.union([z.string().max(500, 'at most 500 characters'), z.number()]),
          })
          .strict(),
      )
      .min(1, 'give at least amount and description')
      .max(20),
  })
  .strict()
  .openapi('PaymentRequestApiInput')

export const postPaymentRequest = createRoute({
  method: 'post',
  path: '/manager/payment-requests',
  tags: ['manager'],
  summary: 'A merchant system asks for a payment (answers a QR link)',
  description:
    'In a payment management program, by its owner or an active acceptor of it. `fields` fill the notification catalogue’s payment fields by uuid: amount (cents, required), description (required), currency (the program’s), reference, cashpoint. Answers the request with `pay_url` (a signed, single-use link valid for 15 minutes, to show as a QR code). The outcome goes to `url`, signed with `secret` (answered once as `callback_secret` when it was made). The same `request_uuid` again: the same request (200), with a new link while nobody has started paying. Input refusals: 400 with reason `fieldsValidation`. A program that does not exist, another owner’s, or one the acceptor never had a place in: 404; an acceptor whose place is no longer active: 403 `not_program_acceptor`.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'acceptor')] as const,
  request: {
    headers: idempotencyKeyHeader,
    body: { required: true, content: { 'application/json': { schema: body } } },
  },
  responses: {
    201: {
      description: 'Asked',
      content: {
        'application/json': {
          schema: z.object({ result: terminalRequestSchema, callback_secret: z.string().nullable() }),
        },
      },
    },
    200: {
      description: 'Asked before with this request_uuid',
      content: {
        'application/json': {
          schema: z.object({ result: terminalRequestSchema, callback_secret: z.string().nullable() }),
        },
      },
    },
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
})

export function registerPostPaymentRequest(app: ApiApp) {
  app.openapi(postPaymentRequest, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor')
    const services = c.get('services')
    const { made, created, secret } = await createPaymentRequest(
      services,
      requestContext(c),
      me,
      c.req.valid('json'),
    )
    const result = toTerminalRequestJson(services.config.PUBLIC_URL, made.row, { token: made.token })
    return created
      ? c.json({ result, callback_secret: secret ?? null }, 201)
      : c.json({ result, callback_secret: null }, 200)
  })
}
