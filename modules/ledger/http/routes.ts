import { sql } from 'kysely'
import { bearerSecurity, requireUser } from '../../identity/index.ts'
import { notFound } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { pageOffset, pageSchema, paginationQuery, toPage } from '../../platform/pagination.ts'
import { type AccountNumber, accountNumbers, journals } from '../chart.ts'
import {
  type EntryHeader,
  type EntryLine,
  entryHeaders,
  findEntry,
  findReversalOf,
  toHeader,
} from '../db/entries.ts'
import { balances, trialBalance } from '../queries/balances.ts'
import { inScope, ledgerScopeOf } from '../scope.ts'
import { dateParam, entryFields, num, signedIn, subAccountSchema as subAccount, today } from './common.ts'
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
const line = z
  .object({
    line_no: z.number().int(),
    account: z.number().int(),
    sub_account: subAccount,
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

const toLine = (l: EntryLine) => ({
  line_no: l.line_no,
  account: l.account,
  sub_account: { uuid: l.sub_account.id, kind: l.sub_account.kind, external_id: l.sub_account.external_id },
  currency: l.currency,
  debit: num(l.debit),
  credit: num(l.credit),
})
const toEntry = (e: EntryHeader, lines: EntryLine[]) => ({
  uuid: e.id,
  journal: e.journal as (typeof journals)[number],
  number: num(e.number),
  date: e.date,
  description: e.description,
  source: e.source,
  reversal_of: e.reversal_of,
  created: e.created_at.toISOString(),
  lines: lines.map(toLine),
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
                sub_accounts: z.array(subAccount.extend({ balances: z.array(amounts) })).optional(),
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
    const { db } = c.get('services')
    const [chart, rows] = await Promise.all([
      db.selectFrom('ledger_accounts').selectAll().orderBy('number').execute(),
      balances(db, { at, scope }),
    ])
    const results = chart.map((a) => {
      const perCurrency = new Map<string, { debit: bigint; credit: bigint }>()
      for (const r of rows.filter((r) => r.account === a.number)) {
        const t = perCurrency.get(r.currency) ?? { debit: 0n, credit: 0n }
        t.debit += r.debit
        t.credit += r.credit
        perCurrency.set(r.currency, t)
      }
      return {
        number: a.number,
        code: a.code,
        name: a.name,
        normal_side: a.normal_side,
        description: a.description,
        balances: [...perCurrency].map(([currency, t]) => ({
          currency,
          debit: num(t.debit),
          credit: num(t.credit),
          balance: num(t.debit - t.credit),
        })),
        ...(query.sub_accounts === 'true'
          ? {
              sub_accounts: [
                ...Map.groupBy(
                  rows.filter((r) => r.account === a.number),
                  (r) => r.sub_account.id,
                ).values(),
              ].map((group) => ({
                uuid: group[0]!.sub_account.id,
                kind: group[0]!.sub_account.kind,
                external_id: group[0]!.sub_account.external_id,
                balances: group.map((r) => ({
                  currency: r.currency,
                  debit: num(r.debit),
                  credit: num(r.credit),
                  balance: num(r.balance),
                })),
              })),
            }
          : {}),
      }
    })
    return c.json({ at, results }, 200)
  })

  app.openapi(getTrialBalance, async (c) => {
    requireUser(c, 'admin')
    const tb = await trialBalance(c.get('services').db, c.req.valid('query').at ?? today())
    return c.json(
      {
        at: tb.at,
        rows: tb.rows.map((r) => ({
          account: r.account,
          code: r.code,
          name: r.name,
          currency: r.currency,
          debit: num(r.debit),
          credit: num(r.credit),
          balance: num(r.balance),
        })),
        totals: tb.totals.map((t) => ({ ...t, debit: num(t.debit), credit: num(t.credit) })),
      },
      200,
    )
  })

  app.openapi(getLedgerJournals, async (c) => {
    const scope = await ledgerScopeOf(c)
    const { ledger } = c.req.valid('param')
    const q = c.req.valid('query')
    const { db } = c.get('services')
    let base = entryHeaders(db).where((eb) =>
      eb.exists(
        eb
          .selectFrom('ledger_lines as l')
          .select(sql`1`.as('one'))
          .whereRef('l.entry_id', '=', 'e.id')
          .where('l.account', '=', ledger)
          .where(inScope(scope, 'l.sub_account_id')),
      ),
    )
    if (q.journal) base = base.where('e.journal', '=', q.journal)
    if (q.from) base = base.where('e.date', '>=', sql<Date>`${q.from}::date`)
    if (q.to) base = base.where('e.date', '<=', sql<Date>`${q.to}::date`)
    const [rows, total] = await Promise.all([
      base
        .orderBy('e.date', 'desc')
        .orderBy('e.created_at', 'desc')
        .orderBy('e.id')
        .limit(q.size)
        .offset(pageOffset(q))
        .execute(),
      base
        .clearSelect()
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .executeTakeFirstOrThrow(),
    ])
    const ids = rows.map((r) => r.id)
    const lines = ids.length
      ? await db
          .selectFrom('ledger_lines as l')
          .innerJoin('ledger_sub_accounts as s', 's.id', 'l.sub_account_id')
          .select([
            'l.entry_id',
            'l.line_no',
            'l.account',
            's.id',
            's.kind',
            's.external_id',
            'l.currency',
            'l.debit',
            'l.credit',
          ])
          .where('l.entry_id', 'in', ids)
          .where('l.account', '=', ledger)
          .where(inScope(scope, 'l.sub_account_id'))
          .orderBy('l.line_no')
          .execute()
      : []
    const results = rows.map((r) =>
      toEntry(
        toHeader(r),
        lines
          .filter((l) => l.entry_id === r.id)
          .map((l) => ({
            line_no: l.line_no,
            account: l.account,
            sub_account: { id: l.id, kind: l.kind, external_id: l.external_id },
            currency: l.currency,
            debit: l.debit,
            credit: l.credit,
          })),
      ),
    )
    return c.json(toPage(c.req.url, q, Number(total.n), results), 200)
  })

  app.openapi(getJournalEntry, async (c) => {
    const scope = await ledgerScopeOf(c)
    const { db } = c.get('services')
    const entry = await findEntry(db, c.req.valid('param').uuid)
    if (!entry) throw notFound('journal entry')
    // A program owner reads an entry only when it touches one of their sub-accounts.
    if (!scope.all) {
      const mine = await db
        .selectFrom('ledger_lines as l')
        .select('l.id')
        .where('l.entry_id', '=', entry.id)
        .where(inScope(scope, 'l.sub_account_id'))
        .executeTakeFirst()
      if (!mine) throw notFound('journal entry')
    }
    const reversal = await findReversalOf(db, entry.id)
    return c.json({ ...toEntry(entry, entry.lines), reversed_by: reversal?.id ?? null }, 200)
  })
}
