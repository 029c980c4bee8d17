import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { type Answer, api } from '~/lib/api.ts'
import type { Schema } from '~/lib/api-types.gen.ts'

/** Shapes of the payments API as the payment screens read them: its generated types (modules/payments/http). */

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

/**
 * A payment, a second capture of it (`duplicate_capture`: the payer was charged twice, the
 * platform gives it back by itself), or a refund.
 */
export const transactionKinds = ['payment', 'duplicate_capture', 'refund'] as const
export type TransactionKind = (typeof transactionKinds)[number]

/** `GET payment/checkout/{uuid}`: what the payer sees; public, no personal data. */
export type Checkout = Schema<'Checkout'>

/** `POST payment/checkout/{uuid}`: where to send the payer next (the provider's hosted page). */
export type CheckoutStart = Answer<'/payment/checkout/{uuid}', 'post'>

/** The answer of `POST payment/payments`, and what `GET payment/payments/{uuid}` adds to. */
export type Payment = Schema<'Payment'>

/** `GET payment/payments/{uuid}`: the payment with its attempts and refunds. */
export type PaymentDetail = Answer<'/payment/payments/{uuid}'>

export type PaymentAttempt = PaymentDetail['attempts'][number]

export type PaymentRefund = PaymentDetail['refunds'][number]

/** requested: by the owner or an admin; provider: made at the provider; duplicate: a duplicate capture given back. */
export type RefundKind = PaymentRefund['kind']

/** `GET payment/transactions`: a payment, or a refund of one, as a money movement. */
export type Transaction = Schema<'Transaction'>

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
    queryFn: () =>
      api.get<Answer<'/payment/checkout/{uuid}'>>(`/payment/checkout/${encodeURIComponent(uuid)}`),
    staleTime: 0,
  })

export const paymentQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: paymentKeys.payment(uuid),
    queryFn: () =>
      api.get<Answer<'/payment/payments/{uuid}'>>(`/payment/payments/${encodeURIComponent(uuid)}`),
  })

export const transactionsQueryOptions = (filter: TransactionFilter) =>
  queryOptions({
    queryKey: paymentKeys.transactions(filter),
    queryFn: () =>
      api.get<Answer<'/payment/transactions'>>('/payment/transactions', {
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
    queryFn: () =>
      api.get<Answer<'/payment/transactions/{uuid}'>>(`/payment/transactions/${encodeURIComponent(uuid)}`),
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
