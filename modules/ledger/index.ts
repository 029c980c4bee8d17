/**
 * Ledger: the platform's double-entry bookkeeping. A chart of accounts numbered 110–610 with
 * sub-accounts per program, acceptor, card or customer; journals sales, purchase, bank,
 * miscellaneous and cards; immutable journal entries, balanced per currency, posted at most once
 * per source event and corrected only by reversal. Other modules post in their own transaction
 * with `postEntry(trx, ...)` or through the outbox with the `ledger.entry.requested` event
 * (`ledger.reversal.requested` for a correction).
 */
import { defineModule } from '../platform/module.ts'
import { ledgerErrors } from './errors.ts'
import { registerLedgerRoutes } from './http/routes.ts'
import { postRequestedEntry, reverseRequestedEntry } from './jobs/post-requested-entry.ts'
import { ownerLedgerScope, subAccountTitles } from './ports.ts'

export {
  type AccountCode,
  type AccountNumber,
  accounts,
  type Journal,
  journals,
  type SubAccountKind,
  subAccountKinds,
} from './chart.ts'
export {
  type Posted,
  postEntries,
  postEntry,
  type ReverseInput,
  reverseEntry,
} from './commands/post-entry.ts'
export { type Entry, type EntryHeader, type EntryLine, findEntry, findEntryBySource } from './db/entries.ts'
export {
  type CodedText,
  type DescriptionParam,
  type DescriptionParams,
  type EntryDescriptionCode,
  entryDescriptionCodes,
} from './descriptions.ts'
export { type LedgerEntryRequest, ledgerEntryRequested, ledgerReversalRequested } from './events.ts'
export {
  type OwnerLedgerScope,
  ownerLedgerScope,
  type SubAccountKey,
  type SubAccountTitles,
  subAccountTitles,
} from './ports.ts'
export {
  type Balance,
  type BalanceFilter,
  balances,
  type TrialBalance,
  trialBalance,
} from './queries/balances.ts'
export {
  isBalanced,
  type PostingInput,
  type PostingLine,
  type PostingSource,
  subAccountId,
  validatePosting,
} from './rules.ts'
export type { LedgerScope } from './scope.ts'

export const ledgerModule = defineModule({
  name: 'ledger',
  errors: ledgerErrors,
  offers: [ownerLedgerScope, subAccountTitles],
  routes: (app) => registerLedgerRoutes(app),
  handlers: [postRequestedEntry, reverseRequestedEntry],
})
