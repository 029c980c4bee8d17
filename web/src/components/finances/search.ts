import { dateSearch, integer, oneOf, orElse, searchParams, text } from '~/lib/search-params.ts'
import { journals } from '../../../../modules/ledger/shared.ts'

/**
 * The journal list's filters. They live in the URL, so a filtered list can be reloaded, shared
 * and gone back to.
 */
export const journalSearchDefaults = { journal: 'sales', page: 1 } as const

export const journalSearchSchema = searchParams({
  journal: orElse(oneOf(journals), journalSearchDefaults.journal),
  from: dateSearch,
  to: dateSearch,
  q: text({ max: 100, trim: true }),
  page: orElse(integer({ min: 1 }), journalSearchDefaults.page),
})

/** Balances and trial balance: the date they are taken at; today when absent. */
export const atSearchSchema = searchParams({ at: dateSearch })
