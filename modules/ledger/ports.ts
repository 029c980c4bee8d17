import type { DbOrTrx } from '../platform/db.ts'
import { defineHook } from '../platform/ports.ts'
import type { SubAccountKind } from './chart.ts'

export interface SubAccountKey {
  kind: SubAccountKind
  external_id: string
}

/** Sub-accounts a program owner may read besides their own `owner` one (e.g. their programs'). */
export type OwnerLedgerScope = (db: DbOrTrx, ownerUserId: string) => Promise<SubAccountKey[]>

/**
 * What a sub-account is called for a person (a program's title for `program:<uuid>`), keyed
 * `kind:external_id`; a sub-account no contribution names is shown by its id.
 */
export type SubAccountTitles = (db: DbOrTrx, keys: readonly SubAccountKey[]) => Promise<Map<string, string>>

/** The extension point: the programs module names its programs' sub-accounts by their titles. */
export const subAccountTitles = defineHook<SubAccountTitles>({
  id: 'ledger.sub-account-titles',
  description: 'the titles of sub-accounts (a program’s) for the ledger’s screens',
})

/**
 * The extension point: the programs module provides its owners' program and acceptor
 * sub-accounts. Without contributions an owner reads only their own sub-account.
 */
export const ownerLedgerScope = defineHook<OwnerLedgerScope>({
  id: 'ledger.owner-scope',
  description: 'the sub-accounts a program owner may read',
})
