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

/**
 * A payment, a second capture of it (`duplicate_capture`: the payer was charged twice, the
 * platform gives it back by itself), or a refund.
 */
export const transactionKinds = ['payment', 'duplicate_capture', 'refund'] as const
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
  /**
   * The method of the attempt still in flight (a hosted page left open, an iDEAL bank step):
   * starting with it goes on there; starting with another method cancels it first.
   */
  open_method: string | null
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
  /** Given back at the owner's request or at the provider; duplicate captures given back are not in it. */
  refunded_amount: number
  /** Money taken across all attempts: the amount once, more while a duplicate capture is not given back. */
  captured_amount: number
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
  /** Captured after another attempt had paid: the platform refunds it by itself. */
  duplicate: boolean
  created: string
}

/** requested: by the owner or an admin; provider: made at the provider; duplicate: a duplicate capture given back. */
export type RefundKind = 'requested' | 'provider' | 'duplicate'

export interface PaymentRefund {
  uuid: string
  amount: number
  currency: string
  status: string
  kind: RefundKind
  reason: string | null
  created: string
}

export interface PaymentDetail extends Payment {
  /** What can still be refunded: everything captured less refunds not failed. */
  refundable_amount: number
  attempts: PaymentAttempt[]
  refunds: PaymentRefund[]
}

/** `GET payment/transactions`: a payment, or a refund of one, as a money movement. */
export interface Transaction {
  uuid: string
  kind: TransactionKind
  /** A refund that gives a duplicate capture back (the platform's own, not the owner's). */
  duplicate: boolean
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
