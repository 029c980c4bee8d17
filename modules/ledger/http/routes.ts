import { bearerSecurity, requireUser } from '../../identity/index.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { notFound } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { pageOffset, pageSchema, paginationQuery, toPage } from '../../platform/pagination.ts'
import { type AccountNumber, accountNumbers, journals } from '../chart.ts'
import type { Entry, EntryLine } from '../db/entries.ts'
import { type SubAccountKey, subAccountTitles } from '../ports.ts'
import { type Amounts, accountBalances, trialBalance } from '../queries/balances.ts'
import { accountEntries, journalEntry } from '../queries/journal-entries.ts'
import { ledgerScopeOf } from '../scope.ts'
import {
  dateParam,
  descriptionFields,
  entryFields,
  num,
  signedIn,
  subAccountSchema as subAccount,
  today,
} from './common.ts'
import { registerGetJournalEntries } from './get-journal-entries.ts'

const ledgerParam = z.object({
  ledger: z.coerce
    .number({ message: 'must be an account number' })
    .int('must be an account number')
    .refine((n) => accountNumbers.includes(n as AccountNumber), 'no such ledger account')
    .openapi({ description: 'Account number (110–610)', example: 120 }),
})

const amounts = z.object({
  currency: z.string(),
  debit: z.number().int(),
  credit: z.number().int(),
  balance: z.number().int().openapi({ description: 'debit − credit, minor units' }),
})
/** What a sub-account is called: journal lines and account balances name it alike. */
const subAccountTitle = z.string().nullable().openapi({
  description:
    'What it is called (a program’s title; an acceptor’s name and the program’s title for an acceptor’s sub-account in a program); null: show its id',
})
const line = z
  .object({
    line_no: z.number().int(),
    account: z.number().int(),
    sub_account: subAccount.extend({ title: subAccountTitle }),
    currency: z.string(),
    debit: z.number().int(),
    credit: z.number().int(),
  })
  .openapi('LedgerLine')
const entrySchema = z.object({ ...entryFields, lines: z.array(line) }).openapi('LedgerEntry')
/** One entry read on its own also says which entry reverses it, so a reader can follow the correction. */
const entryDetailSchema = entrySchema
  .extend({
    reversed_by: z.uuid().nullable().openapi({ description: 'The entry that reverses this one, if any' }),
  })
  .openapi('LedgerEntryDetail')

/** `kind:external_id`: how the sub-account titles are keyed. */
const titleKey = (s: { kind: string; external_id: string }) => `${s.kind}:${s.external_id}`

/** The titles of these sub-accounts (a program's, an acceptor's in a program), from the modules that name them. */
async function titlesOf(db: DbOrTrx, subAccounts: Iterable<SubAccountKey>): Promise<Map<string, string>> {
  const keys = new Map<string, SubAccountKey>()
  for (const s of subAccounts) keys.set(titleKey(s), s)
  const titles = new Map<string, string>()
  if (keys.size === 0) return titles
  for (const named of await Promise.all(subAccountTitles.all().map((p) => p(db, [...keys.values()]))))
    for (const [key, title] of named) titles.set(key, title)
  return titles
}

const toLine = (titles: Map<string, string>) => (l: EntryLine) => ({
  line_no: l.line_no,
  account: l.account,
  sub_account: {
    uuid: l.sub_account.id,
    kind: l.sub_account.kind,
    external_id: l.sub_account.external_id,
    title: titles.get(titleKey(l.sub_account)) ?? null,
  },
  currency: l.currency,
  debit: num(l.debit),
  credit: num(l.credit),
})
/** The sub-accounts of these entries' lines. */
const linesOf = (entries: readonly Entry[]) =>
  entries.flatMap((e) => e.lines.map((l) => l.sub_account as SubAccountKey))

const toEntry = (titles: Map<string, string>) => (e: Entry) => ({
  uuid: e.id,
  journal: e.journal as (typeof journals)[number],
  number: num(e.number),
  date: e.date,
  ...descriptionFields(e),
  source: e.source,
  reversal_of: e.reversal_of,
  created: e.created_at.toISOString(),
  lines: e.lines.map(toLine(titles)),
})
const toAmounts = (t: Amounts) => ({
  currency: t.currency,
  debit: num(t.debit),
  credit: num(t.credit),
  balance: num(t.debit - t.credit),
})

export const getLedgers = createRoute({
  method: 'get',
  path: '/payment/ledgers',
  tags: ['payment'],
  summary: 'Ledger accounts with their balances (admin; a program owner: their own sub-accounts)',
  description:
    'The chart of accounts (110–610) with debit, credit and balance per currency of entries booked on or before `at` (default today).',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: {
    query: z.object({
      at: dateParam.optional(),
      sub_accounts: z
        .enum(['true', 'false'], { message: 'true or false' })
        .default('false')
        .openapi({ description: 'Also list each sub-account’s balances' }),
    }),
  },
  responses: {
    200: {
      description: 'Accounts',
      content: {
        'application/json': {
          schema: z.object({
            at: z.string(),
            results: z.array(
              z.object({
                number: z.number().int(),
                code: z.string(),
                name: z.string(),
                normal_side: z.string(),
                description: z.string(),
                balances: z.array(amounts),
                sub_accounts: z
                  .array(subAccount.extend({ title: subAccountTitle, balances: z.array(amounts) }))
                  .optional(),
              }),
            ),
          }),
        },
      },
    },
    ...errorResponses(400, 401, 403),
  },
})

export const getTrialBalance = createRoute({
  method: 'get',
  path: '/payment/ledgers/trial-balance',
  tags: ['payment'],
  summary: 'Trial balance (admin)',
  description:
    'Debit and credit totals per account and currency at a date, and the totals per currency (equal when the ledger balances).',
  security: bearerSecurity,
  middleware: [signedIn('admin')] as const,
  request: { query: z.object({ at: dateParam.optional() }) },
  responses: {
    200: {
      description: 'Trial balance',
      content: {
        'application/json': {
          schema: z.object({
            at: z.string(),
            rows: z.array(amounts.extend({ account: z.number().int(), code: z.string(), name: z.string() })),
            totals: z.array(
              z.object({
                currency: z.string(),
                debit: z.number().int(),
                credit: z.number().int(),
                balanced: z.boolean(),
              }),
            ),
          }),
        },
      },
    },
    ...errorResponses(400, 401, 403),
  },
})

const journalQuery = paginationQuery({ defaultSize: 25, maxSize: 200 }).extend({
  journal: z.enum(journals, { message: `one of ${journals.join(', ')}` }).optional(),
  from: dateParam.optional(),
  to: dateParam.optional(),
})

export const getLedgerJournals = createRoute({
  method: 'get',
  path: '/payment/ledgers/{ledger}/journals',
  tags: ['payment'],
  summary: 'Journal entries touching a ledger account (admin; a program owner: their own sub-accounts)',
  description:
    'Newest first; filters: journal, booking date range `from`–`to` (inclusive). Each entry carries its lines on this account.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: { params: ledgerParam, query: journalQuery },
  responses: {
    200: { description: 'One page', content: { 'application/json': { schema: pageSchema(entrySchema) } } },
    ...errorResponses(400, 401, 403),
  },
})

export const getJournalEntry = createRoute({
  method: 'get',
  path: '/payment/journals/{uuid}',
  tags: ['payment'],
  summary: 'A journal entry with its lines (admin; a program owner: one touching their sub-accounts)',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: { params: z.object({ uuid: z.uuid('not an entry id') }) },
  responses: {
    200: { description: 'The entry', content: { 'application/json': { schema: entryDetailSchema } } },
    ...errorResponses(400, 401, 403, 404),
  },
})

export function registerLedgerRoutes(app: ApiApp) {
  registerGetJournalEntries(app)

  app.openapi(getLedgers, async (c) => {
    const scope = await ledgerScopeOf(c)
    const query = c.req.valid('query')
    const at = query.at ?? today()
    const accounts = await accountBalances(c.get('services').db, { at, scope })
    // Named as the journal lines name them (a program's title), so the balances read the same.
    const titles =
      query.sub_accounts === 'true'
        ? await titlesOf(
            c.get('services').db,
            accounts.flatMap((a) => a.sub_accounts.map((s) => s.sub_account as SubAccountKey)),
          )
        : new Map<string, string>()
    const results = accounts.map(({ balances, sub_accounts, ...account }) => ({
      ...account,
      balances: balances.map(toAmounts),
      ...(query.sub_accounts === 'true'
        ? {
            sub_accounts: sub_accounts.map((s) => ({
              uuid: s.sub_account.id,
              kind: s.sub_account.kind,
              external_id: s.sub_account.external_id,
              title: titles.get(titleKey(s.sub_account)) ?? null,
              balances: s.balances.map(toAmounts),
            })),
          }
        : {}),
    }))
    return c.json({ at, results }, 200)
  })

  app.openapi(getTrialBalance, async (c) => {
    requireUser(c, 'admin')
    const tb = await trialBalance(c.get('services').db, c.req.valid('query').at ?? today())
    return c.json(
      {
        at: tb.at,
        rows: tb.rows.map((r) => ({ account: r.account, code: r.code, name: r.name, ...toAmounts(r) })),
        totals: tb.totals.map((t) => ({ ...t, debit: num(t.debit), credit: num(t.credit) })),
      },
      200,
    )
  })

  app.openapi(getLedgerJournals, async (c) => {
    const scope = await ledgerScopeOf(c)
    const { ledger } = c.req.valid('param')
    const q = c.req.valid('query')
    const { count, results } = await accountEntries(
      c.get('services').db,
      ledger,
      { journal: q.journal, from: q.from, to: q.to, scope },
      { limit: q.size, offset: pageOffset(q) },
    )
    const titles = await titlesOf(c.get('services').db, linesOf(results))
    return c.json(toPage(c.req.url, q, count, results.map(toEntry(titles))), 200)
  })

  app.openapi(getJournalEntry, async (c) => {
    const scope = await ledgerScopeOf(c)
    const entry = await journalEntry(c.get('services').db, c.req.valid('param').uuid, scope)
    if (!entry) throw notFound('journal entry')
    const titles = await titlesOf(c.get('services').db, linesOf([entry]))
    return c.json({ ...toEntry(titles)(entry), reversed_by: entry.reversed_by }, 200)
  })
}
