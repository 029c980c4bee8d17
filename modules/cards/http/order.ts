import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, idempotencyKeyHeader, z } from '../../platform/http.ts'
import { idempotency } from '../../platform/idempotency.ts'
import type { ApiApp } from '../../platform/module.ts'
import { placeOrder } from '../commands/place-order.ts'
import { newestOrderOf } from '../queries/orders.ts'
import { orderSchema, quantityInput, requestContext, resultOf, toOrderJson } from './schemas.ts'

export const getOrder = createRoute({
  method: 'get',
  path: '/payment/order',
  tags: ['payment'],
  summary: 'The newest card order of a card program',
  description:
    'Spec `GET order {program_uuid}`: the program’s newest order (open, paid, cancelled or expired) with its payment; 404 when it has none. The owner’s own programs (another owner’s: 404) and any for admins.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: { query: z.object({ program_uuid: z.uuid('not a program id') }) },
  responses: {
    200: { description: 'The order', content: { 'application/json': { schema: resultOf(orderSchema) } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

const body = z
  .object({
    program_uuid: z.uuid('not a program id'),
    quantity: quantityInput,
  })
  .strict()
  .openapi('CardOrderInput')

export const postOrder = createRoute({
  method: 'post',
  path: '/payment/order',
  tags: ['payment'],
  summary: 'Order cards for a card program',
  description: [
    '`quantity` (1–10,000) cards of the program’s card: amount = quantity × (value + price of a card + VAT on the price). Paid to the platform through the payment whose uuid is the order’s: pay it with `POST payment/pay {order_uuid}` or on `/checkout/{uuid}`; the cards are issued once it is paid.',
    'A new order supersedes the program’s open one (cancelled; its payment can no longer be paid), unless that one is being paid right now: 409 `order_in_payment` (or just paid: 409 `order_paid`). Only an active card program with complete card settings and a card price in its currency: 422 `program_not_active`, `card_not_complete`, `card_price_missing`, `program_period_ended`. The owner only; another owner’s program: 404. Safe to retry with an `Idempotency-Key`.',
  ].join('\n\n'),
  security: bearerSecurity,
  middleware: [signedIn('owner'), idempotency()] as const,
  request: {
    headers: idempotencyKeyHeader,
    body: { required: true, content: { 'application/json': { schema: body } } },
  },
  responses: {
    200: {
      description: 'The order, open',
      content: { 'application/json': { schema: resultOf(orderSchema) } },
    },
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
})

export function registerOrderRoutes(app: ApiApp) {
  app.openapi(getOrder, async (c) => {
    const me = requireUser(c, 'owner', 'admin')
    const services = c.get('services')
    const order = await newestOrderOf(services.db, me, c.req.valid('query').program_uuid)
    return c.json({ result: await toOrderJson(services.db, services, order) }, 200)
  })

  app.openapi(postOrder, async (c) => {
    const me = requireUser(c, 'owner')
    const services = c.get('services')
    const order = await placeOrder(services, requestContext(c), me, c.req.valid('json'))
    return c.json({ result: await toOrderJson(services.db, services, order) }, 200)
  })
}
