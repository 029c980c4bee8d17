import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '~/lib/api.ts'
import type { Page } from '~/lib/queries/types.ts'

/** Shapes of the terminal API as its screens read them (see modules/terminal/http). */

export const terminalStatuses = ['open', 'claimed', 'paid', 'failed', 'expired', 'cancelled'] as const
export type TerminalStatus = (typeof terminalStatuses)[number]
export const finalStatuses: readonly TerminalStatus[] = ['paid', 'failed', 'expired', 'cancelled']

export interface TerminalRequest {
  uuid: string
  source: 'terminal' | 'api'
  status: TerminalStatus
  program: string
  cashpoint: { uuid: string; title: string } | null
  amount: number
  currency: string
  description: string
  reference: string | null
  request_uuid: string | null
  payment: {
    uuid: string
    reference: string | null
    status: string | null
    card_brand: string | null
    card_last4: string | null
  }
  /** Only when the QR link was just made. */
  token: string | null
  pay_url: string | null
  expires: string
  failure_message: string | null
  claimed: string | null
  paid: string | null
  ended: string | null
  created: string
}

/** `GET manager/cashpoints`. */
export interface Cashpoint {
  uuid: string
  title: string
  is_active: boolean
  program: { uuid: string; title: string } | string
  acceptor?: { uuid: string; name: string } | null
}

/** `GET payment/qr-pay?token=`: what a QR code asks for. */
export interface QrPreview {
  merchant: string
  cashpoint: string | null
  program: string | null
  amount: number
  currency: string
  description: string
  expires: string
}

/** `GET manager/statistics`. */
export interface Statistics {
  from: string
  to: string
  time_zone: string
  program: string | null
  results: {
    currency: string
    count: number
    amount: number
    refunded: number
    days: { date: string; count: number; amount: number }[]
  }[]
}

export const terminalKeys = {
  all: ['terminal'] as const,
  cashpoints: () => [...terminalKeys.all, 'cashpoints'] as const,
  requests: (cashpoint: string) => [...terminalKeys.all, 'requests', cashpoint] as const,
  request: (uuid: string) => [...terminalKeys.all, 'request', uuid] as const,
  preview: (token: string) => [...terminalKeys.all, 'preview', token] as const,
  statistics: (q: StatisticsQuery) => [...terminalKeys.all, 'statistics', q] as const,
}

export const cashpointsQueryOptions = () =>
  queryOptions({
    queryKey: terminalKeys.cashpoints(),
    queryFn: () =>
      api.get<Page<Cashpoint>>('/manager/cashpoints', { query: { is_active: 'true', size: 200 } }),
  })

export const recentRequestsQueryOptions = (cashpoint: string) =>
  queryOptions({
    queryKey: terminalKeys.requests(cashpoint),
    queryFn: () =>
      api.get<Page<TerminalRequest>>('/manager/terminal-requests', { query: { cashpoint, size: 10 } }),
  })

export const requestQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: terminalKeys.request(uuid),
    queryFn: () =>
      api.get<{ result: TerminalRequest }>(`/manager/terminal-requests/${uuid}`).then((r) => r.result),
  })

export const previewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: terminalKeys.preview(token),
    queryFn: () => api.get<QrPreview>('/payment/qr-pay', { query: { token }, session: false }),
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
      api.get<Statistics>('/manager/statistics', {
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
