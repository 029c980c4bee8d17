import { msg } from '@lingui/core/macro'
import { createFileRoute, stripSearchParams, useNavigate } from '@tanstack/react-router'
import { AllBillsPage } from '~/components/bills/all-bills-page.tsx'
import { type BillsFilter, billStatuses, billsQueryOptions } from '~/components/bills/queries.ts'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'
import { loadSignedIn } from '~/lib/queries/load.ts'
import { integer, oneOf, orElse, searchParams } from '~/lib/search-params.ts'

const searchDefaults = { page: 1 } as const

/** `/bills/all`: every bill of the card holder, with the state filter and page in the URL. */
export const Route = createFileRoute('/_portal/bills/all')({
  validateSearch: searchParams({
    status: oneOf(billStatuses),
    page: orElse(integer({ min: 1 }), searchDefaults.page),
  }),
  search: { middlewares: [stripSearchParams(searchDefaults)] },
  loaderDeps: ({ search }) => ({ status: search.status, page: search.page }),
  loader: async ({ context, deps }) => {
    await loadSignedIn(context, billsQueryOptions(deps))
  },
  head: ({ match }) => pageTitle(match.context.i18n, msg`All bills`, mainScreens['/bills'].label),
  component: AllBills,
})

function AllBills() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const filter: BillsFilter = { status: search.status, page: search.page }
  const onFilterChange = (change: Partial<BillsFilter>) =>
    navigate({
      search: (prev) => {
        const next = { ...prev, ...change }
        if (!next.status) delete next.status
        return next
      },
      replace: true,
    })
  return <AllBillsPage filter={filter} onFilterChange={onFilterChange} />
}
