import { isServer, queryOptions } from '@tanstack/react-query'
import { type Answer, ApiError, api } from '~/lib/api.ts'
import type { Schema } from '~/lib/api-types.gen.ts'
import { dishPictureSizes, fittingSrcset } from './srcset.ts'

/** Shapes of the food module's guest calls (docs/food.md, "Calls"), from the generated types. */

export type FoodBrand = Schema<'FoodBrand'>
export type RestaurantList = Answer<'/food/restaurants'>
export type RestaurantListItem = Schema<'FoodRestaurantListItem'>
export type Restaurant = Schema<'FoodRestaurant'>
export type MenuProduct = Schema<'FoodMenuProduct'>
export type GuestProduct = Schema<'FoodGuestProduct'>
export type ProductOption = Schema<'FoodProductOption'>
export type FoodImage = NonNullable<Schema<'FoodImage'>>
export type FoodThumbnail = NonNullable<Schema<'FoodThumbnail'>>
export type ClosedReason = Restaurant['closed_reason']
export type Announcement = RestaurantList['announcements'][number]

export const foodKeys = {
  all: ['food'] as const,
  brand: (host: string) => [...foodKeys.all, 'brand', host] as const,
  restaurants: (search: string, domain: string | undefined) =>
    [...foodKeys.all, 'restaurants', { search, domain }] as const,
  restaurant: (uuid: string) => [...foodKeys.all, 'restaurant', uuid] as const,
  product: (uuid: string) => [...foodKeys.all, 'product', uuid] as const,
}

/**
 * The brand of the host the page is on, or null for the platform's own look (404). Brands change
 * rarely: kept for five minutes.
 */
export const brandQueryOptions = (host: string) =>
  queryOptions({
    queryKey: foodKeys.brand(host),
    queryFn: async (): Promise<FoodBrand | null> => {
      try {
        return (await api.get<Answer<'/food/brand'>>('/food/brand', { query: { host } })).result
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null
        throw error
      }
    },
    staleTime: 5 * 60_000,
  })

/** `/food`: the restaurants (a branded domain: only its own) and their announcements. */
export const restaurantsQueryOptions = (search: string, domain: string | undefined) =>
  queryOptions({
    queryKey: foodKeys.restaurants(search, domain),
    queryFn: () =>
      api.get<RestaurantList>('/food/restaurants', {
        query: { search: search.trim() || undefined, domain },
      }),
  })

/** A picture as a page draws it (`FoodPicture`): the sizes it names, nothing to identify it by. */
export type Picture = Pick<FoodThumbnail, 'url' | 'width' | 'height' | 'srcset'> &
  Partial<Pick<FoodImage, 'srcset_fallback'>>

/** A dish as the restaurant's page shows it: what the menu's row draws, no more. */
export type MenuDish = Pick<
  MenuProduct,
  'uuid' | 'title' | 'description' | 'price' | 'quantity' | 'unit' | 'has_options'
> & {
  image: Picture | null
}

/** The restaurant as its page reads it: the answer with each dish cut to `MenuDish`. */
export type RestaurantPageData = Omit<Restaurant, 'categories'> & {
  categories: (Omit<Restaurant['categories'][number], 'products'> & { products: MenuDish[] })[]
}

/**
 * The menu's dishes keep only what their row shows, and a tile's picture only the candidates a
 * `dishPictureSizes` box can use: this data travels in the page for hydration beside the HTML made
 * from it, and for 200 dishes the category ids, keywords, picture ids and 640 px candidates the
 * page never draws were 40 KiB of it (docs/food.md, "Speed").
 */
function pageData(r: Restaurant): RestaurantPageData {
  return {
    ...r,
    categories: r.categories.map((c) => ({
      ...c,
      products: c.products.map((p) => ({
        uuid: p.uuid,
        title: p.title,
        description: p.description,
        price: p.price,
        quantity: p.quantity,
        unit: p.unit,
        has_options: p.has_options,
        image: p.image && {
          url: p.image.url,
          width: p.image.width,
          height: p.image.height,
          srcset: fittingSrcset(p.image.srcset, dishPictureSizes),
        },
      })),
    })),
  }
}

export const restaurantQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: foodKeys.restaurant(uuid),
    queryFn: async () =>
      pageData(
        (await api.get<Answer<'/food/restaurants/{uuid}'>>(`/food/restaurants/${encodeURIComponent(uuid)}`))
          .result,
      ),
  })

export const productQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: foodKeys.product(uuid),
    queryFn: async () =>
      (await api.get<Answer<'/food/products/{uuid}'>>(`/food/products/${encodeURIComponent(uuid)}`)).result,
  })

/**
 * schema.org Restaurant with its Menu for the page's head, read while rendering on the server only:
 * search engines read it from the first HTML, and a navigation in the browser has no use for it. Not
 * kept in the query cache (the page carries it once, in the head, and once for hydration); null
 * when it cannot be had.
 */
export async function serverJsonLd(uuid: string, host: string): Promise<Record<string, unknown> | null> {
  if (!isServer) return null
  try {
    return await api.get<Record<string, unknown>>(`/food/restaurants/${encodeURIComponent(uuid)}/json-ld`, {
      query: { host },
    })
  } catch {
    return null
  }
}
