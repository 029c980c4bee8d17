import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { type Answer, api } from '~/lib/api.ts'
import type { Schema } from '~/lib/api-types.gen.ts'

/** Shapes of the terminal API as its screens read them: its generated types (modules/terminal/http). */

export const terminalStatuses = ['open', 'claimed', 'paid', 'failed', 'expired', 'cancelled'] as const
export type TerminalStatus = (typeof terminalStatuses)[number]
export const finalStatuses: readonly TerminalStatus[] = ['paid', 'failed', 'expired', 'cancelled']

export type TerminalRequest = Schema<'TerminalRequest'>

/** `GET manager/cashpoints`. */
export type Cashpoint = Schema<'Cashpoint'>

/** `GET payment/qr-pay?token=`: what a QR code asks for. */
export type QrPreview = Schema<'QrPayPreview'>

/** `GET manager/statistics`. */
export type Statistics = Schema<'PaymentStatistics'>

export const terminalKeys = {
  all: ['terminal'] as const,
  cashpoints: () => [...terminalKeys.all, 'cashpoints'] as const,
  requests: (cashpoint: string) => [...terminalKeys.all, 'requests', cashpoint] as const,
  openRequests: (cashpoint: string) => [...terminalKeys.requests(cashpoint), 'open'] as const,
  request: (uuid: string) => [...terminalKeys.all, 'request', uuid] as const,
  preview: (token: string) => [...terminalKeys.all, 'preview', token] as const,
  statistics: (q: StatisticsQuery) => [...terminalKeys.all, 'statistics', q] as const,
}

export const cashpointsQueryOptions = () =>
  queryOptions({
    queryKey: terminalKeys.cashpoints(),
    queryFn: () =>
      api.get<Answer<'/manager/cashpoints'>>('/manager/cashpoints', {
        query: { is_active: 'true', size: 200 },
      }),
  })

export const recentRequestsQueryOptions = (cashpoint: string) =>
  queryOptions({
    queryKey: terminalKeys.requests(cashpoint),
    queryFn: () =>
      api.get<Answer<'/manager/terminal-requests'>>('/manager/terminal-requests', {
        query: { cashpoint, size: 10 },
      }),
  })

/**
 * The cashpoint's requests still in progress, newest first: a QR code on show (`open`, while the
 * code lasts) or a payer paying (`claimed`). What a cashier may still show again, cancel or follow.
 */
export const openRequestsQueryOptions = (cashpoint: string) =>
  queryOptions({
    queryKey: terminalKeys.openRequests(cashpoint),
    queryFn: async () => {
      const pages = await Promise.all(
        (['open', 'claimed'] as const).map((status) =>
          api.get<Answer<'/manager/terminal-requests'>>('/manager/terminal-requests', {
            query: { cashpoint, status, size: 20 },
          }),
        ),
      )
      return pages
        .flatMap((page) => page.results)
        .filter((r) => r.status === 'open' || r.status === 'claimed')
        .sort((a, b) => b.created.localeCompare(a.created))
    },
  })

export const requestQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: terminalKeys.request(uuid),
    queryFn: () =>
      api
        .get<Answer<'/manager/terminal-requests/{uuid}'>>(`/manager/terminal-requests/${uuid}`)
        .then((r) => r.result),
  })

export const previewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: terminalKeys.preview(token),
    queryFn: () =>
      api.get<Answer<'/payment/qr-pay'>>('/payment/qr-pay', { query: { token }, session: false }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })

export interface StatisticsQuery {
  program?: string | undefined
  from: string
  to: string
  tz: string
}

export const statisticsQueryOptions = (q: StatisticsQuery) =>
  queryOptions({
    queryKey: terminalKeys.statistics(q),
    queryFn: () =>
      api.get<Answer<'/manager/statistics'>>('/manager/statistics', {
        query: { program: q.program, from: q.from, to: q.to, tz: q.tz },
      }),
    placeholderData: keepPreviousData,
  })

/** The token in a scanned or pasted `/pay` link, or the text itself when it looks like one. */
export function tokenFromText(text: string): string | undefined {
  const trimmed = text.trim()
  try {
    const url = new URL(trimmed)
    if (url.pathname.replace(/\/$/, '') === '/pay') return url.searchParams.get('token') ?? undefined
    return undefined
  } catch {
    return /^[A-Za-z0-9_-]{40,80}\.[A-Za-z0-9_-]{16,30}$/.test(trimmed) ? trimmed : undefined
  }
}
