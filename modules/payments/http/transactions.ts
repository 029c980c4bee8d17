import { bearerSecurity, displayNames, requireUser, signedIn } from '../../identity/index.ts'
import { calendarDate } from '../../platform/bad-input.ts'
import { businessDay } from '../../platform/dates.ts'
import { AppError, notFound } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import { localeFromAcceptLanguage, localeSchema } from '../../platform/locales.ts'
import type { ApiApp } from '../../platform/module.ts'
import { pageOffset, pageSchema, paginationQuery, toPage } from '../../platform/pagination.ts'
import { describePayment, descriptionFields, descriptionSchemaFields } from '../descriptions.ts'
import { programInPaymentsFilter } from '../programs.ts'
import { paymentReference } from '../queries/payments.ts'
import {
  findTransaction,
  hasReceipt,
  listTransactions,
  receiptFacts,
  type TransactionRow,
  transactionKinds,
  transactionStatuses,
} from '../queries/transactions.ts'
import { buildReceipt } from '../receipts/content.ts'
import { renderReceiptPdf } from '../receipts/pdf.ts'
import { isVatCode } from '../vat.ts'

/**
 * The Finance screens' transactions: `GET payment/transactions` (a page of them),
 * `GET payment/transactions/{uuid}` (one) and `GET payment/transactions/{uuid}/receipt` (its PDF
 * receipt). Every signed-in user reads their own scope: an admin everything, a program owner the
 * payments to them, an acceptor those at their cashpoint, a card holder those they paid. Another
 * user's transaction does not exist for them (404).
 */

/** A calendar day as `YYYY-MM-DD`. */
export const dayParam = calendarDate()

/** Today in the business time zone, as `YYYY-MM-DD`. */
export const todayInBusinessZone = () => businessDay()

const receiptPath = (id: string) => `/api/v1/payment/transactions/${id}/receipt`

export const transactionSchema = z
  .object({
    uuid: z.uuid(),
    kind: z.enum(transactionKinds).openapi({
      description:
        'A payment, a duplicate capture of it (taken a second time, given back by itself), or a refund',
    }),
    merchant: z.string().nullable().openapi({
      description: 'Whom the payer paid: the business (shop or program), as fixed when the payment was made',
    }),
    cashpoint: z
      .string()
      .nullable()
      .openapi({ description: 'The cashpoint it was paid at, if any', example: 'Counter 1' }),
    duplicate: z
      .boolean()
      .openapi({ description: 'A refund that gives a duplicate capture back (not asked by the owner)' }),
    created: z.iso.datetime(),
    ...descriptionSchemaFields,
    transaction_status: z.enum(transactionStatuses).openapi({
      description: 'The payment’s status for a payment; requested, pending, succeeded or failed for a refund',
    }),
    currency: z.string().openapi({ example: 'EUR' }),
    amount: z
      .number()
      .int()
      .openapi({ description: 'Minor units (cents); a refund’s own amount', example: 1250 }),
    payment_uuid: z.uuid(),
    reference: z.string().openapi({ description: 'The payment’s reference', example: 'PAY-001042' }),
    method: z.string().nullable(),
    card_brand: z.string().nullable(),
    card_last4: z.string().nullable().openapi({ description: 'Last four digits of the card, never more' }),
    program_uuid: z.uuid().nullable(),
    order: z.object({
      uuid: z.string().openapi({ description: 'The id of what was paid (the payable)' }),
      kind: z
        .string()
        .openapi({ description: 'What was paid: payment_link, card_order, bill, food_order, …' }),
      invoice_url: z
        .string()
        .nullable()
        .openapi({ description: 'The invoice of a bill (not yet issued: null)' }),
      receipt_url: z
        .string()
        .nullable()
        .openapi({ description: 'The PDF receipt, once the money has moved', example: receiptPath('…') }),
    }),
  })
  .openapi('Transaction')

export function toTransactionJson(t: TransactionRow): z.infer<typeof transactionSchema> {
  return {
    uuid: t.id,
    kind: t.kind,
    duplicate: t.duplicate,
    merchant: t.merchant_name,
    cashpoint: t.cashpoint,
    created: t.created_at.toISOString(),
    ...descriptionFields(t),
    transaction_status: t.status,
    currency: t.currency,
    amount: Number(t.amount),
    payment_uuid: t.payment_id,
    reference: paymentReference(t.payment_number),
    method: t.method,
    card_brand: t.card_brand,
    card_last4: t.card_last4,
    program_uuid: t.program_uuid,
    order: {
      uuid: t.payable_id,
      kind: t.payable_kind,
      invoice_url: null,
      receipt_url: hasReceipt(t) ? receiptPath(t.id) : null,
    },
  }
}

const listQuery = paginationQuery({ defaultSize: 25, maxSize: 200 }).extend({
  status: z
    .enum(transactionStatuses, { message: `one of ${transactionStatuses.join(', ')}` })
    .optional()
    .openapi({ description: 'transaction_status' }),
  kind: z.enum(transactionKinds, { message: 'payment, duplicate_capture or refund' }).optional(),
  from: dayParam.optional().openapi({ description: 'Created on or after this day (Dutch time, inclusive)' }),
  to: dayParam.optional().openapi({ description: 'Created on or before this day (Dutch time, inclusive)' }),
  program: z
    .uuid('must be a program uuid')
    .optional()
    .openapi({ description: 'Only this program’s (one the caller may not see, or none: 404)' }),
  q: z
    .string()
    .trim()
    .max(100, 'at most 100 characters')
    .optional()
    .openapi({ description: 'Part of the reference (PAY-001042) or of the description, any case' }),
})

const transactionParam = z.object({
  uuid: z.uuid('not a transaction id').openapi({ param: { name: 'uuid', in: 'path' } }),
})

export const getTransactions = createRoute({
  method: 'get',
  path: '/payment/transactions',
  tags: ['payment'],
  summary: 'Transactions: payments and refunds',
  description:
    'Every money movement the caller may see, newest first: each payment that reached a provider (in its status) and each refund (in the refund’s status, for the refunded amount). An admin sees all; a program owner the payments to them or created by them; an acceptor those at their cashpoint; a card holder those they paid. Filters: status, kind, created day range `from`–`to`, program, and `q` in reference or description. A `program` the caller may not see (another owner’s; for an acceptor one they never had a place in; for a card holder one they never paid in) or that does not exist: 404, as in a path.',
  security: bearerSecurity,
  middleware: [signedIn()] as const,
  request: { query: listQuery },
  responses: {
    200: {
      description: 'One page',
      content: { 'application/json': { schema: pageSchema(transactionSchema) } },
    },
    ...errorResponses(400, 401, 404),
  },
})

export const getTransaction = createRoute({
  method: 'get',
  path: '/payment/transactions/{uuid}',
  tags: ['payment'],
  summary: 'One transaction',
  description: 'A payment or refund the caller may see (the same scope as the list); anyone else’s is a 404.',
  security: bearerSecurity,
  middleware: [signedIn()] as const,
  request: { params: transactionParam },
  responses: {
    200: { description: 'The transaction', content: { 'application/json': { schema: transactionSchema } } },
    ...errorResponses(400, 401, 404),
  },
})

export const getTransactionReceipt = createRoute({
  method: 'get',
  path: '/payment/transactions/{uuid}/receipt',
  tags: ['payment'],
  summary: 'The PDF receipt of a transaction',
  description:
    'A receipt for a paid payment or a succeeded refund, in the language of `lang`, else Accept-Language (Dutch by default): receiver, reference, date, description, amount, VAT when the payment names its rate, method and card (brand and last four digits only). Same scope as the list; a transaction without a receipt (not paid, refund not done) is a 404.',
  security: bearerSecurity,
  middleware: [signedIn()] as const,
  request: {
    params: transactionParam,
    query: z.object({ lang: localeSchema.optional().openapi({ description: 'Language of the receipt' }) }),
  },
  responses: {
    200: {
      description: 'The receipt',
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...errorResponses(400, 401, 404),
  },
})

export function registerTransactionRoutes(app: ApiApp) {
  app.openapi(getTransactions, async (c) => {
    const me = requireUser(c)
    const q = c.req.valid('query')
    const { db } = c.get('services')
    if (q.program) await programInPaymentsFilter(db, me, q.program)
    const { count, results } = await listTransactions(
      db,
      me,
      { status: q.status, kind: q.kind, from: q.from, to: q.to, program_uuid: q.program, q: q.q },
      { limit: q.size, offset: pageOffset(q) },
    )
    return c.json(toPage(c.req.url, q, count, results.map(toTransactionJson)), 200)
  })

  app.openapi(getTransaction, async (c) => {
    const me = requireUser(c)
    const row = await findTransaction(c.get('services').db, me, c.req.valid('param').uuid)
    if (!row) throw notFound('transaction')
    return c.json(toTransactionJson(row), 200)
  })

  app.openapi(getTransactionReceipt, async (c) => {
    const me = requireUser(c)
    const { db } = c.get('services')
    const row = await findTransaction(db, me, c.req.valid('param').uuid)
    if (!row) throw notFound('transaction')
    if (!hasReceipt(row)) {
      throw new AppError('not_found', 'this transaction has no receipt: no money has moved', {
        reason: 'no_receipt',
      })
    }
    const facts = await receiptFacts(db, row)
    const names = facts.receiver_user_id ? await displayNames(db, [facts.receiver_user_id]) : new Map()
    // The business the payer paid, as recorded with the payment; older payments: the receiver's name.
    const receiverName =
      row.merchant_name ?? (facts.receiver_user_id ? names.get(facts.receiver_user_id) : undefined)
    const locale = c.req.valid('query').lang ?? localeFromAcceptLanguage(c.req.header('accept-language'))
    const reference = paymentReference(row.payment_number)
    const content = buildReceipt(
      {
        kind: row.kind === 'refund' ? 'refund' : 'payment',
        id: row.id,
        reference,
        // In the receipt's language: "24 kaarten — …" on a Dutch receipt.
        description: describePayment(row, locale),
        cashpoint: row.cashpoint,
        moved_at: facts.moved_at,
        amount: { amount: row.amount, currency: row.currency },
        payment_amount: { amount: facts.payment_amount, currency: row.currency },
        payment_paid_at: facts.payment_paid_at,
        method: row.method,
        card_brand: row.card_brand,
        card_last4: row.card_last4,
        receiver: receiverName ? { name: receiverName } : null,
        vat_code: isVatCode(facts.metadata.vat_code) ? facts.metadata.vat_code : null,
      },
      locale,
    )
    const pdf = await renderReceiptPdf(content)
    const file = `${reference}${row.kind === 'refund' ? '-refund' : ''}.pdf`
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${file}"`,
      'Content-Language': locale,
      // A receipt is personal: never kept by a shared cache.
      'Cache-Control': 'private, no-store',
    })
  })
}
