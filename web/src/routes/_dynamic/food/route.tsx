import { createFileRoute, Outlet, useRouteContext } from '@tanstack/react-router'
import { brandHead } from '~/components/food/brand.ts'
import { FoodFrame } from '~/components/food/food-frame.tsx'
import { pageHost } from '~/components/food/host.ts'
import { brandQueryOptions, type FoodBrand } from '~/components/food/queries.ts'
import { BasketButton } from '~/components/food-cart/basket-button.tsx'
import { loadCatalogArea } from '~/lib/i18n.ts'

/**
 * The food area (`/food`, `/food/place/{uuid}`, `/food/product/{uuid}`), open to guests and
 * signed-in card holders alike: the card holder's home. On a restaurant's own domain every page
 * is drawn in its brand (colours, logo, title, favicon, analytics; docs/food.md "Guest pages"):
 * the brand of the request's host is looked up once here and handed to the pages in the context.
 */
export const Route = createFileRoute('/_dynamic/food')({
  staticData: { frame: 'own' },
  beforeLoad: async ({ context }): Promise<{ brand: FoodBrand | null; host: string }> => {
    const [host] = await Promise.all([pageHost(), loadCatalogArea(context.i18n, 'food')])
    // The portals of staff never have a brand of a restaurant.
    if (context.portal !== 'cardholder' || !host) return { brand: null, host }
    try {
      return { brand: await context.queryClient.ensureQueryData(brandQueryOptions(host)), host }
    } catch {
      // The brand cannot be read now: the platform's own look, the pages still work.
      return { brand: null, host }
    }
  },
  head: ({ match }) => brandHead(match.context.brand),
  component: FoodArea,
})

function FoodArea() {
  const signedIn = useRouteContext({ from: '__root__', select: (c) => c.session !== null })
  const brand = Route.useRouteContext({ select: (c) => c.brand })
  // A signed-in card holder sees the food area in the portal's frame (the dynamic layout).
  if (signedIn) {
    // The portal's frame has no food bar: the basket floats at the bottom once it holds something.
    return (
      <>
        <Outlet />
        <BasketButton floating />
      </>
    )
  }
  return (
    <FoodFrame brand={brand}>
      <Outlet />
    </FoodFrame>
  )
}
