import { bearerSecurity } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { pageOffset, pageSchema, paginationQuery, toPage } from '../../platform/pagination.ts'
import { journals, subAccountKinds } from '../chart.ts'
import { journalEntries } from '../queries/journal-entries.ts'
import { assertSubAccountsInScope, ledgerScopeOf, type SubAccountKey } from '../scope.ts'
import { dateParam, descriptionFields, entryFields, num, signedIn } from './common.ts'

const query = paginationQuery({ defaultSize: 25, maxSize: 200 }).extend({
  journal: z.enum(journals, { message: `one of ${journals.join(', ')}` }).optional(),
  from: dateParam.optional().openapi({ description: 'Booked on or after (inclusive)' }),
  to: dateParam.optional().openapi({ description: 'Booked on or before (inclusive)' }),
  search: z
    .string()
    .trim()
    .max(100, 'at most 100 characters')
    .optional()
    .openapi({ description: 'Part of the description or source (any case), or the entry number' }),
  sub_account: z
    .string()
    .trim()
    .regex(
      new RegExp(
        `^(${subAccountKinds.join('|')}):[^\\s,]{0,200}(,(${subAccountKinds.join('|')}):[^\\s,]{0,200}){0,9}$`,
      ),
      `kind:external_id (up to 10, comma-separated), kind one of ${subAccountKinds.join(', ')}`,
    )
    .optional()
    .openapi({
      description:
        'Only entries with a line on one of these sub-accounts, as `kind:external_id`, comma-separated (e.g. `program:<program uuid>`); an external id ending in `*` matches by prefix (`acceptor:<program uuid>/*`: the program’s acceptors). A program owner names only their own sub-accounts (and prefixes under one of them): another’s is 404',
      example: 'program:0193a7c2-5b1e-7c3a-9f1e-2a4b6c8d0e1f',
    }),
})

const summary = z
  .object({
    ...entryFields,
    reversed_by: z.uuid().nullable().openapi({ description: 'The entry that reverses this one, if any' }),
    totals: z
      .array(z.object({ currency: z.string(), amount: z.number().int() }))
      .openapi({ description: 'Per currency, the entry’s debits (equal to its credits), minor units' }),
  })
  .openapi('LedgerJournalEntry')

export const getJournalEntries = createRoute({
  method: 'get',
  path: '/payment/journals',
  tags: ['payment'],
  summary: 'Journal entries (admin; a program owner: those touching their own sub-accounts)',
  description:
    'The entries of a journal (all journals without `journal`), newest booking date first, with their total per currency; filters: booking date range `from`–`to` (inclusive), `search` in description, source or number, and `sub_account` (`kind:external_id`) for the entries of one sub-account. The lines of one entry: `GET payment/journals/{uuid}`.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: { query },
  responses: {
    200: { description: 'One page', content: { 'application/json': { schema: pageSchema(summary) } } },
    ...errorResponses(400, 401, 403, 404),
  },
})

/** `program:<uuid>,acceptor:<uuid>/*` → their keys; the kinds were checked by the query schema. */
function subAccountKeysOf(text: string): SubAccountKey[] {
  return text.split(',').map((one) => {
    const at = one.indexOf(':')
    return { kind: one.slice(0, at) as SubAccountKey['kind'], external_id: one.slice(at + 1) }
  })
}

export function registerGetJournalEntries(app: ApiApp) {
  app.openapi(getJournalEntries, async (c) => {
    const scope = await ledgerScopeOf(c)
    const q = c.req.valid('query')
    const subAccount = q.sub_account ? subAccountKeysOf(q.sub_account) : undefined
    if (subAccount) assertSubAccountsInScope(scope, subAccount)
    const { count, results } = await journalEntries(
      c.get('services').db,
      {
        journal: q.journal,
        from: q.from,
        to: q.to,
        search: q.search,
        scope,
        subAccount,
      },
      { limit: q.size, offset: pageOffset(q) },
    )
    return c.json(
      toPage(
        c.req.url,
        q,
        count,
        results.map((e) => ({
          uuid: e.id,
          journal: e.journal as (typeof journals)[number],
          number: num(e.number),
          date: e.date,
          ...descriptionFields(e),
          source: e.source,
          reversal_of: e.reversal_of,
          reversed_by: e.reversed_by,
          created: e.created_at.toISOString(),
          totals: e.totals.map((t) => ({ currency: t.currency, amount: num(t.amount) })),
        })),
      ),
      200,
    )
  })
}
