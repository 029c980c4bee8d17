import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { StoreIcon, UndoIcon } from 'lucide-react'
import { useRef } from 'react'
import { ordersKeys } from '~/components/food-orders/api.ts'
import { Money } from '~/components/food-orders/order-parts.tsx'
import { ConfirmButton } from '~/components/shared/confirm-button.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { ApiError, api } from '~/lib/api.ts'
import type { Schema } from '~/lib/api-types.gen.ts'
import { notify } from '~/lib/notify.tsx'
import { courtErrorMessage } from './errors.ts'
import { partNames } from './labels.tsx'

/**
 * The restaurant's part of a food court order, in its kitchen's order dialog (docs/food-court.md,
 * "A rejected part"): the court, what the guest paid for this part, the court fee taken from it and
 * what the restaurant is paid, and — while it may — "Reject my part": after a confirmation that
 * says what happens to the money, only this part's whole gross is refunded to the guest; the other
 * restaurants' parts go on. An ordinary order has no part (404): nothing is shown.
 */

export type RestaurantPart = Schema<'FoodCourtRestaurantPart'>

const enc = encodeURIComponent

export const restaurantPartQueryOptions = (program: string, order: string) =>
  queryOptions({
    queryKey: [...ordersKeys.detail(program, order), 'court-part'] as const,
    queryFn: async (): Promise<RestaurantPart | null> => {
      try {
        return (
          await api.get<{ result: RestaurantPart }>(
            `/food/programs/${enc(program)}/court-orders/${enc(order)}`,
          )
        ).result
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null
        throw error
      }
    },
  })

/** Rejects the restaurant's part: one key per dialog, so a repeated tap is the same rejection. */
async function rejectPart(program: string, order: string, idempotencyKey: string) {
  return api.post<{ result: RestaurantPart }>(
    `/food/programs/${enc(program)}/court-orders/${enc(order)}/reject`,
    undefined,
    { headers: { 'Idempotency-Key': idempotencyKey } },
  )
}

export function RestaurantPartSection({ program, order }: { program: string; order: string }) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const part = useQuery(restaurantPartQueryOptions(program, order))
  const key = useRef(crypto.randomUUID())
  if (!part.data) return null
  const p = part.data
  const reject = async () => {
    try {
      await rejectPart(program, order, key.current)
      notify.success(msg`Your part is rejected`, {
        description: msg`The guest gets this part’s money back.`,
      })
    } catch (error) {
      notify.error(courtErrorMessage(error))
    } finally {
      await queryClient.invalidateQueries({ queryKey: ordersKeys.program(program) })
    }
  }
  return (
    <section
      aria-labelledby="court-part-title"
      className="space-y-2 rounded-md border p-3"
      data-testid="court-part"
      data-part={p.part_status}
    >
      <h3 id="court-part-title" className="flex flex-wrap items-center gap-2 font-semibold">
        <StoreIcon aria-hidden="true" className="size-4" />
        <Trans>Food court order · {p.court_title}</Trans>
        <Badge
          variant={p.part_status === 'refunded' ? 'destructive' : 'muted'}
          data-testid="court-part-status"
        >
          {i18n._(partNames[p.part_status] ?? partNames.created)}
        </Badge>
      </h3>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">
          <Trans>Paid by the guest for your part</Trans>
        </dt>
        <dd className="text-end tabular-nums" data-testid="court-part-gross">
          <Money amount={p.total} currency={p.currency} />
        </dd>
        <dt className="text-muted-foreground">
          <Trans>Food court fee</Trans>
        </dt>
        <dd className="text-end tabular-nums">
          − <Money amount={p.food_court_fee} currency={p.currency} />
        </dd>
        <dt className="font-medium">
          {p.part_status === 'refunded' ? (
            <Trans>Refunded to the guest</Trans>
          ) : (
            <Trans>Paid out to you</Trans>
          )}
        </dt>
        <dd className="text-end font-medium tabular-nums" data-testid="court-part-money">
          <Money amount={p.part_status === 'refunded' ? p.total : p.payout_amount} currency={p.currency} />
        </dd>
      </dl>
      {p.can_reject && (
        <ConfirmButton
          size="sm"
          destructive
          testId="court-part-reject"
          title={<Trans>Reject your part of this food court order?</Trans>}
          description={
            <Trans>
              The guest gets <Money amount={p.total} currency={p.currency} /> back for your part, and you are
              not paid <Money amount={p.payout_amount} currency={p.currency} /> for it. The food court takes
              no fee on it. The other restaurants’ parts of the order go on. This cannot be undone.
            </Trans>
          }
          confirmLabel={<Trans>Reject and refund</Trans>}
          onConfirm={reject}
        >
          <UndoIcon aria-hidden="true" />
          <Trans>Reject my part</Trans>
        </ConfirmButton>
      )}
    </section>
  )
}
