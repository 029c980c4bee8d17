import { queryOptions } from '@tanstack/react-query'
import { api } from '~/lib/api.ts'
import type { Schema } from '~/lib/api-types.gen.ts'
import type { FoodOrderDetail } from './api.ts'

/**
 * Counter orders (`POST /food/programs/{uuid}/counter-orders`, docs/food.md "Counter orders"): the
 * restaurant's menu as staff read it, and the order they take for a walk-in customer.
 */

export type CounterProduct = Schema<'FoodProduct'>
export type CounterCategory = Schema<'FoodCategory'>

const at = (uuid: string) => encodeURIComponent(uuid)

/** The restaurant's categories and active products, in menu order. */
export const counterMenuQueryOptions = (program: string) =>
  queryOptions({
    queryKey: ['food-orders', program, 'counter-menu'] as const,
    queryFn: async () => {
      const [categories, products] = await Promise.all([
        api.get<{ results: CounterCategory[] }>('/food/categories', { query: { program_uuid: program } }),
        api.get<{ results: CounterProduct[] }>('/food/products', { query: { program_uuid: program } }),
      ])
      const active = products.results.filter((p) => p.is_active)
      return categories.results
        .map((c) => ({ category: c, products: active.filter((p) => p.category_uuid === c.uuid) }))
        .filter((g) => g.products.length > 0)
    },
  })

/** One line of the order being taken: a product, its variant (or none), its extras and a count. */
export interface CounterLine {
  key: string
  product: CounterProduct
  variant: CounterProduct['variants'][number] | null
  extras: CounterProduct['extras']
  quantity: number
}

export const lineKey = (product: string, variant: string | null, extras: readonly string[]) =>
  `${product}|${variant ?? ''}|${[...extras].sort().join(',')}`

/** What a line costs as shown while taking the order (the server prices it again). */
export const linePrice = (l: CounterLine) =>
  (l.product.price + (l.variant?.price ?? 0) + l.extras.reduce((s, e) => s + e.price, 0)) * l.quantity

export type CounterPayment = 'terminal' | 'cash'

export interface CounterAnswer {
  result: FoodOrderDetail
  payment_url: string | null
  session_id: string
}

export async function takeCounterOrder(
  program: string,
  input: { lines: CounterLine[]; eat_in: boolean; name: string; payment: CounterPayment; language: string },
  idempotencyKey: string,
): Promise<CounterAnswer> {
  return api.post<CounterAnswer>(
    `/food/programs/${at(program)}/counter-orders`,
    {
      lines: input.lines.map((l) => ({
        product_id: l.product.uuid,
        quantity: l.quantity,
        variant_uuid: l.variant?.uuid ?? null,
        extra_uuids: l.extras.map((e) => e.uuid),
      })),
      eat_in: input.eat_in,
      ...(input.name.trim() ? { name: input.name.trim() } : {}),
      payment: input.payment,
      ...(['nl', 'en', 'de', 'ru', 'uk'].includes(input.language) ? { language: input.language } : {}),
    },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  )
}

/**
 * After a failed or expired QR payment (docs/food.md "Counter orders"): a new QR for the same order
 * (the live payment when there still is one), or cash instead (its payment closed). Both may be
 * asked again safely: the API answers the same.
 */
export const counterPaymentAgain = (program: string, order: string) =>
  api.post<CounterAnswer>(`/food/programs/${at(program)}/counter-orders/${at(order)}/payment`)

export const counterCashInstead = (program: string, order: string) =>
  api.post<CounterAnswer>(`/food/programs/${at(program)}/counter-orders/${at(order)}/cash`)
