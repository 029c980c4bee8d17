import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '~/lib/api.ts'
import type { Page } from '~/lib/queries/types.ts'

/** Shapes of the payments API as the payment screens read them (see modules/payments/http). */

export const paymentStatuses = [
  'created',
  'pending',
  'paid',
  'failed',
  'cancelled',
  'expired',
  'refunded',
  'partially_refunded',
] as const
export type PaymentStatus = (typeof paymentStatuses)[number]

/** A payment's statuses plus a refund's own (requested, succeeded). */
export const transactionStatuses = [...paymentStatuses, 'requested', 'succeeded'] as const
export type TransactionStatus = (typeof transactionStatuses)[number]

export const transactionKinds = ['payment', 'refund'] as const
export type TransactionKind = (typeof transactionKinds)[number]

/** `GET payment/checkout/{uuid}`: what the payer sees; public, no personal data. */
export interface Checkout {
  uuid: string
  reference: string
  status: PaymentStatus
  amount: number
  currency: string
  description: string
  merchant: string
  methods: { id: string; title: string }[]
  failure_message: string | null
  card_brand: string | null
  card_last4: string | null
  expires: string
  paid: string | null
}

/** `POST payment/checkout/{uuid}`: where to send the payer next (the provider's hosted page). */
export interface CheckoutStart {
  status: PaymentStatus
  redirect_url: string | null
  checkout: Checkout
}

/** `GET payment/payments/{uuid}` and the answer of `POST payment/payments`. */
export interface Payment {
  uuid: string
  reference: string
  status: PaymentStatus
  amount: number
  currency: string
  refunded_amount: number
  fee_amount: number
  description: string
  method: string | null
  card_brand: string | null
  card_last4: string | null
  failure_code: string | null
  failure_message: string | null
  payable: { kind: string; id: string }
  program_uuid: string | null
  pay_url: string
  expires: string
  paid: string | null
  created: string
}

export interface PaymentAttempt {
  uuid: string
  number: number
  provider: string
  method: string
  status: string
  card_brand: string | null
  card_last4: string | null
  fee: number | null
  failure_code: string | null
  failure_message: string | null
  created: string
}

export interface PaymentRefund {
  uuid: string
  amount: number
  currency: string
  status: string
  reason: string | null
  created: string
}

export interface PaymentDetail extends Payment {
  attempts: PaymentAttempt[]
  refunds: PaymentRefund[]
}

/** `GET payment/transactions`: a payment, or a refund of one, as a money movement. */
export interface Transaction {
  uuid: string
  kind: TransactionKind
  created: string
  description: string
  transaction_status: TransactionStatus
  currency: string
  amount: number
  payment_uuid: string
  reference: string
  method: string | null
  card_brand: string | null
  card_last4: string | null
  program_uuid: string | null
  order: { uuid: string; kind: string; invoice_url: string | null; receipt_url: string | null }
}

export interface TransactionFilter {
  status?: TransactionStatus | undefined
  kind?: TransactionKind | undefined
  from?: string | undefined
  to?: string | undefined
  q?: string | undefined
  page: number
}

export const transactionPageSize = 25

export const paymentKeys = {
  all: ['payments'] as const,
  checkout: (uuid: string) => [...paymentKeys.all, 'checkout', uuid] as const,
  payment: (uuid: string) => [...paymentKeys.all, 'payment', uuid] as const,
  transactions: (filter: TransactionFilter) => [...paymentKeys.all, 'transactions', filter] as const,
  transaction: (uuid: string) => [...paymentKeys.all, 'transaction', uuid] as const,
}

export const checkoutQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: paymentKeys.checkout(uuid),
    queryFn: () => api.get<Checkout>(`/payment/checkout/${encodeURIComponent(uuid)}`),
    staleTime: 0,
  })

export const paymentQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: paymentKeys.payment(uuid),
    queryFn: () => api.get<PaymentDetail>(`/payment/payments/${encodeURIComponent(uuid)}`),
  })

export const transactionsQueryOptions = (filter: TransactionFilter) =>
  queryOptions({
    queryKey: paymentKeys.transactions(filter),
    queryFn: () =>
      api.get<Page<Transaction>>('/payment/transactions', {
        query: {
          status: filter.status,
          kind: filter.kind,
          from: filter.from,
          to: filter.to,
          q: filter.q?.trim(),
          page: filter.page,
          size: transactionPageSize,
        },
      }),
    placeholderData: keepPreviousData,
  })

export const transactionQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: paymentKeys.transaction(uuid),
    queryFn: () => api.get<Transaction>(`/payment/transactions/${encodeURIComponent(uuid)}`),
  })

/** Statuses in which the payer may (still) start paying. */
export const isPayable = (status: PaymentStatus) =>
  status === 'created' || status === 'pending' || status === 'failed' || status === 'cancelled'

/** Statuses in which money was taken. */
export const isMoneyTaken = (status: PaymentStatus) =>
  status === 'paid' || status === 'partially_refunded' || status === 'refunded'

/** The receipt in the reader's language (the API takes `lang`, else Accept-Language). */
export function receiptHref(receiptUrl: string, locale: string): string {
  return `${receiptUrl}${receiptUrl.includes('?') ? '&' : '?'}lang=${encodeURIComponent(locale)}`
}
