import type { QueryClient } from '@tanstack/react-query'
import { queryOptions } from '@tanstack/react-query'
import { api } from '~/lib/api.ts'
import type { Schema } from '~/lib/api-types.gen.ts'

/**
 * The owner side of the food API (`/api/v1/food/...`, docs/food.md): the restaurant, its menu, its
 * brand and its announcements, as the owner's and the restaurant staff's screens read and write
 * them. Answers are unwrapped from `result` / `results`.
 */

export type FoodProgram = Schema<'FoodProgram'>
export type FoodImage = Schema<'FoodImage'>
export type FoodCategory = Schema<'FoodCategory'>
export type FoodProduct = Schema<'FoodProduct'>
export type FoodBranding = Schema<'FoodBranding'>
export type FoodAnnouncement = Schema<'FoodAnnouncement'>
export type FoodTheme = Schema<'FoodTheme'>

const at = (uuid: string) => encodeURIComponent(uuid)

export const foodKeys = {
  all: ['food-owner'] as const,
  program: (uuid: string) => ['food-owner', 'program', uuid] as const,
  categories: (uuid: string) => ['food-owner', 'categories', uuid] as const,
  products: (uuid: string) => ['food-owner', 'products', uuid] as const,
  branding: (uuid: string) => ['food-owner', 'branding', uuid] as const,
  theme: (color: string) => ['food-owner', 'theme', color] as const,
  announcements: (uuid: string) => ['food-owner', 'announcements', uuid] as const,
}

export const foodProgramQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: foodKeys.program(uuid),
    queryFn: async () => (await api.get<{ result: FoodProgram }>(`/food/programs/${at(uuid)}`)).result,
  })

export const categoriesQueryOptions = (program: string) =>
  queryOptions({
    queryKey: foodKeys.categories(program),
    queryFn: async () =>
      (await api.get<{ results: FoodCategory[] }>('/food/categories', { query: { program_uuid: program } }))
        .results,
  })

export const productsQueryOptions = (program: string) =>
  queryOptions({
    queryKey: foodKeys.products(program),
    queryFn: async () =>
      (await api.get<{ results: FoodProduct[] }>('/food/products', { query: { program_uuid: program } }))
        .results,
  })

export const brandingQueryOptions = (program: string) =>
  queryOptions({
    queryKey: foodKeys.branding(program),
    queryFn: async () =>
      (await api.get<{ result: FoodBranding }>('/food/branding', { query: { program_uuid: program } }))
        .result,
  })

export const themeQueryOptions = (color: string) =>
  queryOptions({
    queryKey: foodKeys.theme(color),
    queryFn: async () => (await api.get<{ result: FoodTheme }>('/food/theme', { query: { color } })).result,
    staleTime: Number.POSITIVE_INFINITY,
  })

export const announcementsQueryOptions = (program: string) =>
  queryOptions({
    queryKey: foodKeys.announcements(program),
    queryFn: async () =>
      (
        await api.get<{ results: FoodAnnouncement[] }>('/food/announcements', {
          query: { program_uuid: program },
        })
      ).results,
  })

/** The restaurant as `PATCH food/programs/{uuid}` takes it (costs as typed, distances in km). */
export type RestaurantChange = Record<string, unknown>

export async function saveRestaurant(uuid: string, change: RestaurantChange): Promise<FoodProgram> {
  return (await api.patch<{ result: FoodProgram }>(`/food/programs/${at(uuid)}`, change)).result
}

export async function uploadRestaurantImage(file: File): Promise<FoodImage> {
  const body = new FormData()
  body.append('image', file)
  return (await api.post<{ result: FoodImage }>('/food/programs/images', body)).result
}

export async function uploadProductImage(file: File): Promise<FoodImage> {
  const body = new FormData()
  body.append('image', file)
  return (await api.post<{ result: FoodImage }>('/food/products/images', body)).result
}

/** Terms and conditions or privacy statement (PDF): answers the uri to save as `tc_pdf_url`/`privacy_pdf_url`. */
export async function uploadDocument(kind: 'terms' | 'privacy', file: File): Promise<string> {
  const body = new FormData()
  body.append('file', file)
  const path = kind === 'terms' ? '/food/terms-and-conditions' : '/food/privacy'
  return (await api.post<{ uri: string }>(path, body)).uri
}

export async function addCategory(program: string, title: string): Promise<FoodCategory> {
  return (await api.post<{ result: FoodCategory }>('/food/categories', { program_uuid: program, title }))
    .result
}

export async function renameCategory(uuid: string, title: string): Promise<FoodCategory> {
  return (await api.patch<{ result: FoodCategory }>(`/food/categories/${at(uuid)}`, { title })).result
}

export async function deleteCategory(uuid: string): Promise<void> {
  await api.delete(`/food/categories/${at(uuid)}`)
}

export type ProductChange = Record<string, unknown>

export async function addProduct(change: ProductChange): Promise<FoodProduct> {
  return (await api.post<{ result: FoodProduct }>('/food/products', change)).result
}

export async function updateProduct(uuid: string, change: ProductChange): Promise<FoodProduct> {
  return (await api.patch<{ result: FoodProduct }>(`/food/products/${at(uuid)}`, change)).result
}

export async function deleteProduct(uuid: string): Promise<void> {
  await api.delete(`/food/products/${at(uuid)}`)
}

export type OrderEntry = { category_uuid: string; index: number } | { product_uuid: string; index: number }

/** Saves the order of categories, or of one category's products (drag and drop). */
export async function saveOrder(program: string, order: OrderEntry[]): Promise<FoodCategory[]> {
  return (
    await api.post<{ results: FoodCategory[] }>('/food/products/order', { program_uuid: program, order })
  ).results
}

export async function saveBranding(body: FormData): Promise<FoodBranding> {
  return (await api.post<{ result: FoodBranding }>('/food/branding', body)).result
}

export async function addAnnouncement(program: string, announcement: string): Promise<FoodAnnouncement> {
  return (
    await api.post<{ result: FoodAnnouncement }>('/food/announcements', {
      program_uuid: program,
      announcement,
    })
  ).result
}

export async function changeAnnouncement(uuid: string, announcement: string): Promise<FoodAnnouncement> {
  return (await api.put<{ result: FoodAnnouncement }>(`/food/announcements/${at(uuid)}`, { announcement }))
    .result
}

export async function deleteAnnouncement(uuid: string): Promise<void> {
  await api.delete(`/food/announcements/${at(uuid)}`)
}

/** After a change of the menu: both lists again (counts and positions move together). */
export function menuChanged(queryClient: QueryClient, program: string) {
  void queryClient.invalidateQueries({ queryKey: foodKeys.categories(program) })
  void queryClient.invalidateQueries({ queryKey: foodKeys.products(program) })
}
