import { sql } from 'kysely'
import type { DbOrTrx, Trx } from '../../platform/db.ts'
import { newId } from '../../platform/ids.ts'
import type { Journal, SubAccountKind } from '../chart.ts'
import type { DescriptionParams, EntryDescriptionCode } from '../descriptions.ts'
import { type NormalLine, type PostingSource, subAccountId } from '../rules.ts'

/** An entry's header as the ledger answers it. */
export interface EntryHeader {
  id: string
  journal: string
  number: bigint
  date: string
  description: string
  /** The description as a code and its parameters (null: an entry posted before codes, or a code-less one). */
  description_code: string | null
  description_params: DescriptionParams
  source: PostingSource
  reversal_of: string | null
  created_at: Date
}

export interface EntryLine {
  line_no: number
  account: number
  sub_account: { id: string; kind: string; external_id: string }
  currency: string
  debit: bigint
  credit: bigint
}

export interface Entry extends EntryHeader {
  lines: EntryLine[]
}

// `date` columns read as text: a JS Date would shift with the process's time zone.
const headerColumns = sql<string>`to_char(e.date, 'YYYY-MM-DD')`

export function entryHeaders(db: DbOrTrx) {
  return db
    .selectFrom('ledger_entries as e')
    .select([
      'e.id',
      'e.journal',
      'e.number',
      headerColumns.as('date'),
      'e.description',
      'e.description_code',
      'e.description_params',
      'e.source_kind',
      'e.source_id',
      'e.reversal_of',
      'e.created_at',
    ])
}

type HeaderRow = Awaited<ReturnType<ReturnType<typeof entryHeaders>['executeTakeFirstOrThrow']>>

export const toHeader = (r: HeaderRow): EntryHeader => ({
  id: r.id,
  journal: r.journal,
  number: r.number,
  date: r.date,
  description: r.description,
  description_code: r.description_code,
  description_params: (r.description_params ?? {}) as DescriptionParams,
  source: { kind: r.source_kind, id: r.source_id },
  reversal_of: r.reversal_of,
  created_at: r.created_at,
})

export async function findEntryBySource(
  db: DbOrTrx,
  source: PostingSource,
): Promise<EntryHeader | undefined> {
  const row = await entryHeaders(db)
    .where('e.source_kind', '=', source.kind)
    .where('e.source_id', '=', source.id)
    .executeTakeFirst()
  return row && toHeader(row)
}

export async function findReversalOf(db: DbOrTrx, entryId: string): Promise<EntryHeader | undefined> {
  const row = await entryHeaders(db).where('e.reversal_of', '=', entryId).executeTakeFirst()
  return row && toHeader(row)
}

export async function findEntry(db: DbOrTrx, id: string): Promise<Entry | undefined> {
  const row = await entryHeaders(db).where('e.id', '=', id).executeTakeFirst()
  if (!row) return undefined
  return { ...toHeader(row), lines: await entryLines(db, id) }
}

export async function entryLines(db: DbOrTrx, entryId: string): Promise<EntryLine[]> {
  const rows = await linesWithSubAccounts(db).where('l.entry_id', '=', entryId).orderBy('l.line_no').execute()
  return rows.map(toLine)
}

/** Lines with their sub-accounts; the caller narrows them (entry, account, scope) and orders them. */
export function linesWithSubAccounts(db: DbOrTrx) {
  return db
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
}

type LineRow = Awaited<ReturnType<ReturnType<typeof linesWithSubAccounts>['executeTakeFirstOrThrow']>>

export const toLine = (r: LineRow): EntryLine => ({
  line_no: r.line_no,
  account: r.account,
  sub_account: { id: r.id, kind: r.kind, external_id: r.external_id },
  currency: r.currency,
  debit: r.debit,
  credit: r.credit,
})

export interface NewEntry {
  header: {
    journal: Journal
    date: string
    description: string
    description_code?: EntryDescriptionCode | undefined
    description_params?: DescriptionParams | undefined
    source: PostingSource
    reversal_of?: string | undefined
  }
  lines: readonly NormalLine[]
}

/**
 * Inserts entries and their lines in two statements whatever their number. Answers, per input,
 * the inserted header, or undefined when an entry of the same source (or a reversal of the same
 * entry) exists already, including one committed meanwhile by a concurrent transaction: the
 * unique constraints decide, not a prior read. Sources must be distinct within one call.
 */
export async function insertEntries(
  trx: Trx,
  entries: readonly NewEntry[],
): Promise<(EntryHeader | undefined)[]> {
  if (!entries.length) return []
  // Both statements take one array per column and unnest them, rather than a VALUES list with a
  // parameter per cell: a batch of 200 entries is then 9 and 11 parameters instead of thousands,
  // which PostgreSQL parses and plans in a fraction of the time (and Kysely builds no node tree).
  const headers = entries.map((e) => e.header)
  const { rows } = await sql<Omit<HeaderRow, 'date'>>`
    insert into ledger_entries (id, journal, number, date, description, description_code,
      description_params, source_kind, source_id, reversal_of)
    select id, journal, nextval(('ledger_entry_number_' || journal)::regclass), date, description,
      description_code, description_params, source_kind, source_id, reversal_of
    from unnest(${headers.map(() => newId())}::uuid[], ${headers.map((h) => h.journal)}::text[],
      ${headers.map((h) => h.date)}::date[], ${headers.map((h) => h.description)}::text[],
      ${headers.map((h) => h.description_code ?? null)}::text[],
      ${headers.map((h) => JSON.stringify(h.description_params ?? {}))}::jsonb[],
      ${headers.map((h) => h.source.kind)}::text[], ${headers.map((h) => h.source.id)}::text[],
      ${headers.map((h) => h.reversal_of ?? null)}::uuid[])
      with ordinality as e(id, journal, date, description, description_code, description_params,
        source_kind, source_id, reversal_of, n)
    order by n
    on conflict do nothing
    returning id, journal, number, description, description_code, description_params, source_kind,
      source_id, reversal_of, created_at`.execute(trx)
  const bySource = new Map(rows.map((r) => [`${r.source_kind}\u0000${r.source_id}`, r]))
  const inserted = entries.map(({ header }) => {
    const row = bySource.get(`${header.source.kind}\u0000${header.source.id}`)
    return row && { row, date: header.date }
  })

  // Sub-accounts are created on first use, in the same statement as the lines (their ids derive
  // from their keys, so no lookup is needed; a data-modifying CTE is visible to the foreign key).
  const subAccounts = new Map<
    string,
    { id: string; account: number; kind: SubAccountKind; external_id: string }
  >()
  const lineRows = entries.flatMap(({ lines }, e) => {
    const entry = inserted[e]
    if (!entry) return []
    return lines.map((l, i) => {
      const id = subAccountId(l.account, l.kind, l.external_id)
      subAccounts.set(id, { id, account: l.account, kind: l.kind, external_id: l.external_id })
      return { entry_id: entry.row.id, line_no: i + 1, sub_account_id: id, line: l }
    })
  })
  if (lineRows.length) {
    // In key order, so that two transactions creating the same new sub-accounts wait for each
    // other instead of deadlocking.
    const subs = [...subAccounts.values()].sort((a, b) => (a.id < b.id ? -1 : 1))
    await sql`
      with new_sub_accounts as (
        insert into ledger_sub_accounts (id, account, kind, external_id)
        select * from unnest(${subs.map((x) => x.id)}::uuid[], ${subs.map((x) => x.account)}::integer[],
          ${subs.map((x) => x.kind)}::text[], ${subs.map((x) => x.external_id)}::text[])
        on conflict do nothing
      )
      insert into ledger_lines (entry_id, line_no, account, sub_account_id, currency, debit, credit)
      select * from unnest(${lineRows.map((r) => r.entry_id)}::uuid[],
        ${lineRows.map((r) => r.line_no)}::smallint[], ${lineRows.map((r) => r.line.account)}::integer[],
        ${lineRows.map((r) => r.sub_account_id)}::uuid[], ${lineRows.map((r) => r.line.currency)}::char(3)[],
        ${lineRows.map((r) => r.line.debit)}::bigint[], ${lineRows.map((r) => r.line.credit)}::bigint[])`.execute(
      trx,
    )
  }
  return inserted.map((x) => x && toHeader({ ...x.row, date: x.date }))
}

/** One entry: see `insertEntries`. */
export async function insertEntry(
  trx: Trx,
  header: NewEntry['header'],
  lines: readonly NormalLine[],
): Promise<EntryHeader | undefined> {
  return (await insertEntries(trx, [{ header, lines }]))[0]
}

/** Entries of the given sources, keyed `kind\u0000id`. */
export async function findEntriesBySources(
  db: DbOrTrx,
  sources: readonly PostingSource[],
): Promise<Map<string, EntryHeader>> {
  if (!sources.length) return new Map()
  // Two arrays unnested, not a list of tuples: planning `(a, b) in ((..), (..), …)` grows with every
  // tuple (tens of milliseconds for a batch of 200), planning this does not.
  const rows = await entryHeaders(db)
    .where(
      sql<boolean>`(e.source_kind, e.source_id) in (select * from unnest(${sources.map((s) => s.kind)}::text[], ${sources.map((s) => s.id)}::text[]))`,
    )
    .execute()
  return new Map(rows.map((r) => [`${r.source_kind}\u0000${r.source_id}`, toHeader(r)]))
}
