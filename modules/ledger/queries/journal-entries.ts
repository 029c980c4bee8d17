import { sql } from 'kysely'
import type { DbOrTrx } from '../../platform/db.ts'
import { invalidField } from '../../platform/errors.ts'
import type { Journal } from '../chart.ts'
import {
  type Entry,
  type EntryHeader,
  entryHeaders,
  findEntry,
  findReversalOf,
  linesWithSubAccounts,
  toHeader,
  toLine,
} from '../db/entries.ts'
import { isValidDate } from '../rules.ts'
import { inScope, type LedgerScope, type SubAccountKey } from '../scope.ts'

export interface JournalEntryFilter {
  journal?: Journal | undefined
  /** Booking dates from and to (`YYYY-MM-DD`, both inclusive). */
  from?: string | undefined
  to?: string | undefined
  /**
   * Part of the description or of the source's kind or id (case-insensitive), or the entry's
   * number. A scan of the entries left by the other filters: cheap for a journal and a date range,
   * which is how finance staff read; a trigram index would be the next step for a very large ledger.
   */
  search?: string | undefined
  /** Only entries touching a sub-account the caller may read (a program owner's). */
  scope?: LedgerScope | undefined
  /**
   * Only entries with a line on this sub-account (under any account), e.g. one program's: how an
   * owner reads a single program's money. Combined with the scope, never widening it.
   */
  subAccount?: SubAccountKey | readonly SubAccountKey[] | undefined
}

/** An entry as a journal lists it: its header, what reverses it, and its total per currency. */
export interface JournalEntrySummary extends EntryHeader {
  /** The entry that reverses this one, if any (at most one). */
  reversed_by: string | null
  /** Per currency, the sum of the debits (equal to the sum of the credits: entries balance). */
  totals: { currency: string; amount: bigint }[]
}

/** `%`, `_` and `\` match themselves in the search, not as LIKE wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * A journal's entries, newest booking date first (then newest posted), one page of them and the
 * number of all that match.
 */
export async function journalEntries(
  db: DbOrTrx,
  filter: JournalEntryFilter,
  page: { limit: number; offset: number },
): Promise<{ count: number; results: JournalEntrySummary[] }> {
  let base = inJournalAndDates(entryHeaders(db), filter)
  const scope = filter.scope
  if (scope && !scope.all) {
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('ledger_lines as sl')
          .select(sql`1`.as('one'))
          .whereRef('sl.entry_id', '=', 'e.id')
          .where(inScope(scope, 'sl.sub_account_id')),
      ),
    )
  }
  // Several sub-accounts match any of them; an external id ending in `*` matches by prefix (all of
  // a program's acceptors: `acceptor:<program>/*`).
  const subs = filter.subAccount === undefined ? [] : ([] as SubAccountKey[]).concat(filter.subAccount)
  if (subs.length) {
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('ledger_lines as fl')
          .innerJoin('ledger_sub_accounts as fs', 'fs.id', 'fl.sub_account_id')
          .select(sql`1`.as('one'))
          .whereRef('fl.entry_id', '=', 'e.id')
          .where((w) =>
            w.or(
              subs.map((sub) =>
                w.and([
                  w('fs.kind', '=', sub.kind),
                  sub.external_id.endsWith('*')
                    ? w(
                        'fs.external_id',
                        'like',
                        `${sub.external_id.slice(0, -1).replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`,
                      )
                    : w('fs.external_id', '=', sub.external_id),
                ]),
              ),
            ),
          ),
      ),
    )
  }
  const search = filter.search?.trim()
  if (search) {
    const pattern = likePattern(search)
    base = base.where((eb) =>
      eb.or([
        eb('e.description', 'ilike', pattern),
        eb('e.source_kind', 'ilike', pattern),
        eb('e.source_id', 'ilike', pattern),
        ...(/^\d{1,18}$/.test(search) ? [eb('e.number', '=', BigInt(search))] : []),
      ]),
    )
  }
  const { rows, count } = await newestFirst(base, page)
  const ids = rows.map((r) => r.id)
  const totals = ids.length
    ? await db
        .selectFrom('ledger_lines')
        .select(['entry_id', 'currency', sql<bigint>`sum(debit)::bigint`.as('amount')])
        .where('entry_id', 'in', ids)
        .groupBy(['entry_id', 'currency'])
        .orderBy('currency')
        .execute()
    : []
  return {
    count,
    results: rows.map((r) => ({
      ...toHeader(r),
      reversed_by: r.reversed_by,
      totals: totals
        .filter((t) => t.entry_id === r.id)
        .map((t) => ({ currency: t.currency, amount: t.amount })),
    })),
  }
}

type Headers = ReturnType<typeof entryHeaders>

/** Entries of one journal (any without `journal`) booked from `from` to `to`, both inclusive. */
function inJournalAndDates(
  base: Headers,
  filter: Pick<JournalEntryFilter, 'journal' | 'from' | 'to'>,
): Headers {
  for (const key of ['from', 'to'] as const) {
    const date = filter[key]
    if (date !== undefined && !isValidDate(date))
      throw invalidField(key, 'invalid_date', 'must be a date as YYYY-MM-DD')
  }
  let q = base
  if (filter.journal) q = q.where('e.journal', '=', filter.journal)
  if (filter.from) q = q.where('e.date', '>=', sql<Date>`${filter.from}::date`)
  if (filter.to) q = q.where('e.date', '<=', sql<Date>`${filter.to}::date`)
  return q
}

/**
 * One page of entries, newest booking date first (then newest posted), each with the entry that
 * reverses it, and the number of all of them.
 */
async function newestFirst(base: Headers, page: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    base
      .leftJoin('ledger_entries as r', 'r.reversal_of', 'e.id')
      .select('r.id as reversed_by')
      .orderBy('e.date', 'desc')
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows, count: Number(total.n) }
}

/**
 * The entries with a line on one ledger account (110–610) within the reader's scope, newest
 * booking date first (then newest posted), one page of them with their lines on that account in
 * scope, and the number of all that match.
 */
export async function accountEntries(
  db: DbOrTrx,
  account: number,
  filter: Pick<JournalEntryFilter, 'journal' | 'from' | 'to'> & { scope: LedgerScope },
  page: { limit: number; offset: number },
): Promise<{ count: number; results: Entry[] }> {
  const onAccount = entryHeaders(db).where((eb) =>
    eb.exists(
      eb
        .selectFrom('ledger_lines as l')
        .select(sql`1`.as('one'))
        .whereRef('l.entry_id', '=', 'e.id')
        .where('l.account', '=', account)
        .where(inScope(filter.scope, 'l.sub_account_id')),
    ),
  )
  const { rows, count } = await newestFirst(inJournalAndDates(onAccount, filter), page)
  const ids = rows.map((r) => r.id)
  const lines = ids.length
    ? await linesWithSubAccounts(db)
        .where('l.entry_id', 'in', ids)
        .where('l.account', '=', account)
        .where(inScope(filter.scope, 'l.sub_account_id'))
        .orderBy('l.line_no')
        .execute()
    : []
  return {
    count,
    results: rows.map((r) => ({
      ...toHeader(r),
      lines: lines.filter((l) => l.entry_id === r.id).map(toLine),
    })),
  }
}

/**
 * One entry with all its lines and the entry that reverses it, if any; undefined when there is no
 * such entry or the reader may not see it: a program owner reads an entry only when it touches one
 * of their sub-accounts.
 */
export async function journalEntry(
  db: DbOrTrx,
  id: string,
  scope: LedgerScope,
): Promise<(Entry & { reversed_by: string | null }) | undefined> {
  const entry = await findEntry(db, id)
  if (!entry) return undefined
  if (!scope.all) {
    const mine = await db
      .selectFrom('ledger_lines as l')
      .select('l.id')
      .where('l.entry_id', '=', entry.id)
      .where(inScope(scope, 'l.sub_account_id'))
      .executeTakeFirst()
    if (!mine) return undefined
  }
  const reversal = await findReversalOf(db, entry.id)
  return { ...entry, reversed_by: reversal?.id ?? null }
}
