import { useLingui } from '@lingui/react/macro'
import { LoaderCircleIcon } from 'lucide-react'
import { Button } from '~/components/ui/button.tsx'
import { type FoodOrder, moveMessage, nextStatuses } from './api.ts'
import { useMoveOrder } from './use-move-order.ts'

/**
 * The big, touch-friendly buttons that move an order on: only the moves the backend allows from
 * its status (paid → kitchen → out for delivery / ready for pickup → delivered / picked up).
 */
export function StatusButtons({
  program,
  order,
  onMoved,
}: {
  program: string
  order: Pick<FoodOrder, 'uuid' | 'order_status' | 'type' | 'order_id'> & {
    rejected_at?: string | null | undefined
  }
  onMoved?: () => void
}) {
  const { i18n } = useLingui()
  const { move, busy } = useMoveOrder(program)
  // A rejected court sub-order was refunded: there is nothing to move on.
  const next = order.rejected_at ? [] : nextStatuses(order)
  if (next.length === 0) return null
  const pickup = order.type === 'pickup'
  return (
    <div className="flex flex-wrap gap-2">
      {next.map((status, i) => (
        <Button
          key={status}
          type="button"
          size="lg"
          variant={i === 0 ? 'primary' : 'outline'}
          className="min-h-12 grow text-base"
          disabled={busy !== null}
          data-testid={`move-${status}`}
          onClick={async () => {
            if (await move(order, status)) onMoved?.()
          }}
        >
          {busy === order.uuid && i === 0 && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
          {i18n._(moveMessage(status, pickup))}
        </Button>
      ))}
    </div>
  )
}
