import { businessDay } from '../../platform/dates.ts'
import type { Trx } from '../../platform/db.ts'
import { AppError, notFound } from '../../platform/errors.ts'
import type { Journal } from '../chart.ts'
import {
  type EntryHeader,
  entryHeaders,
  entryLines,
  findEntriesBySources,
  findEntryBySource,
  findReversalOf,
  insertEntries,
  insertEntry,
  toHeader,
} from '../db/entries.ts'
import { type PostingInput, validatePosting } from '../rules.ts'

export interface Posted {
  entry: EntryHeader
  /** False when the source had been posted already and the existing entry is answered. */
  created: boolean
}

/**
 * Posts a balanced journal entry inside the caller's transaction, at most once per source: when
 * the source was posted already (before, or by a concurrent transaction) the existing entry is
 * answered and nothing is written (entry numbers increase per journal; only a rolled-back or raced posting leaves a gap). Unbalanced input is refused here (422) and, should anything
 * slip past, by the database when the transaction commits.
 */
export async function postEntry(trx: Trx, input: PostingInput): Promise<Posted> {
  const lines = validatePosting(input)
  // Read first so that a repeated source costs no entry number; only a concurrent race leaves a gap.
  const existing = await findEntryBySource(trx, input.source)
  if (existing) return { entry: existing, created: false }
  const entry = await insertEntry(trx, input, lines)
  if (entry) return { entry, created: true }
  const raced = await findEntryBySource(trx, input.source)
  if (!raced)
    throw new AppError('conflict', 'the entry conflicts with another entry', { reason: 'entry_conflict' })
  return { entry: raced, created: false }
}

/**
 * Posts many entries in one transaction with a handful of statements (the ledger worker's and the
 * benchmark's batch path): the same rules as `postEntry`, each source at most once (a source
 * repeated within the batch answers the first), answers in input order.
 */
export async function postEntries(trx: Trx, inputs: readonly PostingInput[]): Promise<Posted[]> {
  const key = (s: { kind: string; id: string }) => `${s.kind}\u0000${s.id}`
  const validated = inputs.map((input) => ({ input, lines: validatePosting(input) }))
  const existing = await findEntriesBySources(
    trx,
    validated.map((v) => v.input.source),
  )
  const fresh = new Map<string, (typeof validated)[number]>()
  for (const v of validated) {
    const k = key(v.input.source)
    if (!existing.has(k) && !fresh.has(k)) fresh.set(k, v)
  }
  const batch = [...fresh.values()]
  const inserted = await insertEntries(
    trx,
    batch.map((v) => ({ header: v.input, lines: v.lines })),
  )
  const created = new Map<string, EntryHeader>()
  const raced: PostingInput['source'][] = []
  batch.forEach((v, i) => {
    const entry = inserted[i]
    if (entry) created.set(key(v.input.source), entry)
    else raced.push(v.input.source)
  })
  for (const [k, e] of await findEntriesBySources(trx, raced)) existing.set(k, e)
  const answered = new Set<string>()
  return inputs.map((input) => {
    const k = key(input.source)
    const entry = created.get(k)
    if (entry && !answered.has(k)) {
      answered.add(k)
      return { entry, created: true }
    }
    const found = entry ?? existing.get(k)
    if (!found)
      throw new AppError('conflict', 'the entry conflicts with another entry', { reason: 'entry_conflict' })
    return { entry: found, created: false }
  })
}

export interface ReverseInput {
  entry_id: string
  /** Booking date of the reversal, `YYYY-MM-DD`; today (business day) when absent. */
  date?: string | undefined
  description?: string | undefined
}

/**
 * Undoes an entry with a new entry of the same lines on the other sides (entries are never edited
 * or deleted). At most one reversal per entry: reversing again answers the existing reversal.
 * The source of a reversal is `reversal:<entry id>`.
 */
export async function reverseEntry(trx: Trx, input: ReverseInput): Promise<Posted> {
  const row = await entryHeaders(trx).where('e.id', '=', input.entry_id).executeTakeFirst()
  if (!row) throw notFound('ledger entry')
  const original = toHeader(row)
  if (original.reversal_of) {
    throw new AppError('business_rule', 'a reversal cannot itself be reversed; post a new entry', {
      reason: 'reversal_of_reversal',
    })
  }
  const existing = await findReversalOf(trx, original.id)
  if (existing) return { entry: existing, created: false }
  const lines = (await entryLines(trx, original.id)).map((l) => ({
    account: l.account as PostingInput['lines'][number]['account'],
    sub_account: { kind: l.sub_account.kind as 'general', external_id: l.sub_account.external_id },
    currency: l.currency,
    debit: l.credit,
    credit: l.debit,
  }))
  const header = {
    journal: original.journal as Journal,
    date: input.date ?? businessDay(),
    description:
      input.description ?? `Reversal of ${original.journal} ${original.number}: ${original.description}`,
    // A description given by the caller is theirs to word; the default one reads in any language.
    ...(input.description === undefined
      ? {
          description_code: 'entry.reversal' as const,
          description_params: {
            journal: original.journal,
            number: Number(original.number),
            entry: original.id,
          },
        }
      : {}),
    source: { kind: 'reversal', id: original.id },
  }
  const normal = validatePosting({ ...header, lines })
  const entry = await insertEntry(trx, { ...header, reversal_of: original.id }, normal)
  if (entry) return { entry, created: true }
  const raced = await findReversalOf(trx, original.id)
  if (!raced)
    throw new AppError('conflict', 'the reversal conflicts with another entry', { reason: 'entry_conflict' })
  return { entry: raced, created: false }
}
