import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { isAdmin } from '../../platform/access.ts'
import { createRoute, errorResponses, idempotencyKeyHeader, z } from '../../platform/http.ts'
import { idempotency } from '../../platform/idempotency.ts'
import type { ApiApp } from '../../platform/module.ts'
import { pageSchema, paginationQuery, toPage } from '../../platform/pagination.ts'
import { creditProgramOf, ownersBill } from '../access.ts'
import { billStatuses } from '../codes.ts'
import { archiveBill, issueBill, moveDueDate } from '../commands/bills.ts'
import { importBills, importColumns, importMaxRows } from '../commands/import-bills.ts'
import { billDetail, listBills, programTitles, toBillJson } from '../queries/bills.ts'
import { billPreview } from '../queries/preview.ts'
import {
  billCreateBody,
  billDetailSchema,
  billSchema,
  calendarDate,
  previewRowSchema,
  requestContext,
  resultOf,
} from './schemas.ts'

const uuidParam = z.object({ uuid: z.uuid('not a bill id') })

/** `status=unpaid,overdue`: one or more states, comma-separated. */
export const statusesParam = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(billStatuses)))
  .optional()
  .openapi({
    description: 'States, comma-separated: unpaid, overdue, paid, archived',
    example: 'unpaid,overdue',
  })

export const postBill = createRoute({
  method: 'post',
  path: '/manager/bills',
  tags: ['manager'],
  summary: 'Issue a bill to a card holder',
  description: [
    'A bill of an active credit program (422 `program_not_active`) to a card holder (`holder` from `user/cardholders/autocomplete` or `user/cardholders/create`; not one: 400 `holder`). Items are priced net (unit price excluding VAT, minor units) with a VAT rate of `payment/helpers/vat` in force on the issue date; VAT is computed per rate, rounded half away from zero. The number is the program’s next, gapless.',
    'Posts the issue to the ledger (110 / 410 / 210) and plans the ladder’s reminders in the bill’s zone (the holder’s `time_zone` when given, else the program’s). Steps whose moment has passed on issue are skipped (`issued_after`), except the latest of them, which goes now. Safe to retry with an `Idempotency-Key`.',
  ].join('\n\n'),
  security: bearerSecurity,
  middleware: [signedIn('owner'), idempotency()] as const,
  request: {
    headers: idempotencyKeyHeader,
    body: { required: true, content: { 'application/json': { schema: billCreateBody } } },
  },
  responses: {
    201: { description: 'The bill', content: { 'application/json': { schema: resultOf(billDetailSchema) } } },
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
})

const importBody = z
  .object({
    program: z.uuid('not a program id'),
    csv: z
      .string()
      .min(1)
      .max(1_000_000)
      .openapi({ description: 'The file’s text (UTF-8): a header row, then one bill per row' }),
  })
  .strict()
  .openapi('BillImportInput')

const importResult = z
  .object({
    imported: z
      .number()
      .int()
      .openapi({ description: 'Bills issued by this upload (0 when already imported)' }),
    already_imported: z.boolean(),
    bills: z.array(z.object({ uuid: z.uuid(), number: z.string() })),
  })
  .openapi('BillImportResult')

export const postBillImport = createRoute({
  method: 'post',
  path: '/manager/bills/import',
  tags: ['manager'],
  summary: 'Issue bills from a CSV file',
  description: [
    `Columns (header row, any order, comma or semicolon): ${importColumns.join(', ')}; required: holder_email (a card holder’s account), due_date, description, unit_price (net, e.g. 12.50), vat (${['high', 'low', 'zero', 'exempt'].join(', ')}); quantity defaults to 1. One row is one bill with one item, issued as \`POST manager/bills\` issues it. At most ${importMaxRows} rows.`,
    'All or nothing: when any row is wrong nothing is issued and 400 names each wrong field as `rows.<line>.<column>` (the line in the file) with its code. The same file uploaded again for the program issues nothing and answers the first import’s bills with `already_imported: true`.',
  ].join('\n\n'),
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: { body: { required: true, content: { 'application/json': { schema: importBody } } } },
  responses: {
    201: { description: 'The bills issued', content: { 'application/json': { schema: importResult } } },
    200: { description: 'Imported before', content: { 'application/json': { schema: importResult } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const getBills = createRoute({
  method: 'get',
  path: '/manager/bills',
  tags: ['manager'],
  summary: 'Bills of the owner’s credit programs',
  description:
    'Newest first. Filters: `program` (another owner’s: 404), `status` (comma-separated), `search` (number, holder name or e-mail, reference), `from`/`to` (issue date, inclusive). Admins see every program’s.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: {
    query: paginationQuery({ defaultSize: 20, maxSize: 100 }).extend({
      program: z.uuid('not a program id').optional(),
      status: statusesParam,
      search: z.string().max(100).optional(),
      from: calendarDate.optional(),
      to: calendarDate.optional(),
    }),
  },
  responses: {
    200: {
      description: 'A page of bills',
      content: { 'application/json': { schema: pageSchema(billSchema) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
})

export const getBill = createRoute({
  method: 'get',
  path: '/manager/bills/{uuid}',
  tags: ['manager'],
  summary: 'A bill with its lines, reminders, payments and timeline',
  description:
    'The timeline: issued, each reminder sent or skipped and why, penalties, payments, due date moves, archiving.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: { params: uuidParam },
  responses: {
    200: { description: 'The bill', content: { 'application/json': { schema: resultOf(billDetailSchema) } } },
    ...errorResponses(400, 401, 403, 404),
  },
})

const patchBillBody = z.object({ due_date: calendarDate }).strict().openapi('BillPatch')

export const patchBill = createRoute({
  method: 'patch',
  path: '/manager/bills/{uuid}',
  tags: ['manager'],
  summary: 'Move a bill’s due date',
  description:
    'To today or later (400 `date_in_past`), not before the issue date (400 `due_before_issue`). An overdue bill becomes unpaid; its reminders not sent yet are planned again. A paid bill: 422 `bill_paid`; archived: 422 `bill_archived`.',
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: {
    params: uuidParam,
    body: { required: true, content: { 'application/json': { schema: patchBillBody } } },
  },
  responses: {
    200: { description: 'The bill', content: { 'application/json': { schema: resultOf(billDetailSchema) } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

const archiveBody = z
  .object({
    reason: z.string().trim().min(1, 'say why').max(500),
  })
  .strict()
  .openapi('BillArchive')

export const postBillArchive = createRoute({
  method: 'post',
  path: '/manager/bills/{uuid}/archive',
  tags: ['manager'],
  summary: 'Archive (or cancel) a bill',
  description:
    'Final: no reminder goes out for it any more (those not sent yet are skipped, `archived`). Unpaid, overdue and paid bills; archived again: 422 `bill_archived`.',
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: {
    params: uuidParam,
    body: { required: true, content: { 'application/json': { schema: archiveBody } } },
  },
  responses: {
    200: { description: 'The bill', content: { 'application/json': { schema: resultOf(billDetailSchema) } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const getBillPreview = createRoute({
  method: 'get',
  path: '/manager/bills/{uuid}/preview',
  tags: ['manager'],
  summary: 'A bill’s ladder: every step with its local send time, penalty and running total',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: { params: uuidParam },
  responses: {
    200: {
      description: 'The bill’s reminders',
      content: { 'application/json': { schema: z.object({ results: z.array(previewRowSchema) }) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
})

export function registerBillRoutes(app: ApiApp) {
  app.openapi(postBill, async (c) => {
    const me = requireUser(c, 'owner')
    const { db } = c.get('services')
    const bill = await issueBill(c.get('services'), requestContext(c), me, c.req.valid('json'))
    return c.json({ result: await billDetail(db, bill, me) }, 201)
  })

  app.openapi(getBills, async (c) => {
    const me = requireUser(c, 'owner', 'admin')
    const q = c.req.valid('query')
    const { db } = c.get('services')
    // A program named in the filter is checked as a path would be (docs/access.md).
    if (q.program) await creditProgramOf(db, me, q.program, { adminMayRead: true })
    const { count, rows } = await listBills(
      db,
      {
        scope: isAdmin(me) ? 'all' : { owner: me.user_id },
        program: q.program,
        statuses: q.status,
        search: q.search,
        from: q.from,
        to: q.to,
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

  app.openapi(getBill, async (c) => {
    const me = requireUser(c, 'owner', 'admin')
    const { db } = c.get('services')
    const bill = await ownersBill(db, me, c.req.valid('param').uuid, { adminMayRead: true })
    return c.json({ result: await billDetail(db, bill, me) }, 200)
  })

  app.openapi(patchBill, async (c) => {
    const me = requireUser(c, 'owner')
    const services = c.get('services')
    const bill = await moveDueDate(services, me, c.req.valid('param').uuid, c.req.valid('json').due_date)
    return c.json({ result: await billDetail(services.db, bill, me) }, 200)
  })

  app.openapi(postBillImport, async (c) => {
    const me = requireUser(c, 'owner')
    const r = await importBills(c.get('services'), requestContext(c), me, c.req.valid('json'))
    const body = {
      imported: r.already_imported ? 0 : r.bills.length,
      already_imported: r.already_imported,
      bills: r.bills.map((b) => ({ uuid: b.uuid, number: String(b.number) })),
    }
    return r.already_imported ? c.json(body, 200) : c.json(body, 201)
  })

  app.openapi(postBillArchive, async (c) => {
    const me = requireUser(c, 'owner')
    const services = c.get('services')
    const bill = await archiveBill(
      services,
      requestContext(c),
      me,
      c.req.valid('param').uuid,
      c.req.valid('json').reason,
    )
    return c.json({ result: await billDetail(services.db, bill, me) }, 200)
  })

  app.openapi(getBillPreview, async (c) => {
    const me = requireUser(c, 'owner', 'admin')
    const { db } = c.get('services')
    const bill = await ownersBill(db, me, c.req.valid('param').uuid, { adminMayRead: true })
    return c.json({ results: await billPreview(db, bill) }, 200)
  })
}
