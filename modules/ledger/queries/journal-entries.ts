import { sql } from 'kysely'
import type { DbOrTrx } from '../../platform/db.ts'
import { invalidField } from '../../platform/errors.ts'
import type { Journal } from '../chart.ts'
import { type EntryHeader, entryHeaders, toHeader } from '../db/entries.ts'
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
  for (const key of ['from', 'to'] as const) {
    const date = filter[key]
    if (date !== undefined && !isValidDate(date)) throw invalidField(key, 'must be a date as YYYY-MM-DD')
  }
  let base = entryHeaders(db)
  if (filter.journal) base = base.where('e.journal', '=', filter.journal)
  if (filter.from) base = base.where('e.date', '>=', sql<Date>`${filter.from}::date`)
  if (filter.to) base = base.where('e.date', '<=', sql<Date>`${filter.to}::date`)
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
    count: Number(total.n),
    results: rows.map((r) => ({
      ...toHeader(r),
      reversed_by: r.reversed_by,
      totals: totals
        .filter((t) => t.entry_id === r.id)
        .map((t) => ({ currency: t.currency, amount: t.amount })),
    })),
  }
}
