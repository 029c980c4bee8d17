import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { PlusIcon, ReceiptIcon } from 'lucide-react'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Label } from '~/components/ui/label.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs.tsx'
import { mainScreens } from '~/lib/navigation.ts'
import { staffRestaurantsQueryOptions } from './api.ts'
import { KitchenBoard } from './kitchen-board.tsx'
import { OrdersTable } from './order-books.tsx'

/**
 * `/orders` on the acceptor portal: the kitchen board of the restaurant they work at, with a
 * choice when they work at several, and the orders of a day (today first): a delivered or picked-up
 * order leaves the board, and staff still need to find it when its guest comes back.
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
        <Tabs key={chosen.uuid} defaultValue="board">
          <TabsList className="h-auto flex-wrap" aria-label={i18n._(msg`Order views`)}>
            <TabsTrigger value="board" data-testid="kitchen-board-tab">
              <Trans>Kitchen board</Trans>
            </TabsTrigger>
            <TabsTrigger value="date" data-testid="kitchen-date-tab">
              <Trans>By date</Trans>
            </TabsTrigger>
          </TabsList>
          {/* Kept mounted while the day's orders show: the board's stream and its ring go on. */}
          <TabsContent value="board" forceMount className="data-[state=inactive]:hidden">
            <KitchenBoard program={chosen.uuid} />
          </TabsContent>
          <TabsContent value="date">
            <OrdersTable program={chosen.uuid} active={false} />
          </TabsContent>
        </Tabs>
      )}
    </section>
  )
}
