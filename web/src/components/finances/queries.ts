import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { type Answer, api } from '~/lib/api.ts'
import type { Schema } from '~/lib/api-types.gen.ts'
import type { Journal } from '../../../../modules/ledger/shared.ts'

/** Shapes of the ledger API as the finance screens read them: its generated types (modules/ledger/http). */

export type SubAccount = EntryLine['sub_account']

/** `GET payment/journals`: one entry of a journal list. */
export type JournalEntrySummary = Schema<'LedgerJournalEntry'>

export type EntryLine = Schema<'LedgerLine'>

/** `GET payment/journals/{uuid}`. */
export type JournalEntry = Schema<'LedgerEntryDetail'>

/** `GET payment/ledgers`. */
export type LedgerAccounts = Answer<'/payment/ledgers'>

/** An account's debits, credits and balance in one currency. */
export type Amounts = LedgerAccounts['results'][number]['balances'][number]

/** `GET payment/ledgers/trial-balance`. */
export type TrialBalance = Answer<'/payment/ledgers/trial-balance'>

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
      api.get<Answer<'/payment/journals'>>('/payment/journals', {
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
    queryFn: () =>
      api.get<Answer<'/payment/journals/{uuid}'>>(`/payment/journals/${encodeURIComponent(uuid)}`),
    // Entries are immutable; only `reversed_by` can appear later.
    staleTime: 60_000,
  })

/** Accounts with their balances at a date (today when absent), with each sub-account's on request. */
export const ledgerAccountsQueryOptions = (at: string | undefined, subAccounts = false) =>
  queryOptions({
    queryKey: ledgerKeys.accounts(at, subAccounts),
    queryFn: () =>
      api.get<Answer<'/payment/ledgers'>>('/payment/ledgers', {
        query: { at, sub_accounts: subAccounts ? 'true' : undefined },
      }),
    placeholderData: keepPreviousData,
  })

export const trialBalanceQueryOptions = (at: string | undefined) =>
  queryOptions({
    queryKey: ledgerKeys.trialBalance(at),
    queryFn: () =>
      api.get<Answer<'/payment/ledgers/trial-balance'>>('/payment/ledgers/trial-balance', { query: { at } }),
    placeholderData: keepPreviousData,
  })
