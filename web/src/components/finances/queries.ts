import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '~/lib/api.ts'
import type { Page } from '~/lib/queries/types.ts'
import type { Journal } from '../../../../modules/ledger/shared.ts'

/** Shapes of the ledger API as the finance screens read them (see modules/ledger/http). */

export interface SubAccount {
  uuid: string
  kind: string
  external_id: string
}

export interface EntryHeader {
  uuid: string
  journal: Journal
  number: number
  date: string
  description: string
  source: { kind: string; id: string }
  reversal_of: string | null
  created: string
}

/** `GET payment/journals`: one entry of a journal list. */
export interface JournalEntrySummary extends EntryHeader {
  reversed_by: string | null
  totals: { currency: string; amount: number }[]
}

export interface EntryLine {
  line_no: number
  account: number
  sub_account: SubAccount
  currency: string
  debit: number
  credit: number
}

/** `GET payment/journals/{uuid}`. */
export interface JournalEntry extends EntryHeader {
  reversed_by: string | null
  lines: EntryLine[]
}

export interface Amounts {
  currency: string
  debit: number
  credit: number
  /** debit − credit */
  balance: number
}

/** `GET payment/ledgers`. */
export interface LedgerAccounts {
  at: string
  results: {
    number: number
    code: string
    name: string
    normal_side: 'debit' | 'credit'
    description: string
    balances: Amounts[]
    sub_accounts?: (SubAccount & { balances: Amounts[] })[]
  }[]
}

/** `GET payment/ledgers/trial-balance`. */
export interface TrialBalance {
  at: string
  rows: (Amounts & { account: number; code: string; name: string })[]
  totals: { currency: string; debit: number; credit: number; balanced: boolean }[]
}

export interface JournalFilter {
  journal: Journal
  from?: string | undefined
  to?: string | undefined
  q?: string | undefined
  page: number
}

export const journalPageSize = 25

export const ledgerKeys = {
  all: ['ledger'] as const,
  journal: (filter: JournalFilter) => [...ledgerKeys.all, 'journal', filter] as const,
  entry: (uuid: string) => [...ledgerKeys.all, 'entry', uuid] as const,
  accounts: (at: string | undefined, subAccounts: boolean) =>
    [...ledgerKeys.all, 'accounts', at ?? 'today', subAccounts] as const,
  trialBalance: (at: string | undefined) => [...ledgerKeys.all, 'trial-balance', at ?? 'today'] as const,
}

export const journalEntriesQueryOptions = (filter: JournalFilter) =>
  queryOptions({
    queryKey: ledgerKeys.journal(filter),
    queryFn: () =>
      api.get<Page<JournalEntrySummary>>('/payment/journals', {
        query: {
          journal: filter.journal,
          from: filter.from,
          to: filter.to,
          search: filter.q?.trim(),
          page: filter.page,
          size: journalPageSize,
        },
      }),
    placeholderData: keepPreviousData,
  })

export const journalEntryQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: ledgerKeys.entry(uuid),
    queryFn: () => api.get<JournalEntry>(`/payment/journals/${encodeURIComponent(uuid)}`),
    // Entries are immutable; only `reversed_by` can appear later.
    staleTime: 60_000,
  })

/** Accounts with their balances at a date (today when absent), with each sub-account's on request. */
export const ledgerAccountsQueryOptions = (at: string | undefined, subAccounts = false) =>
  queryOptions({
    queryKey: ledgerKeys.accounts(at, subAccounts),
    queryFn: () =>
      api.get<LedgerAccounts>('/payment/ledgers', {
        query: { at, sub_accounts: subAccounts ? 'true' : undefined },
      }),
    placeholderData: keepPreviousData,
  })

export const trialBalanceQueryOptions = (at: string | undefined) =>
  queryOptions({
    queryKey: ledgerKeys.trialBalance(at),
    queryFn: () => api.get<TrialBalance>('/payment/ledgers/trial-balance', { query: { at } }),
    placeholderData: keepPreviousData,
  })
