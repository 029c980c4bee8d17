import { v5 } from 'uuid'
import { isCalendarDate } from '../platform/dates.ts'
import { AppError, type ErrorReason } from '../platform/errors.ts'
import {
  type AccountNumber,
  accountNumbers,
  type Journal,
  journals,
  type SubAccountKind,
  subAccountKinds,
} from './chart.ts'
import type { DescriptionParams, EntryDescriptionCode } from './descriptions.ts'

/** One line of a posting: an amount on one side of a (sub-)account, in minor units. */
export interface PostingLine {
  account: AccountNumber
  /** The sub-account (per program, acceptor, card or customer); the account's general one when absent. */
  sub_account?: { kind: SubAccountKind; external_id: string } | undefined
  currency: string
  debit?: bigint | undefined
  credit?: bigint | undefined
}

/** What caused a posting: it is posted at most once per source. */
export interface PostingSource {
  kind: string
  id: string
}

export interface PostingInput {
  journal: Journal
  /** Booking date, `YYYY-MM-DD`. */
  date: string
  /** The English sentence: searched, and shown where the code is not known. */
  description: string
  /** What the description says as a code and its parameters, read in each reader's language. */
  description_code?: EntryDescriptionCode | undefined
  description_params?: DescriptionParams | undefined
  source: PostingSource
  lines: readonly PostingLine[]
}

/** A line after validation: exactly one side set, the sub-account resolved to its key. */
export interface NormalLine {
  account: AccountNumber
  kind: SubAccountKind
  external_id: string
  currency: string
  debit: bigint
  credit: bigint
}

const unbalanced = (message: string, reason: ErrorReason) =>
  new AppError('business_rule', message, { reason })

/** A booking date is a real calendar day (`YYYY-MM-DD`): the platform's one check. */
export const isValidDate = isCalendarDate

/**
 * Checks a posting against the ledger's rules and normalizes its lines: a known journal and
 * accounts, a real date, at least two lines, exactly one positive side per line, and debits equal
 * to credits in every currency. Throws `business_rule` (422) with a reason otherwise.
 */
export function validatePosting(input: PostingInput): NormalLine[] {
  if (!journals.includes(input.journal))
    throw unbalanced(`unknown journal ${input.journal}`, 'unknown_journal')
  if (!isValidDate(input.date)) throw unbalanced(`invalid booking date ${input.date}`, 'invalid_date')
  if (!input.source.kind || !input.source.id) throw unbalanced('a posting needs a source', 'missing_source')
  if (!input.description.trim()) throw unbalanced('a posting needs a description', 'missing_description')
  if (input.lines.length < 2) throw unbalanced('an entry needs at least two lines', 'too_few_lines')
  const lines = input.lines.map((l, i): NormalLine => {
    if (!accountNumbers.includes(l.account))
      throw unbalanced(`line ${i}: unknown account ${l.account}`, 'unknown_account')
    if (!/^[A-Z]{3}$/.test(l.currency))
      throw unbalanced(`line ${i}: invalid currency ${l.currency}`, 'invalid_currency')
    const kind = l.sub_account?.kind ?? 'general'
    const external_id = l.sub_account?.external_id ?? ''
    if (!subAccountKinds.includes(kind))
      throw unbalanced(`line ${i}: unknown sub-account kind ${kind}`, 'unknown_sub_account')
    if ((kind === 'general') !== (external_id === '')) {
      throw unbalanced(
        `line ${i}: a ${kind} sub-account needs ${kind === 'general' ? 'no' : 'an'} external id`,
        'invalid_sub_account',
      )
    }
    const debit = l.debit ?? 0n
    const credit = l.credit ?? 0n
    if (debit < 0n || credit < 0n || debit > 0n === credit > 0n) {
      throw unbalanced(`line ${i}: exactly one of debit and credit must be positive`, 'one_side_per_line')
    }
    return { account: l.account, kind, external_id, currency: l.currency, debit, credit }
  })
  for (const [currency, t] of totalsByCurrency(lines)) {
    if (t.debit !== t.credit) {
      throw unbalanced(`debits (${t.debit}) and credits (${t.credit}) differ in ${currency}`, 'unbalanced')
    }
  }
  return lines
}

/** Sum of debits and credits per currency. */
export function totalsByCurrency(
  lines: readonly { currency: string; debit: bigint; credit: bigint }[],
): Map<string, { debit: bigint; credit: bigint }> {
  const totals = new Map<string, { debit: bigint; credit: bigint }>()
  for (const l of lines) {
    const t = totals.get(l.currency) ?? { debit: 0n, credit: 0n }
    t.debit += l.debit
    t.credit += l.credit
    totals.set(l.currency, t)
  }
  return totals
}

export const isBalanced = (lines: readonly { currency: string; debit: bigint; credit: bigint }[]) =>
  [...totalsByCurrency(lines).values()].every((t) => t.debit === t.credit)

/** The lines that undo `lines`: the same amounts on the other side. */
export const reversedLines = <L extends { debit: bigint; credit: bigint }>(lines: readonly L[]): L[] =>
  lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit }))

const subAccountNamespace = 'a0f8b6f4-6d1c-4a57-9a44-5c3e2d1b7e10'

/**
 * A sub-account's id derived from its key, so the same (account, kind, external id) always has the
 * same id: creating it is an idempotent insert, and no lookup is needed to post to it.
 */
export const subAccountId = (account: number, kind: string, externalId: string) =>
  v5(`${account}/${kind}/${externalId}`, subAccountNamespace)

/** Key of a balance: account, sub-account and currency. */
export const balanceKey = (l: { account: number; kind: string; external_id: string; currency: string }) =>
  `${l.account}/${l.kind}/${l.external_id}/${l.currency}`

/**
 * The in-memory model of the ledger the property tests compare the database with: postings keyed
 * by source (a second posting of a source is ignored), reversals keyed by the entry they undo.
 */
export class LedgerModel {
  readonly entries = new Map<string, NormalLine[]>()
  readonly reversed = new Set<string>()

  post(input: PostingInput): boolean {
    const key = `${input.source.kind}/${input.source.id}`
    if (this.entries.has(key)) return false
    this.entries.set(key, validatePosting(input))
    return true
  }

  reverse(source: PostingSource): boolean {
    const key = `${source.kind}/${source.id}`
    if (!this.entries.has(key) || this.reversed.has(key)) return false
    this.reversed.add(key)
    return true
  }

  /** Net balance (debit − credit) per account/sub-account/currency, zero balances left out. */
  balances(): Map<string, bigint> {
    const out = new Map<string, bigint>()
    for (const [key, lines] of this.entries) {
      const sign = this.reversed.has(key) ? 0n : 1n
      for (const l of lines) {
        const k = balanceKey(l)
        out.set(k, (out.get(k) ?? 0n) + sign * (l.debit - l.credit))
      }
    }
    for (const [k, v] of out) if (v === 0n) out.delete(k)
    return out
  }
}
