import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { type Answer, api, apiUrl } from '~/lib/api.ts'
import type { Schema } from '~/lib/api-types.gen.ts'

/**
 * Shapes and calls of the card holder's bills (`payment/bills`, module `credit`, docs/credit.md) as
 * the holder's bill screens read them: `/bills` (open ones), `/bills/all`, `/bills/{uuid}` and its
 * payment. The program owner's credit screens have their own (`components/credit`).
 */

export type Bill = Schema<'Bill'>
export type BillDetail = Schema<'BillDetail'>
export type BillStatus = Bill['status']
export type BillLine = BillDetail['lines'][number]
export type BillReminder = BillDetail['reminders'][number]
export type BillPayment = BillDetail['payments'][number]
export type BillContact = NonNullable<BillDetail['contact']>
export type BillPaymentStarted = Answer<'/payment/bills/{uuid}/payment', 'post'>['result']

/** Bill states (spec section 4), in the order the status filter offers them. */
export const billStatuses = ['unpaid', 'overdue', 'paid', 'archived'] as const satisfies readonly BillStatus[]

/** States the holder can still pay in. */
export const isOpen = (bill: Pick<Bill, 'status' | 'open_amount'>) =>
  (bill.status === 'unpaid' || bill.status === 'overdue') && bill.open_amount > 0

/** A bill's payment row as the credit module keeps it: `open` until paid, or `ended` without money. */
export const billPaymentStatuses = ['open', 'paid', 'ended'] as const

/** Bills per page: `/bills` shows the open ones on one page as far as it goes, `/bills/all` pages. */
export const openBillsPageSize = 50
export const allBillsPageSize = 20

export interface BillsFilter {
  status?: BillStatus | undefined
  page: number
}

export const billKeys = {
  all: ['holder-bills'] as const,
  lists: () => [...billKeys.all, 'list'] as const,
  open: () => [...billKeys.lists(), 'open'] as const,
  page: (filter: BillsFilter) => [...billKeys.lists(), 'all', filter] as const,
  bill: (uuid: string) => [...billKeys.all, 'bill', uuid] as const,
}

/** `/bills`: the unpaid and overdue bills, overdue ones and the earliest due first. */
export const openBillsQueryOptions = () =>
  queryOptions({
    queryKey: billKeys.open(),
    queryFn: () =>
      api.get<Answer<'/payment/bills'>>('/payment/bills', {
        query: { open: 'true', size: openBillsPageSize },
      }),
  })

/** `/bills/all`: every bill (open ones first, then the newest), narrowed to one state when asked. */
export const billsQueryOptions = (filter: BillsFilter) =>
  queryOptions({
    queryKey: billKeys.page(filter),
    queryFn: () =>
      api.get<Answer<'/payment/bills'>>('/payment/bills', {
        query: { status: filter.status, page: filter.page, size: allBillsPageSize },
      }),
    placeholderData: keepPreviousData,
  })

export const billQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: billKeys.bill(uuid),
    queryFn: async () =>
      (await api.get<Answer<'/payment/bills/{uuid}'>>(`/payment/bills/${encodeURIComponent(uuid)}`)).result,
  })

/**
 * Starts paying what is open of the bill now: a payment of the payments module, answered with its
 * checkout. The API answers an open payment of the same amount again, so a second start (another
 * tab, the e-mail's link opened twice) pays one payment, not two.
 */
export const startBillPayment = async (uuid: string, idempotencyKey: string): Promise<BillPaymentStarted> =>
  (
    await api.post<Answer<'/payment/bills/{uuid}/payment', 'post'>>(
      `/payment/bills/${encodeURIComponent(uuid)}/payment`,
      undefined,
      { headers: { 'idempotency-key': idempotencyKey } },
    )
  ).result

/**
 * The PDF receipt of a paid payment of a bill (`payment/transactions/{uuid}/receipt`: a payment's
 * transaction has the payment's uuid), in the reader's language.
 */
export const billReceiptHref = (paymentUuid: string, locale: string) =>
  apiUrl(`/payment/transactions/${encodeURIComponent(paymentUuid)}/receipt`, { lang: locale })

/** The bill's invoice as a PDF (`GET payment/bills/{uuid}/invoice`), in the reader's language. */
export const billInvoiceHref = (uuid: string, locale: string) =>
  apiUrl(`/payment/bills/${encodeURIComponent(uuid)}/invoice`, { lang: locale })
