import { createFileRoute, Outlet, useRouteContext } from '@tanstack/react-router'
import { brandHead } from '~/components/food/brand.ts'
import { FoodFrame } from '~/components/food/food-frame.tsx'
import { BasketButton } from '~/components/food-cart/basket-button.tsx'
import { loadCatalogArea } from '~/lib/i18n.ts'

/**
 * The food area (`/food`, `/food/place/{uuid}`, `/food/product/{uuid}`), open to guests and
 * signed-in card holders alike: the card holder's home. On a restaurant's own domain every page
 * is drawn in its brand (colours, logo, title, favicon, analytics; docs/food.md "Guest pages"):
 * the root route looked the brand of the page's host up (brand-of-page.ts) and hands it down.
 */
export const Route = createFileRoute('/_dynamic/food')({
  staticData: { frame: 'own' },
  beforeLoad: async ({ context }) => {
    await loadCatalogArea(context.i18n, 'food')
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
