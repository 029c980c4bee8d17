import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, idempotencyKeyHeader, z } from '../../platform/http.ts'
import { idempotency } from '../../platform/idempotency.ts'
import type { ApiApp } from '../../platform/module.ts'
import { pageSchema, paginationQuery, toPage } from '../../platform/pagination.ts'
import { holdersBill } from '../access.ts'
import { startBillPayment } from '../commands/payments.ts'
import { billDetail, listBills, programTitles, toBillJson } from '../queries/bills.ts'
import { statusesParam } from './bills.ts'
import { billDetailSchema, billSchema, requestContext, resultOf } from './schemas.ts'

const uuidParam = z.object({ uuid: z.uuid('not a bill id') })

export const getMyBills = createRoute({
  method: 'get',
  path: '/payment/bills',
  tags: ['payment'],
  summary: 'The card holder’s bills',
  description:
    'The holder portal’s `/bills` (`open=true`: unpaid and overdue ones only, overdue by due date first) and `/bills/all` (every bill, open ones first, then newest). `status` narrows further.',
  security: bearerSecurity,
  middleware: [signedIn('holder')] as const,
  request: {
    query: paginationQuery({ defaultSize: 20, maxSize: 100 }).extend({
      open: z
        .enum(['true', 'false'])
        .optional()
        .transform((v) => v === 'true'),
      status: statusesParam,
    }),
  },
  responses: {
    200: {
      description: 'A page of bills',
      content: { 'application/json': { schema: pageSchema(billSchema) } },
    },
    ...errorResponses(400, 401, 403),
  },
})

export const getMyBill = createRoute({
  method: 'get',
  path: '/payment/bills/{uuid}',
  tags: ['payment'],
  summary: 'One of the card holder’s bills',
  description:
    'The invoice (lines, VAT per rate, penalties), its reminders, payments and timeline. Another holder’s: 404.',
  security: bearerSecurity,
  middleware: [signedIn('holder')] as const,
  request: { params: uuidParam },
  responses: {
    200: { description: 'The bill', content: { 'application/json': { schema: resultOf(billDetailSchema) } } },
    ...errorResponses(400, 401, 403, 404),
  },
})

const startedSchema = z
  .object({
    payment_uuid: z.uuid(),
    checkout_url: z.string().openapi({ description: 'Send the holder here: `/checkout/{uuid}`' }),
    amount: z.number().int(),
    currency: z.string(),
  })
  .openapi('BillPaymentStarted')

export const postMyBillPayment = createRoute({
  method: 'post',
  path: '/payment/bills/{uuid}/payment',
  tags: ['payment'],
  summary: 'Start paying a bill’s open amount',
  description:
    'A payment (payments module) of what is open now, penalties included; the holder pays it on the checkout (`checkout_url`) or with `POST payment/pay`. An open payment of the same amount is answered again. When it is paid the bill becomes paid (or counts it as part) and no later reminder goes out. Paid: 422 `bill_paid`; archived: 422 `bill_archived`.',
  security: bearerSecurity,
  middleware: [signedIn('holder'), idempotency()] as const,
  request: { headers: idempotencyKeyHeader, params: uuidParam },
  responses: {
    200: {
      description: 'The payment to pay',
      content: { 'application/json': { schema: resultOf(startedSchema) } },
    },
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
})

export function registerHolderBillRoutes(app: ApiApp) {
  app.openapi(getMyBills, async (c) => {
    const me = requireUser(c, 'holder')
    const q = c.req.valid('query')
    const { db } = c.get('services')
    const statuses = q.open
      ? (q.status ?? ['unpaid', 'overdue']).filter((s) => s === 'unpaid' || s === 'overdue')
      : q.status
    const { count, rows } = await listBills(
      db,
      {
        scope: { holder: me.user_id },
        statuses: statuses?.length === 0 ? ['unpaid'] : statuses,
        openFirst: true,
      },
      q,
    )
    const titles = await programTitles(
      db,
      rows.map((r) => r.program_id),
    )
    const results = rows.map((r) =>
      toBillJson(r, {
        code: r.code,
        title: titles.get(r.program_id) ?? '',
        next_reminder_at: r.next_reminder_at,
      }),
    )
    return c.json(toPage(c.req.url, q, count, results), 200)
  })

  app.openapi(getMyBill, async (c) => {
    const me = requireUser(c, 'holder')
    const { db } = c.get('services')
    const bill = await holdersBill(db, me, c.req.valid('param').uuid)
    return c.json({ result: await billDetail(db, bill, me) }, 200)
  })

  app.openapi(postMyBillPayment, async (c) => {
    const me = requireUser(c, 'holder')
    const started = await startBillPayment(
      c.get('services'),
      requestContext(c),
      me,
      c.req.valid('param').uuid,
    )
    return c.json({ result: { ...started, amount: Number(started.amount) } }, 200)
  })
}
