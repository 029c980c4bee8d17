import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import { idempotency } from '../../platform/idempotency.ts'
import type { ApiApp } from '../../platform/module.ts'
import { orderDetail } from '../orders/books.ts'
import {
  type CounterOrderAnswer,
  counterOrderPayment,
  counterOrderToCash,
  counterPayments,
  createCounterOrder,
} from '../orders/counter.ts'
import { orderDetailSchema } from './ordering.ts'
import { requestContext, uuidParam } from './schemas.ts'

/**
 * Counter orders (the acceptor's `/new-order`, issue 15 item 6; docs/food.md "Counter orders"):
 * the restaurant's owner and acceptors (staff) through the access kernel; another restaurant's:
 * 404, other user types 403, no token 401.
 */
const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } } })

export const postCounterOrder = createRoute({
  method: 'post',
  path: '/food/programs/{uuid}/counter-orders',
  tags: ['food'],
  summary: 'Take an order at the counter (paid by the payment QR or in cash)',
  description:
    '`payment: terminal` answers `payment_url`, the payment page the staff screen shows as a QR code for the customer’s phone; the order reaches the kitchen board when it is paid. `payment: cash` records the cash the staff member took: the order is paid at once. Prices come from the menu only. Refusals: 422 `basket_is_empty` (no lines), `not_valid_variants`/`not_valid_extras`, `payment_method_is_not_supported` (terminal without card or iDEAL switched on), `program_not_active`; 404 a product not of this restaurant. With an `Idempotency-Key` a retry answers the same order. The restaurant’s owner and its acceptors (staff); another restaurant’s: 404.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'acceptor')] as const,
  request: {
    params: uuidParam('program'),
    headers: z.object({ 'idempotency-key': z.string().min(8).max(255).optional() }),
    body: {
      required: true,
      ...json(
        z
          .object({
            lines: z
              .array(
                z
                  .object({
                    product_id: z.uuid('not a product id'),
                    quantity: z.number().int().min(1).max(99),
                    variant_uuid: z.uuid('not a variant id').nullable().optional(),
                    extra_uuids: z.array(z.uuid('not an extra id')).max(30).optional(),
                  })
                  .strict(),
              )
              .max(100),
            eat_in: z.boolean().default(false),
            name: z.string().max(255).optional(),
            comment: z.string().max(1000).optional(),
            payment: z.enum(counterPayments),
            language: z.enum(['nl', 'en', 'de', 'ru', 'uk']).optional(),
          })
          .strict()
          .openapi('FoodCounterOrderInput'),
      ),
    },
  },
  responses: {
    201: {
      description: 'Taken',
      ...json(
        z.object({
          result: orderDetailSchema,
          payment_url: z
            .string()
            .nullable()
            .openapi({ description: 'The payment page to show as a QR code (null for cash)' }),
          session_id: z.uuid().openapi({ description: 'The order’s own session (its guest order page)' }),
        }),
      ),
    },
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
})

const counterAnswer = z.object({
  result: orderDetailSchema,
  payment_url: z
    .string()
    .nullable()
    .openapi({ description: 'The payment page to show as a QR code (null for cash)' }),
  session_id: z.uuid().openapi({ description: 'The order’s own session (its guest order page)' }),
})

const counterOrderParams = z.object({
  uuid: z.uuid('not a program id').openapi({ param: { name: 'uuid', in: 'path' } }),
  orderUuid: z.uuid('not an order id').openapi({ param: { name: 'orderUuid', in: 'path' } }),
})

export const postCounterOrderPayment = createRoute({
  method: 'post',
  path: '/food/programs/{uuid}/counter-orders/{orderUuid}/payment',
  tags: ['food'],
  summary: 'A new QR for a counter order whose payment failed or ran out',
  description:
    'The payment that still lives (the same `payment_url`), else a new payment of the same order after a failed, expired or cancelled one: asking twice gives the same QR. A paid order answers its paid payment. Refusals: 422 `not_counter_order` (an online order), `order_not_payable` (paid in cash). The restaurant’s owner and its acceptors (staff); another restaurant’s order: 404.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'acceptor')] as const,
  request: { params: counterOrderParams },
  responses: {
    200: { description: 'The payment to show as a QR code', ...json(counterAnswer) },
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
})

export const postCounterOrderCash = createRoute({
  method: 'post',
  path: '/food/programs/{uuid}/counter-orders/{orderUuid}/cash',
  tags: ['food'],
  summary: 'Take cash instead of the QR for an unpaid counter order',
  description:
    'Closes the order’s payment and records the cash the staff member took: the order is paid at once (no payment, no ledger entry: the restaurant holds the cash). Asked again: the same answer. Refusals: 422 `not_counter_order` (an online order), `order_not_payable` (paid by card already); 409 `order_payment_in_progress` (the customer is paying right now). The restaurant’s owner and its acceptors (staff); another restaurant’s order: 404.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'acceptor')] as const,
  request: { params: counterOrderParams },
  responses: {
    200: { description: 'Paid in cash', ...json(counterAnswer) },
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
})

export function registerCounterRoutes(app: ApiApp) {
  const answerJson = async (db: Parameters<typeof orderDetail>[0], answer: CounterOrderAnswer) => ({
    result: await orderDetail(db, answer.order.program_id, answer.order.id),
    payment_url: answer.payment_url,
    session_id: answer.session_id,
  })
  app.openapi(postCounterOrderPayment, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor')
    const services = c.get('services')
    const { uuid, orderUuid } = c.req.valid('param')
    const answer = await counterOrderPayment(services, requestContext(c), me, uuid, orderUuid)
    return c.json(await answerJson(services.db, answer), 200)
  })
  app.openapi(postCounterOrderCash, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor')
    const services = c.get('services')
    const { uuid, orderUuid } = c.req.valid('param')
    const answer = await counterOrderToCash(services, requestContext(c), me, uuid, orderUuid)
    return c.json(await answerJson(services.db, answer), 200)
  })

  app.use('/food/programs/:uuid/counter-orders', idempotency())
  app.openapi(postCounterOrder, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor')
    const services = c.get('services')
    const answer = await createCounterOrder(
      services,
      requestContext(c),
      me,
      c.req.valid('param').uuid,
      c.req.valid('json'),
      c.req.header('idempotency-key'),
    )
    return c.json(
      {
        result: await orderDetail(services.db, answer.order.program_id, answer.order.id),
        payment_url: answer.payment_url,
        session_id: answer.session_id,
      },
      201,
    )
  })
}
