import { sql } from 'kysely'
import type { DbOrTrx, Trx } from '../../platform/db.ts'
import { newId } from '../../platform/ids.ts'
import type { Journal, SubAccountKind } from '../chart.ts'
import { type NormalLine, type PostingSource, subAccountId } from '../rules.ts'

/** An entry's header as the ledger answers it. */
export interface EntryHeader {
  id: string
  journal: string
  number: bigint
  date: string
  description: string
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
  const rows = await db
    .selectFrom('ledger_lines as l')
    .innerJoin('ledger_sub_accounts as s', 's.id', 'l.sub_account_id')
    .select([
      'l.line_no',
      'l.account',
      's.id',
      's.kind',
      's.external_id',
      'l.currency',
      'l.debit',
      'l.credit',
    ])
    .where('l.entry_id', '=', entryId)
    .orderBy('l.line_no')
    .execute()
  return rows.map((r) => ({
    line_no: r.line_no,
    account: r.account,
    sub_account: { id: r.id, kind: r.kind, external_id: r.external_id },
    currency: r.currency,
    debit: r.debit,
    credit: r.credit,
  }))
}

/**
 * Inserts an entry and its lines. Answers undefined when an entry of the same source (or a
 * reversal of the same entry) exists already, including one committed meanwhile by a concurrent
 * transaction: the unique constraints decide, not a prior read.
 */
export async function insertEntry(
  trx: Trx,
  header: {
    journal: Journal
    date: string
    description: string
    source: PostingSource
    reversal_of?: string
  },
  lines: readonly NormalLine[],
): Promise<EntryHeader | undefined> {
  const row = await trx
    .insertInto('ledger_entries')
    .values({
      id: newId(),
      journal: header.journal,
      number: sql<bigint>`nextval(${`ledger_entry_number_${header.journal}`}::regclass)`,
      date: sql<Date>`${header.date}::date`,
      description: header.description,
      source_kind: header.source.kind,
      source_id: header.source.id,
      reversal_of: header.reversal_of ?? null,
    })
    .onConflict((oc) => oc.doNothing())
    .returning([
      'id',
      'journal',
      'number',
      'description',
      'source_kind',
      'source_id',
      'reversal_of',
      'created_at',
    ])
    .executeTakeFirst()
  if (!row) return undefined
  // Sub-accounts are created on first use, in the same statement as the lines (their ids derive
  // from their keys, so no lookup is needed; a data-modifying CTE is visible to the foreign key).
  const subAccounts = new Map<
    string,
    { id: string; account: number; kind: SubAccountKind; external_id: string }
  >()
  const ids = lines.map((l) => {
    const id = subAccountId(l.account, l.kind, l.external_id)
    subAccounts.set(id, { id, account: l.account, kind: l.kind, external_id: l.external_id })
    return id
  })
  await trx
    .with('new_sub_accounts', (db) =>
      db
        .insertInto('ledger_sub_accounts')
        .values([...subAccounts.values()])
        .onConflict((oc) => oc.doNothing()),
    )
    .insertInto('ledger_lines')
    .values(
      lines.map((l, i) => ({
        entry_id: row.id,
        line_no: i + 1,
        account: l.account,
        sub_account_id: ids[i]!,
        currency: l.currency,
        debit: l.debit,
        credit: l.credit,
      })),
    )
    .execute()
  return toHeader({ ...row, date: header.date })
}
