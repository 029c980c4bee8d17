import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowLeftIcon, ReceiptIcon } from 'lucide-react'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Label } from '~/components/ui/label.tsx'
import { staffRestaurantsQueryOptions } from './api.ts'
import { CounterOrder } from './counter-order.tsx'

/**
 * `/new-order` on the acceptor portal (spec platform.md section 2): staff take an order at the
 * counter for a walk-in customer, at the restaurant they work at (a choice when they work at
 * several). The order reaches the kitchen board once paid (the payment QR) or at once (cash).
 */
export function NewOrderPage({
  restaurant,
  onRestaurantChange,
}: {
  restaurant: string | undefined
  onRestaurantChange: (restaurant: string) => void
}) {
  const restaurants = useQuery(staffRestaurantsQueryOptions())
  const list = restaurants.data ?? []
  const chosen = list.find((r) => r.uuid === restaurant) ?? list[0]
  const { t } = useLingui()
  return (
    <section aria-labelledby="screen-title" className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Link
            to="/orders"
            search={chosen && list.length > 1 ? { restaurant: chosen.uuid } : {}}
            className="mb-1 inline-flex items-center gap-1 text-muted-foreground text-sm underline-offset-4 hover:underline"
          >
            <ArrowLeftIcon aria-hidden="true" className="size-4" />
            <Trans>Kitchen board</Trans>
          </Link>
          <h1 id="screen-title" data-testid="screen-title" className="font-semibold text-2xl tracking-tight">
            {t`New order`}
          </h1>
          {chosen && list.length === 1 && <p className="text-muted-foreground">{chosen.title}</p>}
        </div>
        {list.length > 1 && chosen && (
          <div className="grid gap-1">
            <Label htmlFor="counter-restaurant">
              <Trans>Restaurant</Trans>
            </Label>
            <select
              id="counter-restaurant"
              className="h-11 rounded-md border border-input bg-background px-3"
              value={chosen.uuid}
              onChange={(e) => onRestaurantChange(e.target.value)}
            >
              {list.map((r) => (
                <option key={r.uuid} value={r.uuid}>
                  {r.title}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {restaurants.isPending ? (
        <RowsSkeleton rows={4} />
      ) : restaurants.isError ? (
        <LoadError onRetry={() => restaurants.refetch()} />
      ) : !chosen ? (
        <EmptyState icon={ReceiptIcon} title={<Trans>No restaurant yet</Trans>}>
          <Trans>Orders appear here once you work at a restaurant on the platform.</Trans>
        </EmptyState>
      ) : (
        <CounterOrder key={chosen.uuid} program={chosen.uuid} currency={chosen.currency} />
      )}
    </section>
  )
}
