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
 * The extension point: the programs module provides its owners' program and acceptor
 * sub-accounts. Without contributions an owner reads only their own sub-account.
 */
export const ownerLedgerScope = defineHook<OwnerLedgerScope>({
  id: 'ledger.owner-scope',
  description: 'the sub-accounts a program owner may read',
})
