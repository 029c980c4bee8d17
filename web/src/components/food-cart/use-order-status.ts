import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { apiUrl } from '~/lib/api.ts'
import { cartKeys, type FoodOrderDetail } from './queries.ts'

/** Statuses after which nothing changes for the guest any more. */
export const finalStatus = (status: number) => status >= 7

/**
 * Follows an order's status live over `GET food/orders/{uuid}/events` (SSE): each `status` event
 * puts the new status into the order's query and reads the order again (its history). EventSource
 * reconnects by itself; while it cannot (`offline`), the order is read every 10 s instead. The
 * stream closes once the order is delivered or picked up.
 */
export function useOrderStatus(uuid: string, session: string, status: number | undefined): { live: boolean } {
  const queryClient = useQueryClient()
  const [live, setLive] = useState(false)
  const done = status !== undefined && finalStatus(status)
  useEffect(() => {
    if (done || typeof EventSource === 'undefined') return
    const source = new EventSource(
      apiUrl(`/food/orders/${encodeURIComponent(uuid)}/events`, { session_id: session }),
    )
    let fallback: ReturnType<typeof setInterval> | undefined
    const refetch = () => void queryClient.invalidateQueries({ queryKey: cartKeys.order(uuid) })
    source.addEventListener('open', () => {
      setLive(true)
      if (fallback) clearInterval(fallback)
      fallback = undefined
    })
    source.addEventListener('status', (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as { order_status: number }
      const known = queryClient.getQueryData<FoodOrderDetail>(cartKeys.order(uuid))
      if (known && known.order_status !== data.order_status) {
        queryClient.setQueryData(cartKeys.order(uuid), { ...known, order_status: data.order_status })
        refetch()
      }
    })
    source.addEventListener('error', () => {
      setLive(false)
      if (source.readyState === EventSource.CLOSED || !fallback) {
        fallback ??= setInterval(refetch, 10_000)
      }
    })
    return () => {
      source.close()
      if (fallback) clearInterval(fallback)
      setLive(false)
    }
  }, [uuid, session, done, queryClient])
  return { live }
}
