/**
 * What the web app may import from the ledger: the chart of accounts, the journals and the
 * sub-account kinds (chart.ts), so its screens name them without a request. Pure values only: no
 * database, no Node built-ins (checked by .dependency-cruiser.mjs).
 */
export {
  type AccountCode,
  type AccountNumber,
  accountNumbers,
  accounts,
  type Journal,
  journals,
  type SubAccountKind,
  subAccountKinds,
} from './chart.ts'
