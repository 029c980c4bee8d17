import { createFileRoute, stripSearchParams, useNavigate, useRouteContext } from '@tanstack/react-router'
import { z } from 'zod'
import { AdminCardsPage } from '~/components/cards/admin-cards-page.tsx'
import { HeldCardsPage } from '~/components/cards/held-cards-page.tsx'

const searchDefaults = { page: 1 } as const

/**
 * `/cards`: the card holder's cards; on the admin portal card prices and all card orders, whose
 * page lives in the URL (the first page stays out of it).
 */
export const Route = createFileRoute('/_portal/cards/')({
  validateSearch: z.object({
    page: z.coerce.number().int().min(1).catch(searchDefaults.page).default(searchDefaults.page),
  }),
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
