import { sql } from 'kysely'
import type { DbOrTrx } from '../../platform/db.ts'
import { invalidField } from '../../platform/errors.ts'
import { isValidDate } from '../rules.ts'
import { inScope, type LedgerScope } from '../scope.ts'

export interface BalanceFilter {
  /** Entries booked on or before this date (`YYYY-MM-DD`); all when absent. */
  at?: string | undefined
  account?: number | undefined
  /** One sub-account, by id. */
  subAccount?: string | undefined
  /** Only the sub-accounts the caller may read (a program owner's). */
  scope?: LedgerScope | undefined
}

export interface Balance {
  account: number
  sub_account: { id: string; kind: string; external_id: string }
  currency: string
  debit: bigint
  credit: bigint
  /** debit − credit */
  balance: bigint
}

/** Totals per account, sub-account and currency at a date. */
export async function balances(db: DbOrTrx, filter: BalanceFilter = {}): Promise<Balance[]> {
  let q = db
    .selectFrom('ledger_lines as l')
    .innerJoin('ledger_sub_accounts as s', 's.id', 'l.sub_account_id')
    .select([
      'l.account',
      's.id',
      's.kind',
      's.external_id',
      'l.currency',
      sql<bigint>`sum(l.debit)::bigint`.as('debit'),
      sql<bigint>`sum(l.credit)::bigint`.as('credit'),
    ])
    .groupBy(['l.account', 's.id', 's.kind', 's.external_id', 'l.currency'])
    .orderBy('l.account')
    .orderBy('s.kind')
    .orderBy('s.external_id')
    .orderBy('l.currency')
  if (filter.at !== undefined) {
    const at = filter.at
    if (!isValidDate(at)) throw invalidField('at', 'invalid_date', 'must be a date as YYYY-MM-DD')
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('ledger_entries as e')
          .select(sql`1`.as('one'))
          .whereRef('e.id', '=', 'l.entry_id')
          .where('e.date', '<=', sql<Date>`${at}::date`),
      ),
    )
  }
  if (filter.account !== undefined) q = q.where('l.account', '=', filter.account)
  if (filter.subAccount !== undefined) q = q.where('l.sub_account_id', '=', filter.subAccount)
  if (filter.scope) q = q.where(inScope(filter.scope, 'l.sub_account_id'))
  const rows = await q.execute()
  return rows.map((r) => ({
    account: r.account,
    sub_account: { id: r.id, kind: r.kind, external_id: r.external_id },
    currency: r.currency,
    debit: r.debit,
    credit: r.credit,
    balance: r.debit - r.credit,
  }))
}

export interface TrialBalanceRow {
  account: number
  code: string
  name: string
  currency: string
  debit: bigint
  credit: bigint
  balance: bigint
}

export interface TrialBalance {
  at: string
  rows: TrialBalanceRow[]
  /** Per currency: total debits and credits over all accounts, equal when the ledger balances. */
  totals: { currency: string; debit: bigint; credit: bigint; balanced: boolean }[]
}

/** Every account's debit and credit totals per currency at a date, and the grand totals. */
export async function trialBalance(db: DbOrTrx, at: string): Promise<TrialBalance> {
  if (!isValidDate(at)) throw invalidField('at', 'invalid_date', 'must be a date as YYYY-MM-DD')
  const rows = await db
    .selectFrom('ledger_lines as l')
    .innerJoin('ledger_entries as e', 'e.id', 'l.entry_id')
    .innerJoin('ledger_accounts as a', 'a.number', 'l.account')
    .select([
      'l.account',
      'a.code',
      'a.name',
      'l.currency',
      sql<bigint>`sum(l.debit)::bigint`.as('debit'),
      sql<bigint>`sum(l.credit)::bigint`.as('credit'),
    ])
    .where('e.date', '<=', sql<Date>`${at}::date`)
    .groupBy(['l.account', 'a.code', 'a.name', 'l.currency'])
    .orderBy('l.account')
    .orderBy('l.currency')
    .execute()
  return {
    at,
    rows: rows.map((r) => ({ ...r, balance: r.debit - r.credit })),
    totals: perCurrency(rows).map(({ balance, ...t }) => ({ ...t, balanced: balance === 0n })),
  }
}

/** Debit, credit and balance in one currency, minor units. */
export interface Amounts {
  currency: string
  debit: bigint
  credit: bigint
  /** debit − credit */
  balance: bigint
}

/** A ledger account of the chart with what the reader may see booked on it. */
export interface AccountBalances {
  number: number
  code: string
  name: string
  normal_side: string
  description: string
  /** Per currency, over the account's sub-accounts in the reader's scope. */
  balances: Amounts[]
  /** Each sub-account in scope with a line on the account, and its balances. */
  sub_accounts: { sub_account: Balance['sub_account']; balances: Amounts[] }[]
}

/**
 * The chart of accounts (110–610) with debit, credit and balance per currency of the entries
 * booked on or before `at`, per account and per sub-account, within the reader's scope.
 */
export async function accountBalances(
  db: DbOrTrx,
  filter: { at: string; scope: LedgerScope },
): Promise<AccountBalances[]> {
  const [chart, rows] = await Promise.all([
    db
      .selectFrom('ledger_accounts')
      .select(['number', 'code', 'name', 'normal_side', 'description'])
      .orderBy('number')
      .execute(),
    balances(db, filter),
  ])
  return chart.map((account) => {
    const booked = rows.filter((r) => r.account === account.number)
    return {
      ...account,
      balances: perCurrency(booked),
      sub_accounts: [...Map.groupBy(booked, (r) => r.sub_account.id).values()].map((group) => ({
        sub_account: group[0]!.sub_account,
        balances: group.map(({ currency, debit, credit, balance }) => ({ currency, debit, credit, balance })),
      })),
    }
  })
}

/** Debits and credits summed per currency, in the order the currencies first appear. */
function perCurrency(rows: readonly { currency: string; debit: bigint; credit: bigint }[]): Amounts[] {
  const totals = new Map<string, { debit: bigint; credit: bigint }>()
  for (const r of rows) {
    const t = totals.get(r.currency) ?? { debit: 0n, credit: 0n }
    t.debit += r.debit
    t.credit += r.credit
    totals.set(r.currency, t)
  }
  return [...totals].map(([currency, t]) => ({ currency, ...t, balance: t.debit - t.credit }))
}
