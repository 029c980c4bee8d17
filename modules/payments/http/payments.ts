import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { isAcceptor, isOwner } from '../../platform/access.ts'
import { AppError } from '../../platform/errors.ts'
import { createRoute, errorResponses, idempotencyKeyHeader, z } from '../../platform/http.ts'
import { committedEffect, idempotency, recordEffect } from '../../platform/idempotency.ts'
import { type ApiApp, requestContext } from '../../platform/module.ts'
import { currencyCode } from '../../platform/money.ts'
import { createPayment } from '../commands/create-payment.ts'
import { refundPayment } from '../commands/refund-payment.ts'
import { paymentMethods } from '../methods.ts'
import { programForPayment } from '../programs.ts'
import { canRefund, findPaymentRow, paymentDetail, paymentVisibleTo } from '../queries/payments.ts'
import { paymentIdParam, paymentSchema, toPaymentJson } from './schemas.ts'

const minor = (max: number) =>
  z
    .number({ message: 'must be a whole number of cents' })
    .int('must be a whole number of cents')
    .positive('must be more than zero')
    .max(max, `at most ${max}`)

const createBody = z
  .object({
    amount: minor(100_000_000).openapi({ description: 'Minor units (cents)', example: 1250 }),
    currency: currencyCode.default('EUR'),
    description: z
      .string()
      .trim()
      .min(1, 'This field is required')
      .max(255, 'The description field may not be greater than 255 characters'),
    program_uuid: z.uuid('must be a program uuid').optional(),
    return_url: z.url('must be an absolute URL').max(2000).optional(),
    expires_in_days: z.number().int().min(1, 'at least 1 day').max(90, 'at most 90 days').default(7),
  })
  .strict()
  .openapi('PaymentRequestInput')

export const postPayment = createRoute({
  method: 'post',
  path: '/payment/payments',
  tags: ['payment'],
  summary: 'Ask for a payment (a payment link)',
  description:
    'A program owner, acceptor or admin asks for an amount; the answer holds `pay_url`, the page where anyone with the link pays it. Money goes to the caller (an acceptor’s or owner’s ledger sub-account, or the program’s). A `program_uuid` that does not exist, another owner’s, or one the acceptor never had a place in: 404; an acceptor whose place is no longer active: 403 `not_program_acceptor`. Safe to retry with an `Idempotency-Key`: the same key and body answer the same payment; another body with that key is refused (409).',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'acceptor', 'admin'), idempotency()] as const,
  request: {
    headers: idempotencyKeyHeader,
    body: { required: true, content: { 'application/json': { schema: createBody } } },
  },
  responses: {
    201: { description: 'Created', content: { 'application/json': { schema: paymentSchema } } },
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
})

export const getPayment = createRoute({
  method: 'get',
  path: '/payment/payments/{uuid}',
  tags: ['payment'],
  summary: 'A payment with its attempts and refunds',
  description:
    'For the owner it pays, the acceptor who took it, the card holder who paid it, and admins; 404 for anyone else.',
  security: bearerSecurity,
  middleware: [signedIn()] as const,
  request: { params: paymentIdParam },
  responses: {
    200: {
      description: 'The payment',
      content: {
        'application/json': {
          schema: paymentSchema.extend({
            refundable_amount: z.number().int().openapi({
              description: 'What can still be refunded: everything captured less refunds not failed',
            }),
            attempts: z.array(
              z.object({
                uuid: z.uuid(),
                number: z.number().int(),
                provider: z.string(),
                method: z.string(),
                status: z.string(),
                card_brand: z.string().nullable(),
                card_last4: z.string().nullable(),
                fee: z.number().int().nullable(),
                failure_code: z.string().nullable(),
                failure_message: z.string().nullable(),
                duplicate: z.boolean().openapi({
                  description: 'Captured after another attempt had paid: refunded by the platform',
                }),
                created: z.iso.datetime(),
              }),
            ),
            refunds: z.array(
              z.object({
                uuid: z.uuid(),
                amount: z.number().int(),
                currency: z.string(),
                status: z.string(),
                kind: z.enum(['requested', 'provider', 'duplicate']).openapi({
                  description:
                    'requested: by the owner or an admin; provider: made at the provider; duplicate: a duplicate capture given back',
                }),
                reason: z.string().nullable(),
                created: z.iso.datetime(),
              }),
            ),
          }),
        },
      },
    },
    ...errorResponses(400, 401, 404),
  },
})

const refundBody = z
  .object({
    amount: minor(100_000_000).optional().openapi({ description: 'Minor units; default the whole rest' }),
    reason: z.string().trim().max(255, 'The reason field may not be greater than 255 characters').optional(),
  })
  .strict()

export const postRefund = createRoute({
  method: 'post',
  path: '/payment/payments/{uuid}/refunds',
  tags: ['payment'],
  summary: 'Refund a payment, fully or partly',
  description:
    'For the program owner the payment pays, and admins. Refunds never exceed what was paid, also when sent concurrently. Requires an `Idempotency-Key`: a retried refund refunds once.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin'), idempotency({ required: true })] as const,
  request: {
    params: paymentIdParam,
    headers: idempotencyKeyHeader,
    body: { required: false, content: { 'application/json': { schema: refundBody } } },
  },
  responses: {
    202: {
      description: 'Refund recorded and sent to the provider',
      content: {
        'application/json': {
          schema: z.object({ uuid: z.uuid(), status: z.string(), payment: paymentSchema }),
        },
      },
    },
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
})

export const getMethods = createRoute({
  method: 'get',
  path: '/payment/methods',
  tags: ['payment'],
  summary: 'The payment methods catalogue',
  security: bearerSecurity,
  middleware: [signedIn()] as const,
  responses: {
    200: {
      description: 'Methods',
      content: {
        'application/json': {
          schema: z.object({
            results: z.array(
              z.object({
                id: z.string(),
                title: z.string(),
                description: z.string(),
                psp_id: z.string().nullable(),
                providers: z.array(z.string()),
              }),
            ),
          }),
        },
      },
    },
    ...errorResponses(401),
  },
})

export function registerPaymentRoutes(app: ApiApp) {
  app.openapi(postPayment, async (c) => {
    const user = requireUser(c, 'owner', 'acceptor', 'admin')
    const input = c.req.valid('json')
    const services = c.get('services')
    // In a program, the money is for the program's owner (and, at a cashpoint, the acceptor's).
    const program = input.program_uuid
      ? await programForPayment(services.db, {
          program_uuid: input.program_uuid,
          currency: input.currency,
          caller: user,
        })
      : undefined
    const ctx = requestContext(c)
    // The link is recorded against the request's Idempotency-Key in its own transaction: a retry
    // after a crash between the two gets that link, never a second one.
    const id = await services.db.transaction().execute(async (trx) => {
      const committed = await committedEffect(trx, ctx.idempotency)
      if (committed) return committed
      const made = await createPayment(
        services,
        ctx,
        {
          payable: { kind: 'payment_link' },
          amount: BigInt(input.amount),
          currency: input.currency,
          description: input.description,
          program_uuid: input.program_uuid ?? null,
          owner_user_id: program?.owner_user_id ?? (isOwner(user) ? user.user_id : null),
          acceptor_user_id: isAcceptor(user) ? user.user_id : null,
          return_url: input.return_url ?? null,
          expires_in_ms: input.expires_in_days * 24 * 3600 * 1000,
        },
        trx,
      )
      await recordEffect(trx, ctx.idempotency, made)
      return made
    })
    const row = await findPaymentRow(services.db, id)
    return c.json(toPaymentJson(services, row as NonNullable<typeof row>), 201)
  })

  app.openapi(getPayment, async (c) => {
    const services = c.get('services')
    const row = await paymentVisibleTo(services.db, c.get('actor'), c.req.valid('param').uuid)
    const { attempts, refunds } = await paymentDetail(services.db, row.id)
    return c.json(
      {
        ...toPaymentJson(services, row),
        refundable_amount: Number(
          row.captured_amount -
            refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0n),
        ),
        attempts: attempts.map((a) => ({
          uuid: a.id,
          number: a.number,
          provider: a.provider,
          method: a.method,
          status: a.status,
          card_brand: a.card_brand,
          card_last4: a.card_last4,
          fee: a.fee === null ? null : Number(a.fee),
          failure_code: a.failure_code,
          failure_message: a.failure_message,
          duplicate: a.status === 'paid' && a.id !== row.paid_attempt_id,
          created: a.created_at.toISOString(),
        })),
        refunds: refunds.map((r) => ({
          uuid: r.id,
          amount: Number(r.amount),
          currency: r.currency,
          status: r.status,
          kind: r.kind as 'requested' | 'provider' | 'duplicate',
          reason: r.reason,
          created: r.created_at.toISOString(),
        })),
      },
      200,
    )
  })

  app.openapi(postRefund, async (c) => {
    const services = c.get('services')
    const actor = c.get('actor')
    const row = await paymentVisibleTo(services.db, actor, c.req.valid('param').uuid)
    if (!canRefund(actor, row))
      throw new AppError('forbidden', 'only the program owner or an admin may refund')
    const body = c.req.valid('json') ?? {}
    const refund = await refundPayment(services, requestContext(c), row.id, {
      amount: body.amount === undefined ? undefined : BigInt(body.amount),
      reason: body.reason,
    })
    const updated = await findPaymentRow(services.db, row.id)
    return c.json(
      {
        uuid: refund.refund_id,
        status: refund.status,
        payment: toPaymentJson(services, updated as NonNullable<typeof updated>),
      },
      202,
    )
  })

  app.openapi(getMethods, (c) =>
    c.json(
      {
        results: paymentMethods.map((m) => ({ ...m, providers: [...m.providers] })),
      },
      200,
    ),
  )
}
