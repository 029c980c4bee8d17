import { createFileRoute } from '@tanstack/react-router'
import { TransactionPage } from '~/components/payments/transaction-page.tsx'

/** `/transactions/{uuid}`: one payment or refund with its attempts, refunds and receipt. */
export const Route = createFileRoute('/_portal/transactions/$uuid')({
  component: Transaction,
})

function Transaction() {
  const { uuid } = Route.useParams()
  return <TransactionPage uuid={uuid} />
}
