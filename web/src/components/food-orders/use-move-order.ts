import { msg } from '@lingui/core/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { isApiError } from '~/lib/api.ts'
import { describeApiError } from '~/lib/api-messages.ts'
import { notify } from '~/lib/notify.tsx'
import { changeOrderStatus, type FoodOrder, ordersKeys } from './api.ts'

/**
 * Moves an order along the backend's transitions. A 409 means someone else moved it first (another
 * screen, another person): everything about the restaurant's orders is read again and the user is
 * told so in words.
 */
export function useMoveOrder(program: string) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState<string | null>(null)
  const move = async (order: Pick<FoodOrder, 'uuid'>, status: number): Promise<boolean> => {
    setBusy(order.uuid)
    try {
      await changeOrderStatus(program, order.uuid, status)
      return true
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        notify.warn(msg`This order was already moved on another screen. The orders are up to date again.`)
      } else notify.error(describeApiError(error))
      return false
    } finally {
      setBusy(null)
      await queryClient.invalidateQueries({ queryKey: ordersKeys.program(program) })
    }
  }
  return { move, busy }
}
