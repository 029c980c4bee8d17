import { integer, oneOf, orElse, searchParams, text, where } from '~/lib/search-params.ts'
import { journals } from '../../../../modules/ledger/shared.ts'

/** A real calendar date as `YYYY-MM-DD` (what the ledger API takes). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** A date in the URL; anything else is dropped rather than sent to the API. */
export const dateSearch = where(text({ max: 10 }), isIsoDate)

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
