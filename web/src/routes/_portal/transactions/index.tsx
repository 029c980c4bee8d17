import { createFileRoute, stripSearchParams, useNavigate } from '@tanstack/react-router'
import { type TransactionFilter, transactionsQueryOptions } from '~/components/payments/queries.ts'
import { transactionSearchDefaults, transactionSearchSchema } from '~/components/payments/search.ts'
import { TransactionsPage } from '~/components/payments/transactions-page.tsx'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'
import { loadSignedIn } from '~/lib/queries/load.ts'

/** `/transactions`: the list, with its filters and page in the URL (the first page stays out of it). */
export const Route = createFileRoute('/_portal/transactions/')({
  validateSearch: transactionSearchSchema,
  search: { middlewares: [stripSearchParams(transactionSearchDefaults)] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await loadSignedIn(context, transactionsQueryOptions(deps))
  },
  head: ({ match }) => pageTitle(match.context.i18n, mainScreens['/transactions'].label),
  component: Transactions,
})

function Transactions() {
  const filter = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const onFilterChange = (change: Partial<TransactionFilter>) =>
    navigate({
      search: (prev) => {
        const next = { ...prev, ...change }
        // Keep the URL short: no empty filters.
        for (const key of ['status', 'kind', 'from', 'to', 'q'] as const) if (!next[key]) delete next[key]
        return next
      },
      replace: true,
    })
  return <TransactionsPage filter={filter} onFilterChange={onFilterChange} />
}
