import { msg } from '@lingui/core/macro'
import type { QueryClient } from '@tanstack/react-query'
import { notify } from '~/lib/notify.tsx'
import { clampQuantity, quantityInBasket } from './basket-lines.ts'
import { basketQueryOptions, cartKeys, ensureSession, putBasketLine } from './queries.ts'
import { orderingErrorMessage } from './refusals.ts'

/**
 * Puts `count` more of a dish (with its variant and extras) into the device's basket: the line's
 * count becomes what the basket held for that combination plus `count` (`PUT basket` sets, it does
 * not add). Starts the food session from the dish when there is none. Loaded on the first "Add",
 * so a menu's first load does not carry it.
 */
export async function addToBasket(
  queryClient: QueryClient,
  line: { product: string; variant: string | null; extras: string[]; count: number },
): Promise<void> {
  const uuid = await ensureSession({ product_uuid: line.product })
  const basket = await queryClient.fetchQuery({ ...basketQueryOptions(uuid), staleTime: 5_000 })
  const had = quantityInBasket(basket, line.product, line.variant, line.extras)
  const next = await putBasketLine(uuid, {
    product_id: line.product,
    quantity: clampQuantity(had + line.count),
    variant_uuid: line.variant,
    extra_uuids: line.extras,
  })
  queryClient.setQueryData(cartKeys.basket(uuid), next)
  notify.success(msg`Added to your basket`)
}

/** The menu's quick add: one more of a dish without choices; a refusal is said in a toast. */
export async function quickAdd(queryClient: QueryClient, product: string): Promise<void> {
  try {
    await addToBasket(queryClient, { product, variant: null, extras: [], count: 1 })
  } catch (error) {
    notify.error(orderingErrorMessage(error))
  }
}
