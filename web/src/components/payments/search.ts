import { z } from 'zod'
import { dateSearch } from '../finances/search.ts'
import { transactionKinds, transactionStatuses } from './queries.ts'

/**
 * The transactions list's filters and page. They live in the URL, so a filtered list can be
 * reloaded, shared and gone back to; the first page stays out of it.
 */
export const transactionSearchDefaults = { page: 1 } as const

export const transactionSearchSchema = z.object({
  status: z.enum(transactionStatuses).optional().catch(undefined),
  kind: z.enum(transactionKinds).optional().catch(undefined),
  from: dateSearch,
  to: dateSearch,
  q: z.string().trim().max(100).optional().catch(undefined),
  page: z.coerce
    .number()
    .int()
    .min(1)
    .catch(transactionSearchDefaults.page)
    .default(transactionSearchDefaults.page),
})
