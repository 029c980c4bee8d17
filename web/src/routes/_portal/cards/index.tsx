import { createFileRoute, stripSearchParams, useNavigate, useRouteContext } from '@tanstack/react-router'
import { AdminCardsPage } from '~/components/cards/admin-cards-page.tsx'
import { HeldCardsPage } from '~/components/cards/held-cards-page.tsx'
import {
  batchesQueryOptions,
  cardTypesQueryOptions,
  heldCardsQueryOptions,
} from '~/components/cards/queries.ts'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'
import { loadSignedIn } from '~/lib/queries/load.ts'
import { integer, orElse, searchParams } from '~/lib/search-params.ts'

const searchDefaults = { page: 1 } as const

/**
 * `/cards`: the card holder's cards; on the admin portal card prices and all card orders, whose
 * page lives in the URL (the first page stays out of it).
 */
export const Route = createFileRoute('/_portal/cards/')({
  validateSearch: searchParams({ page: orElse(integer({ min: 1 }), searchDefaults.page) }),
  search: { middlewares: [stripSearchParams(searchDefaults)] },
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: async ({ context, deps }) => {
    if (context.portal !== 'admin') {
      await loadSignedIn(context, heldCardsQueryOptions())
      return
    }
    await Promise.all([
      loadSignedIn(context, cardTypesQueryOptions(context.i18n.locale)),
      loadSignedIn(context, batchesQueryOptions(deps.page)),
    ])
  },
  head: ({ match }) => pageTitle(match.context.i18n, mainScreens['/cards'].label),
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
