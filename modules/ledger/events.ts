import { z } from 'zod'
import { defineEvent } from '../platform/events.ts'
import { currencyCode } from '../platform/money.ts'
import { type AccountNumber, accountNumbers, journals, subAccountKinds } from './chart.ts'
import { type DescriptionParams, descriptionParamsSchema, entryDescriptionCodes } from './descriptions.ts'
import type { PostingInput } from './rules.ts'

const amount = z.number().int().nonnegative().safe()

/**
 * Another module asks for a posting through the outbox: publish this in the transaction that
 * records the money movement, and the `ledger` queue posts it once (per event, and per source).
 * Amounts are minor units as JSON numbers (the outbox stores JSON; bigint does not serialize).
 */
export const ledgerEntryRequested = defineEvent(
  'ledger.entry.requested',
  z.object({
    journal: z.enum(journals),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    description: z.string().min(1).max(500),
    description_code: z.enum(entryDescriptionCodes).optional(),
    description_params: descriptionParamsSchema.optional(),
    source: z.object({ kind: z.string().min(1).max(100), id: z.string().min(1).max(200) }),
    lines: z
      .array(
        z.object({
          account: z
            .number()
            .int()
            .refine((n) => accountNumbers.includes(n as AccountNumber), 'unknown account'),
          sub_account: z
            .object({ kind: z.enum(subAccountKinds), external_id: z.string().max(200) })
            .optional(),
          currency: currencyCode,
          debit: amount.default(0),
          credit: amount.default(0),
        }),
      )
      .min(2),
  }),
)

export type LedgerEntryRequest = z.input<typeof ledgerEntryRequested.schema>

/** The posting an event asks for, with amounts as bigint. */
export function postingOfRequest(p: z.output<typeof ledgerEntryRequested.schema>): PostingInput {
  return {
    journal: p.journal,
    date: p.date,
    description: p.description,
    description_code: p.description_code,
    description_params: p.description_params as DescriptionParams | undefined,
    source: p.source,
    lines: p.lines.map((l) => ({
      account: l.account as AccountNumber,
      sub_account: l.sub_account,
      currency: l.currency,
      debit: BigInt(l.debit),
      credit: BigInt(l.credit),
    })),
  }
}

/**
 * Another module asks for the entry of a source to be reversed (a correction). If that entry has
 * not been posted yet (events can arrive out of order), the job fails and is retried with backoff.
 */
export const ledgerReversalRequested = defineEvent(
  'ledger.reversal.requested',
  z.object({
    source: z.object({ kind: z.string().min(1).max(100), id: z.string().min(1).max(200) }),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    description: z.string().min(1).max(500).optional(),
  }),
)
