import { dateSearch, integer, oneOf, orElse, searchParams, text } from '~/lib/search-params.ts'
import { transactionKinds, transactionStatuses } from './queries.ts'

/**
 * The transactions list's filters and page. They live in the URL, so a filtered list can be
 * reloaded, shared and gone back to; the first page stays out of it.
 */
export const transactionSearchDefaults = { page: 1 } as const

export const transactionSearchSchema = searchParams({
  status: oneOf(transactionStatuses),
  kind: oneOf(transactionKinds),
  from: dateSearch,
  to: dateSearch,
  q: text({ max: 100, trim: true }),
  page: orElse(integer({ min: 1 }), transactionSearchDefaults.page),
})
