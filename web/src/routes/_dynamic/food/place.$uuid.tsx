import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { StoreIcon } from 'lucide-react'
import { brandTitle } from '~/components/food/brand.ts'
import { JsonLd, keepJsonLd } from '~/components/food/json-ld.tsx'
import { restaurantQueryOptions, serverJsonLd } from '~/components/food/queries.ts'
import { RestaurantPage } from '~/components/food/restaurant-page.tsx'
import { NotFound } from '~/components/not-found.tsx'
import { settleQuery } from '~/lib/queries/load.ts'

/**
 * `/food/place/{uuid}`: a restaurant and its menu, rendered on the server with both, and its
 * schema.org `Restaurant` with the `Menu` as JSON-LD, sent once (json-ld.tsx). An unknown or inactive one is a
 * not-found page (404s are not tried again).
 */
export const Route = createFileRoute('/_dynamic/food/place/$uuid')({
  loader: async ({ context, params }) => {
    // Both at once, and both settled before deciding: a call still running when the page is sent
    // would travel as a pending promise and fail in the browser.
    const [settled, jsonLd] = await Promise.all([
      settleQuery(context.queryClient, restaurantQueryOptions(params.uuid)),
      serverJsonLd(params.uuid, context.host),
    ])
    if (settled.status === 'missing') throw notFound()
    keepJsonLd(context.queryClient, params.uuid, jsonLd)
    const restaurant = settled.status === 'success' ? settled.data : undefined
    return { title: restaurant?.title, description: restaurant?.description }
  },
  head: ({ match, loaderData }) => {
    const brand = match.context.brand
    const description = brand?.restaurant.uuid === match.params.uuid ? undefined : loaderData?.description
    return {
      meta: [
        { title: brandTitle(match.context.i18n, brand, loaderData?.title ?? msg`Restaurant`) },
        ...(description ? [{ name: 'description', content: description }] : []),
      ],
    }
  },
  notFoundComponent: RestaurantNotFound,
  component: Place,
})

function Place() {
  const { uuid } = Route.useParams()
  return (
    <>
      <JsonLd key={uuid} id={uuid} />
      <RestaurantPage uuid={uuid} />
    </>
  )
}

function RestaurantNotFound() {
  return (
    <NotFound
      testId="restaurant-not-found"
      icon={StoreIcon}
      title={<Trans>Restaurant not found</Trans>}
      back={{ to: '/food', label: <Trans>All restaurants</Trans> }}
    >
      <Trans>This restaurant does not exist or does not take guests at the moment.</Trans>
    </NotFound>
  )
}
