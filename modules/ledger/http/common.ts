import { signedIn } from '../../identity/index.ts'
import { businessDay } from '../../platform/dates.ts'
import { z } from '../../platform/http.ts'
import { journals } from '../chart.ts'
import { type EntryDescriptionCode, entryDescriptionCodes } from '../descriptions.ts'
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
  description: z.string().openapi({
    description:
      'In English, as posted; read `description_code` with its parameters in the reader’s language',
  }),
  description_code: z.enum(entryDescriptionCodes).nullable().openapi({
    description:
      'What the description says, as a code (null: an entry posted before codes; show `description`)',
    example: 'payment.captured',
  }),
  description_params: z.record(z.string(), z.unknown()).openapi({
    description:
      'The code’s parameters: references, ids, counts, minor units, and a payment’s own description as `{code, params, text}`',
    example: { reference: 'PAY-001042', payment: '0193a7c2-5b1e-7c3a-9f1e-2a4b6c8d0e1f' },
  }),
  source: z.object({ kind: z.string(), id: z.string() }),
  reversal_of: z.uuid().nullable(),
  created: z.iso.datetime(),
}

/** An entry's description fields as the API answers them; a code it does not know is left out. */
export const descriptionFields = (e: {
  description: string
  description_code: string | null
  description_params: Record<string, unknown>
}) => ({
  description: e.description,
  description_code: (entryDescriptionCodes as readonly string[]).includes(e.description_code ?? '')
    ? (e.description_code as EntryDescriptionCode)
    : null,
  description_params: e.description_params,
})
