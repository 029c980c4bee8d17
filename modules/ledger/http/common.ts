import { signedIn } from '../../identity/index.ts'
import { businessDay } from '../../platform/dates.ts'
import { z } from '../../platform/http.ts'
import { journals } from '../chart.ts'
import { isValidDate } from '../rules.ts'

/** What the ledger's endpoints share: who may call them and the shapes of dates and entries. */

/** Refuses other callers (401/403) before the input is validated. */
export { signedIn }

/** Today in the business time zone (Amsterdam by default), not the UTC day. */
export const today = () => businessDay()

export const dateParam = z
  .string()
  .refine(isValidDate, 'must be a date as YYYY-MM-DD')
  .openapi({ example: '2026-11-22' })

/** Minor units as a JSON number (exact up to 2^53, far beyond any ledger total). */
export const num = (n: bigint) => Number(n)

export const subAccountSchema = z.object({ uuid: z.uuid(), kind: z.string(), external_id: z.string() })

/** An entry's header fields as every ledger endpoint answers them. */
export const entryFields = {
  uuid: z.uuid(),
  journal: z.enum(journals),
  number: z.number().int(),
  date: z.string(),
  description: z.string(),
  source: z.object({ kind: z.string(), id: z.string() }),
  reversal_of: z.uuid().nullable(),
  created: z.iso.datetime(),
}
