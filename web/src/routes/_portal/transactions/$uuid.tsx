import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { NotFound } from '~/components/not-found.tsx'
import { paymentQueryOptions, transactionQueryOptions } from '~/components/payments/queries.ts'
import { TransactionPage } from '~/components/payments/transaction-page.tsx'
import { pageTitle } from '~/lib/head.ts'
import { loadQuery, settleQuery } from '~/lib/queries/load.ts'

/**
 * `/transactions/{uuid}`: one payment or refund with its attempts, refunds and receipt. The uuid
 * may also be a payment's that nobody started paying yet (no transaction): its requester still
 * finds it here. Neither a transaction nor a payment of the reader's: a not-found page.
 */
export const Route = createFileRoute('/_portal/transactions/$uuid')({
  loader: async ({ context, params }) => {
    if (!context.session) return { reference: undefined }
    const transaction = await settleQuery(context.queryClient, transactionQueryOptions(params.uuid))
    if (transaction.status === 'failed') return { reference: undefined }
    const paymentUuid = transaction.status === 'success' ? transaction.data.payment_uuid : params.uuid
    const payment = await loadQuery(context.queryClient, paymentQueryOptions(paymentUuid), {
      notFound: false,
    })
    if (!payment && transaction.status === 'missing') throw notFound()
    return { reference: payment?.reference ?? undefined }
  },
  head: ({ match, loaderData }) =>
    pageTitle(
      match.context.i18n,
      match.status === 'notFound' ? msg`Transaction not found` : loaderData?.reference,
      msg`Transactions`,
    ),
  notFoundComponent: TransactionNotFound,
  component: Transaction,
})

function Transaction() {
  const { uuid } = Route.useParams()
  return <TransactionPage uuid={uuid} />
}

function TransactionNotFound() {
  return (
    <NotFound
      testId="transaction-not-found"
      title={<Trans>Transaction not found</Trans>}
      back={{ to: '/transactions', label: <Trans>All transactions</Trans> }}
    >
      <Trans>There is no transaction of yours at this address. The link may be wrong.</Trans>
    </NotFound>
  )
}
