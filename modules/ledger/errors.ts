import type { Listed, ModuleErrors } from '../platform/errors.ts'

/** The ledger module's closed list of error reasons (postings, reversals). */
export const ledgerReasons = [
  'unknown_journal',
  'invalid_date',
  'missing_source',
  'missing_description',
  'too_few_lines',
  'unknown_account',
  'invalid_currency',
  'unknown_sub_account',
  'invalid_sub_account',
  'one_side_per_line',
  'unbalanced',
  'entry_conflict',
  'reversal_of_reversal',
] as const

declare module '../platform/errors.ts' {
  interface ErrorReasons extends Listed<typeof ledgerReasons> {}
}

export const ledgerErrors: ModuleErrors = { reasons: ledgerReasons }
