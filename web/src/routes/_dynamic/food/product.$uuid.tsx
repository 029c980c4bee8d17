import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { UtensilsIcon } from 'lucide-react'
import { brandTitle } from '~/components/food/brand.ts'
import { ProductPage } from '~/components/food/product-page.tsx'
import { productQueryOptions } from '~/components/food/queries.ts'
import { NotFound } from '~/components/not-found.tsx'
import { loadQuery } from '~/lib/queries/load.ts'

/** `/food/product/{uuid}`: one dish with its variants, extras and price, rendered on the server. */
export const Route = createFileRoute('/_dynamic/food/product/$uuid')({
  loader: async ({ context, params }) => {
    const product = await loadQuery(context.queryClient, productQueryOptions(params.uuid))
    return { title: product?.title, restaurant: product?.restaurant.title, description: product?.description }
  },
  head: ({ match, loaderData }) => ({
    meta: [
      {
        title: brandTitle(
          match.context.i18n,
          match.context.brand,
          loaderData?.title ?? msg`Dish`,
          match.context.brand ? undefined : loaderData?.restaurant,
        ),
      },
      ...(loaderData?.description ? [{ name: 'description', content: loaderData.description }] : []),
    ],
  }),
  notFoundComponent: ProductNotFound,
  component: Product,
})

function Product() {
  const { uuid } = Route.useParams()
  return <ProductPage uuid={uuid} />
}

function ProductNotFound() {
  return (
    <NotFound
      testId="product-not-found"
      icon={UtensilsIcon}
      title={<Trans>Dish not found</Trans>}
      back={{ to: '/food', label: <Trans>All restaurants</Trans> }}
    >
      <Trans>This dish is not on any menu at the moment.</Trans>
    </NotFound>
  )
}
