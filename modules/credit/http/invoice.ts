import type { Context } from 'hono'
import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import { localeSchema } from '../../platform/locales.ts'
import { resolveMailLocale } from '../../platform/mail/i18n.ts'
import type { ApiApp } from '../../platform/module.ts'
import { holdersBill, ownersBill } from '../access.ts'
import type { BillRow } from '../db/bills.ts'
import { billInvoicePdf } from '../queries/invoice.ts'

const uuidParam = z.object({ uuid: z.uuid('not a bill id') })
const langQuery = z.object({
  lang: localeSchema.optional().openapi({ description: 'Language of the invoice; default the holder’s' }),
})
const pdfResponse = {
  description: 'The invoice',
  content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
}
const description =
  'The bill as a PDF invoice (A4): number, invoice and due date, the sender with the bill contact when the owner shows it, the items with quantity, unit price and VAT rate, subtotal, VAT per rate, total, penalties, payments and the open amount, and while something is open the pay link with its QR code. In the holder’s language unless `lang` says otherwise, worded formally or informally as the program is; dates as days in the bill’s time zone.'

export const getBillInvoice = createRoute({
  method: 'get',
  path: '/manager/bills/{uuid}/invoice',
  tags: ['manager'],
  summary: 'A bill’s invoice as a PDF',
  description: `${description} Another owner’s bill: 404.`,
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: { params: uuidParam, query: langQuery },
  responses: { 200: pdfResponse, ...errorResponses(400, 401, 403, 404) },
})

export const getMyBillInvoice = createRoute({
  method: 'get',
  path: '/payment/bills/{uuid}/invoice',
  tags: ['payment'],
  summary: 'The invoice of one of the card holder’s bills as a PDF',
  description: `${description} Another holder’s bill: 404.`,
  security: bearerSecurity,
  middleware: [signedIn('holder')] as const,
  request: { params: uuidParam, query: langQuery },
  responses: { 200: pdfResponse, ...errorResponses(400, 401, 403, 404) },
})

async function answerPdf(c: Context, bill: BillRow, lang: string | undefined) {
  const { pdf, filename } = await billInvoicePdf(
    c.get('services'),
    bill,
    resolveMailLocale(lang ?? bill.language),
  )
  return c.body(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${filename}"`,
    // An invoice is personal: never kept by a shared cache.
    'Cache-Control': 'private, no-store',
  })
}

export function registerInvoiceRoutes(app: ApiApp) {
  app.openapi(getBillInvoice, async (c) => {
    const me = requireUser(c, 'owner', 'admin')
    const bill = await ownersBill(c.get('services').db, me, c.req.valid('param').uuid, { adminMayRead: true })
    return answerPdf(c, bill, c.req.valid('query').lang) as never
  })
  app.openapi(getMyBillInvoice, async (c) => {
    const me = requireUser(c, 'holder')
    const bill = await holdersBill(c.get('services').db, me, c.req.valid('param').uuid)
    return answerPdf(c, bill, c.req.valid('query').lang) as never
  })
}
