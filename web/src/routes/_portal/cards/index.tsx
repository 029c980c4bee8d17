import { createFileRoute, stripSearchParams, useNavigate, useRouteContext } from '@tanstack/react-router'
import { AdminCardsPage } from '~/components/cards/admin-cards-page.tsx'
import { HeldCardsPage } from '~/components/cards/held-cards-page.tsx'
import { integer, orElse, searchParams } from '~/lib/search-params.ts'

const searchDefaults = { page: 1 } as const

/**
 * `/cards`: the card holder's cards; on the admin portal card prices and all card orders, whose
 * page lives in the URL (the first page stays out of it).
 */
export const Route = createFileRoute('/_portal/cards/')({
  validateSearch: searchParams({ page: orElse(integer({ min: 1 }), searchDefaults.page) }),
  search: { middlewares: [stripSearchParams(searchDefaults)] },
  component: Cards,
})

function Cards() {
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const { page } = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  if (portal === 'admin') {
    return (
      <AdminCardsPage
        page={page}
        onPageChange={(next) => navigate({ search: { page: next }, replace: true })}
      />
    )
  }
  return <HeldCardsPage />
}
