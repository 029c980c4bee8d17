import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query'
import { type Answer, api, apiUrl, type Body } from '~/lib/api.ts'
import type { Schema } from '~/lib/api-types.gen.ts'

/**
 * Shapes and calls of the credit API (docs/credit.md: `manager/reminders`, `reminder-settings`,
 * `reminder-periods`, `manager/bills`, `user/cardholders/*`, commons `reminder-templates`) as the
 * program owner's credit screens read and write them.
 */

export type Ladder = Schema<'ReminderLadder'>
export type LadderStep = Schema<'Reminder'>
export type LadderSettings = Schema<'ReminderSettings'>
export type SettingsPatch = Schema<'ReminderSettingsPatch'>
export type StepInput = Omit<Schema<'ReminderInput'>, 'program'>
export type PreviewRow = Schema<'LadderPreviewRow'>
export type ReminderTemplate = Schema<'ReminderTemplate'>
export type Bill = Schema<'Bill'>
export type BillDetail = Schema<'BillDetail'>
export type BillInput = Body<'/manager/bills'>
export type BillItemInput = BillInput['items'][number]
export type CardholderChoice = Schema<'CardholderChoice'>
export type CardholderCreate = Schema<'CardholderCreate'>
export type VatRate = Schema<'VatRate'>
export type BillStatus = Bill['status']

export const billStatuses = ['unpaid', 'overdue', 'paid', 'archived'] as const satisfies readonly BillStatus[]
/** Reminder sender types (commons `reminder-sender-types`): 1 before the due date, 2 after it. */
export const senderTypes = { before: 1, after: 2 } as const
/** Penalty value types (commons `value-types`): 1 a fixed amount, 2 a percentage of what is open. */
export const penaltyTypes = { fixed: 1, percent: 2 } as const
/** The specification's day code for a reminder's payment term. */
export const periodDays = 11
export const maxLadderSteps = 20
export const billsPageSize = 20

export const creditKeys = {
  all: ['credit'] as const,
  ladder: (program: string) => [...creditKeys.all, 'ladder', program] as const,
  preview: (program: string, dueDate: string, amount: number) =>
    [...creditKeys.ladder(program), 'preview', dueDate, amount] as const,
  templates: (lang: string) => [...creditKeys.all, 'templates', lang] as const,
  vat: () => [...creditKeys.all, 'vat'] as const,
  bills: () => [...creditKeys.all, 'bills'] as const,
  billsPage: (filter: BillsFilter) => [...creditKeys.bills(), filter] as const,
  bill: (uuid: string) => [...creditKeys.all, 'bill', uuid] as const,
  billPreview: (uuid: string) => [...creditKeys.bill(uuid), 'preview'] as const,
  holders: (search: string) => [...creditKeys.all, 'holders', search] as const,
  // Under bills: a bill issued, paid or archived changes the figures too.
  statistics: (q: BillStatisticsQuery) => [...creditKeys.bills(), 'statistics', q] as const,
}

export interface BillStatisticsQuery {
  from: string
  to: string
  tz: string
  /** One program's figures; every program of the owner's without it. */
  program?: string | undefined
}

export type BillStatistics = Answer<'/manager/bill-statistics'>

/** The credit figures (`GET manager/bill-statistics`): the owner's own, every program's for an admin. */
export const billStatisticsQueryOptions = (q: BillStatisticsQuery) =>
  queryOptions({
    queryKey: creditKeys.statistics(q),
    queryFn: () =>
      api.get<BillStatistics>('/manager/bill-statistics', {
        query: { from: q.from, to: q.to, tz: q.tz, ...(q.program ? { program: q.program } : {}) },
      }),
    placeholderData: keepPreviousData,
  })

const path = (uuid: string) => encodeURIComponent(uuid)

export const ladderQueryOptions = (program: string) =>
  queryOptions({
    queryKey: creditKeys.ladder(program),
    queryFn: () => api.get<Answer<'/manager/reminders'>>('/manager/reminders', { query: { program } }),
  })

export const ladderPreviewQueryOptions = (program: string, dueDate: string, amount: number) =>
  queryOptions({
    queryKey: creditKeys.preview(program, dueDate, amount),
    queryFn: () =>
      api.get<Answer<'/manager/reminders/preview'>>('/manager/reminders/preview', {
        query: { program, due_date: dueDate, amount },
      }),
    placeholderData: keepPreviousData,
  })

export const reminderTemplatesQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: creditKeys.templates(lang),
    queryFn: () =>
      api.get<Answer<'/manager/commons/reminder-templates'>>('/manager/commons/reminder-templates', {
        query: { lang },
      }),
    staleTime: 10 * 60_000,
  })

export const vatRatesQueryOptions = () =>
  queryOptions({
    queryKey: creditKeys.vat(),
    queryFn: () => api.get<Answer<'/payment/helpers/vat'>>('/payment/helpers/vat'),
    staleTime: 60 * 60_000,
  })

export interface BillsFilter {
  program: string
  status?: BillStatus | undefined
  search?: string | undefined
  page: number
}

export const billsQueryOptions = (filter: BillsFilter) =>
  queryOptions({
    queryKey: creditKeys.billsPage(filter),
    queryFn: () =>
      api.get<Answer<'/manager/bills'>>('/manager/bills', {
        query: {
          program: filter.program,
          status: filter.status,
          search: filter.search || undefined,
          page: filter.page,
          size: billsPageSize,
        },
      }),
    placeholderData: keepPreviousData,
  })

export const billQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: creditKeys.bill(uuid),
    queryFn: async () =>
      (await api.get<Answer<'/manager/bills/{uuid}'>>(`/manager/bills/${path(uuid)}`)).result,
  })

export const billPreviewQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: creditKeys.billPreview(uuid),
    queryFn: () => api.get<Answer<'/manager/bills/{uuid}/preview'>>(`/manager/bills/${path(uuid)}/preview`),
  })

export const cardholdersQueryOptions = (search: string) =>
  queryOptions({
    queryKey: creditKeys.holders(search),
    queryFn: () =>
      api.get<Answer<'/user/cardholders/autocomplete'>>('/user/cardholders/autocomplete', {
        query: { search },
      }),
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })

export async function saveSettings(program: string, patch: SettingsPatch): Promise<LadderSettings> {
  return (
    await api.patch<Answer<'/manager/reminder-settings/{uuid}', 'patch'>>(
      `/manager/reminder-settings/${path(program)}`,
      patch,
    )
  ).result
}

export async function addStep(program: string, input: StepInput): Promise<LadderStep> {
  return (
    await api.post<Answer<'/manager/reminders', 'post', 201>>('/manager/reminders', { program, ...input })
  ).result
}

export async function changeStep(uuid: string, input: Partial<StepInput>): Promise<LadderStep> {
  return (
    await api.patch<Answer<'/manager/reminders/{uuid}', 'patch'>>(`/manager/reminders/${path(uuid)}`, input)
  ).result
}

export async function removeStep(uuid: string): Promise<void> {
  await api.delete(`/manager/reminders/${path(uuid)}`)
}

export async function issueBill(input: BillInput, idempotencyKey: string): Promise<BillDetail> {
  return (
    await api.post<Answer<'/manager/bills', 'post', 201>>('/manager/bills', input, {
      headers: { 'idempotency-key': idempotencyKey },
    })
  ).result
}

export async function moveDueDate(uuid: string, dueDate: string): Promise<BillDetail> {
  return (
    await api.patch<Answer<'/manager/bills/{uuid}', 'patch'>>(`/manager/bills/${path(uuid)}`, {
      due_date: dueDate,
    })
  ).result
}

export async function archiveBill(uuid: string, reason: string): Promise<BillDetail> {
  return (
    await api.post<Answer<'/manager/bills/{uuid}/archive', 'post'>>(`/manager/bills/${path(uuid)}/archive`, {
      reason,
    })
  ).result
}

export async function createCardholder(input: CardholderCreate): Promise<CardholderChoice> {
  return (await api.post<Answer<'/user/cardholders/create', 'post', 201>>('/user/cardholders/create', input))
    .result
}

/** After the ladder or its settings changed: the ladder and its previews are read again. */
export function ladderChanged(queryClient: QueryClient, program: string): void {
  void queryClient.invalidateQueries({ queryKey: creditKeys.ladder(program) })
}

/** After a bill changed: its detail is the answer; lists are read again. */
export function billChanged(queryClient: QueryClient, bill: BillDetail): void {
  queryClient.setQueryData(creditKeys.bill(bill.uuid), bill)
  void queryClient.invalidateQueries({ queryKey: creditKeys.bills() })
  void queryClient.invalidateQueries({ queryKey: creditKeys.billPreview(bill.uuid) })
}

export type BillImportResult = Answer<'/manager/bills/import', 'post', 201>

/** Issues the bills of a CSV file (all or nothing; the same file again issues nothing). */
export async function importBills(program: string, csv: string): Promise<BillImportResult> {
  return api.post<BillImportResult>('/manager/bills/import', { program, csv })
}

/**
 * A bill's invoice as a PDF (`GET manager/bills/{uuid}/invoice`): the document its holder gets, in
 * the holder's language.
 */
export const ownerInvoiceHref = (uuid: string) => apiUrl(`/manager/bills/${encodeURIComponent(uuid)}/invoice`)
