import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { StoreIcon } from 'lucide-react'
import { brandTitle } from '~/components/food/brand.ts'
import { courtOfHost } from '~/components/food/brand-of-page.ts'
import { CourtPage } from '~/components/food/court-page.tsx'
import { guestCourtQueryOptions } from '~/components/food/court-queries.ts'
import { NotFound } from '~/components/not-found.tsx'
import { searchParams, text } from '~/lib/search-params.ts'

/**
 * `/food/court`: a food court for its guests — on the court's own domain the court of that host,
 * elsewhere the one named by `?uuid=` — with its restaurants, one basket across them and one
 * checkout (docs/food-court.md "Guests"). No such court (or not active): a not-found page.
 */
export const Route = createFileRoute('/_dynamic/food/court')({
  validateSearch: searchParams({ uuid: text({ max: 36 }) }),
  loaderDeps: ({ search }) => ({ uuid: search.uuid }),
  loader: async ({ context, deps }) => {
    const by = deps.uuid ? { uuid: deps.uuid } : courtOfHost(context.host)
    const court = await context.queryClient.ensureQueryData(guestCourtQueryOptions(by))
    if (!court) throw notFound()
    return { title: court.title, by }
  },
  head: ({ match, loaderData }) => ({
    meta: [
      { title: brandTitle(match.context.i18n, match.context.brand, loaderData?.title ?? msg`Food court`) },
    ],
  }),
  notFoundComponent: CourtNotFound,
  component: Court,
})

function Court() {
  const { by } = Route.useLoaderData()
  const court = useQuery(guestCourtQueryOptions(by))
  if (!court.data) return null
  return <CourtPage court={court.data} />
}

function CourtNotFound() {
  return (
    <NotFound
      testId="court-not-found"
      icon={StoreIcon}
      title={<Trans>Food court not found</Trans>}
      back={{ to: '/food', label: <Trans>All restaurants</Trans> }}
    >
      <Trans>This food court does not exist or does not take guests at the moment.</Trans>
    </NotFound>
  )
}
