import type { Context } from 'hono'
import { sql } from 'kysely'
import { requireUser } from '../identity/index.ts'
import { isAdmin } from '../platform/access.ts'
import type { DbOrTrx } from '../platform/db.ts'
import type { AppEnv } from '../platform/module.ts'
import type { SubAccountKind } from './chart.ts'

/**
 * What part of the ledger a caller may read. Admins (finance staff) read all of it. A program
 * owner reads the entries that touch their own sub-accounts: their `owner` sub-account (payments
 * taken outside any program) and those other modules name for them (their programs' sub-accounts:
 * the programs module registers a provider). Other callers read nothing.
 */
export interface SubAccountKey {
  kind: SubAccountKind
  external_id: string
}
export type LedgerScope = { all: true } | { all: false; subAccounts: SubAccountKey[] }

type ScopeProvider = (db: DbOrTrx, ownerUserId: string) => Promise<SubAccountKey[]>
const providers: ScopeProvider[] = []

/** Lets a module add sub-accounts a program owner may read (e.g. their programs'). */
export function registerOwnerLedgerScope(provider: ScopeProvider): void {
  providers.push(provider)
}

export async function ledgerScopeOf(c: Context<AppEnv>): Promise<LedgerScope> {
  const user = requireUser(c, 'owner', 'admin')
  if (isAdmin(user)) return { all: true }
  const db = c.get('services').db
  const extra = await Promise.all(providers.map((p) => p(db, user.user_id)))
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
