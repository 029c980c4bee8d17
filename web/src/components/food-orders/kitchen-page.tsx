import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { PlusIcon, ReceiptIcon } from 'lucide-react'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Label } from '~/components/ui/label.tsx'
import { mainScreens } from '~/lib/navigation.ts'
import { staffRestaurantsQueryOptions } from './api.ts'
import { KitchenBoard } from './kitchen-board.tsx'

/**
 * `/orders` on the acceptor portal: the kitchen board of the restaurant they work at, with a
 * choice when they work at several.
 */
export function KitchenPage({
  restaurant,
  onRestaurantChange,
}: {
  restaurant: string | undefined
  onRestaurantChange: (restaurant: string) => void
}) {
  const { i18n } = useLingui()
  const restaurants = useQuery(staffRestaurantsQueryOptions())
  const list = restaurants.data ?? []
  const chosen = list.find((r) => r.uuid === restaurant) ?? list[0]
  return (
    <section aria-labelledby="screen-title" className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="screen-title" data-testid="screen-title" className="font-semibold text-2xl tracking-tight">
            {i18n._(mainScreens['/orders'].label)}
          </h1>
          {chosen && list.length === 1 && <p className="text-muted-foreground">{chosen.title}</p>}
        </div>
        {chosen && (
          <Button asChild size="lg">
            <Link
              to="/new-order"
              search={list.length > 1 ? { restaurant: chosen.uuid } : {}}
              data-testid="new-order-link"
            >
              <PlusIcon aria-hidden="true" />
              <Trans>New order</Trans>
            </Link>
          </Button>
        )}
        {list.length > 1 && chosen && (
          <div className="grid gap-1">
            <Label htmlFor="kitchen-restaurant">
              <Trans>Restaurant</Trans>
            </Label>
            <select
              id="kitchen-restaurant"
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
        <KitchenBoard key={chosen.uuid} program={chosen.uuid} />
      )}
    </section>
  )
}
