import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { notFound } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { foodProgramOf } from '../access.ts'
import { orderReceiptPdf } from '../receipts/order-receipt.ts'
import { uuidParam } from './schemas.ts'

/**
 * An order's receipt as a PDF (spec section 7 "order receipt"): for the restaurant's staff (owner
 * and acceptors, through the access kernel: another restaurant's order 404, other user types 403,
 * no token 401), and for the guest through the order's own session (any other session: 404).
 */
const language = z
  .enum(['nl', 'en', 'de', 'ru', 'uk'])
  .optional()
  .openapi({ description: 'The reader’s language; default the language the order was placed in' })
const pdf = { description: 'The receipt', content: { 'application/pdf': { schema: z.string() } } }

export const getOrderReceipt = createRoute({
  method: 'get',
  path: '/food/programs/{uuid}/orders/{orderUuid}/receipt',
  tags: ['food'],
  summary: 'An order’s receipt (PDF)',
  description:
    'Restaurant, order number, date and time on the restaurant’s clock, items with their VAT rate, VAT per rate, totals and payment. The restaurant’s owner and its acceptors (staff); another restaurant’s: 404.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'acceptor')] as const,
  request: {
    params: uuidParam('program').extend({
      orderUuid: z.uuid('not an order id').openapi({ param: { name: 'orderUuid', in: 'path' } }),
    }),
    query: z.object({ language }),
  },
  responses: { 200: pdf, ...errorResponses(400, 401, 403, 404, 422) },
})

export const getGuestOrderReceipt = createRoute({
  method: 'get',
  path: '/food/orders/{uuid}/receipt',
  tags: ['food'],
  summary: 'The receipt of an order of the session (PDF; readable only with its session)',
  request: {
    params: uuidParam('order'),
    query: z.object({ session_id: z.uuid('not a session id'), language }),
  },
  responses: { 200: pdf, ...errorResponses(400, 404) },
})

const asPdf = (pdfBytes: Buffer, filename: string) =>
  new Response(new Uint8Array(pdfBytes), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
    },
  })

export function registerReceiptRoutes(app: ApiApp) {
  app.openapi(getOrderReceipt, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor')
    const { db } = c.get('services')
    const { uuid, orderUuid } = c.req.valid('param')
    const program = await foodProgramOf(db, me, uuid, { who: 'staff' })
    const { pdf: bytes, filename } = await orderReceiptPdf(db, program.uuid, orderUuid, {
      language: c.req.valid('query').language,
    })
    return asPdf(bytes, filename) as never
  })

  app.openapi(getGuestOrderReceipt, async (c) => {
    const { db } = c.get('services')
    const { uuid } = c.req.valid('param')
    const { session_id, language: lang } = c.req.valid('query')
    const order = await db
      .selectFrom('food_orders')
      .select('session_id')
      .where('id', '=', uuid)
      .executeTakeFirst()
    if (!order || order.session_id !== session_id) throw notFound('order')
    const { pdf: bytes, filename } = await orderReceiptPdf(db, null, uuid, { language: lang })
    return asPdf(bytes, filename) as never
  })
}
