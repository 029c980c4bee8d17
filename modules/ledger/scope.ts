import type { Context } from 'hono'
import { sql } from 'kysely'
import { requireUser } from '../identity/index.ts'
import { isAdmin } from '../platform/access.ts'
import type { AppEnv } from '../platform/module.ts'
import { ownerLedgerScope, type SubAccountKey } from './ports.ts'

export type { SubAccountKey }

/**
 * What part of the ledger a caller may read. Admins (finance staff) read all of it. A program
 * owner reads the entries that touch their own sub-accounts: their `owner` sub-account (payments
 * taken outside any program) and those other modules name for them (their programs' sub-accounts:
 * the programs module provides the `ledger.owner-scope` hook, ports.ts). Other callers read nothing.
 */
export type LedgerScope = { all: true } | { all: false; subAccounts: SubAccountKey[] }

export async function ledgerScopeOf(c: Context<AppEnv>): Promise<LedgerScope> {
  const user = requireUser(c, 'owner', 'admin')
  if (isAdmin(user)) return { all: true }
  const db = c.get('services').db
  const extra = await Promise.all(ownerLedgerScope.all().map((p) => p(db, user.user_id)))
  return { all: false, subAccounts: [{ kind: 'owner', external_id: user.user_id }, ...extra.flat()] }
}

/**
 * A condition on a sub-account alias (`s`) or a line's sub-account id: true when it is in scope.
 * Built as `(kind, external_id) in (values …)`; an empty scope matches nothing.
 */
export function inScope(scope: LedgerScope, subAccountIdColumn: string) {
  if (scope.all) return sql<boolean>`true`
  if (scope.subAccounts.length === 0) return sql<boolean>`false`
  const pairs = sql.join(scope.subAccounts.map((k) => sql`(${k.kind}, ${k.external_id})`))
  return sql<boolean>`${sql.ref(subAccountIdColumn)} in (select id from ledger_sub_accounts where (kind, external_id) in (${pairs}))`
}
