import type { Context } from 'hono'
import { sql } from 'kysely'
import { requireUser } from '../identity/index.ts'
import { isAdmin, notYours } from '../platform/access.ts'
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

/**
 * The sub-accounts a list is filtered by (`sub_account=`) must be within the caller's scope: for a
 * program owner, each named one is one of theirs, and a prefix (`acceptor:<program>/*`) names
 * those under one of theirs (its text before `*`, without a trailing `/`, is the external id of
 * a sub-account in their scope: the acceptors of their program). Anything else is another
 * tenant's: 404 `sub-account`, never an empty page (the access kernel's rule for filters). Admins
 * read every sub-account; one that has no entries yet simply lists none (sub-accounts come into
 * being with their first line).
 */
export function assertSubAccountsInScope(scope: LedgerScope, keys: readonly SubAccountKey[]): void {
  if (scope.all) return
  const theirs = new Set(scope.subAccounts.map((k) => `${k.kind}:${k.external_id}`))
  const ids = new Set(scope.subAccounts.map((k) => k.external_id))
  for (const key of keys) {
    const inScope = key.external_id.endsWith('*')
      ? ids.has(key.external_id.slice(0, -1).replace(/\/$/, ''))
      : theirs.has(`${key.kind}:${key.external_id}`)
    if (!inScope) throw notYours('sub-account')
  }
}
