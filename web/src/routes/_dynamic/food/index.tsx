import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { brandTitle } from '~/components/food/brand.ts'
import { JsonLd, keepJsonLd } from '~/components/food/json-ld.tsx'
import { restaurantsQueryOptions, serverJsonLd } from '~/components/food/queries.ts'
import { RestaurantList } from '~/components/food/restaurant-list.tsx'
import { loadQuery } from '~/lib/queries/load.ts'
import { searchParams, text } from '~/lib/search-params.ts'

/**
 * `/food`: the restaurants (the card holder's home), rendered on the server with the list. On a
 * restaurant's own domain only that restaurant, with its schema.org JSON-LD (sent once, json-ld.tsx);
 * on a food court's own domain the court (`/food/court`).
 */
export const Route = createFileRoute('/_dynamic/food/')({
  validateSearch: searchParams({ search: text({ max: 100 }) }),
  beforeLoad: ({ context }) => {
    // On a food court's own domain the food area is the court (its restaurants, one cart).
    if (context.court) throw redirect({ to: '/food/court', replace: true })
  },
  loaderDeps: ({ search }) => ({ search: search.search ?? '' }),
  loader: async ({ context, deps }) => {
    const { brand, host, queryClient } = context
    const domain = brand ? host : undefined
    const [, jsonLd] = await Promise.all([
      loadQuery(queryClient, restaurantsQueryOptions(deps.search, domain), { notFound: false }),
      brand ? serverJsonLd(brand.restaurant.uuid, host) : null,
    ])
    if (brand) keepJsonLd(queryClient, brand.restaurant.uuid, jsonLd)
  },
  head: ({ match }) => ({
    meta: [{ title: brandTitle(match.context.i18n, match.context.brand, msg`Restaurants`) }],
  }),
  component: Food,
})

function Food() {
  const search = Route.useSearch({ select: (s) => s.search ?? '' })
  const domain = Route.useRouteContext({ select: (c) => (c.brand ? c.host : undefined) })
  const branded = Route.useRouteContext({ select: (c) => c.brand?.restaurant.uuid })
  return (
    <>
      {branded ? <JsonLd key={branded} id={branded} /> : null}
      <RestaurantList search={search} domain={domain} />
    </>
  )
}
