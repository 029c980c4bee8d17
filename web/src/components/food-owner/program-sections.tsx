import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ChevronDownIcon, LoaderCircleIcon, SaveIcon } from 'lucide-react'
import { ReceivedInvitesSection } from '~/components/food-court/received-invites.tsx'
import { OrderBooksCard } from '~/components/food-orders/order-books.tsx'
import { type Program, programKeys } from '~/components/programs/queries.ts'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { notify } from '~/lib/notify.tsx'
import { AnnouncementsSection } from './announcements-section.tsx'
import { foodProgramQueryOptions } from './api.ts'
import { BrandSection } from './brand-section.tsx'
import { MenuCard } from './menu-section.tsx'
import { RestaurantForm } from './restaurant-form.tsx'

/**
 * A food program's cards on its page: the restaurant's settings, brand and SEO (owner), the menu
 * and the announcements (owner, and the acceptors working at the restaurant on their portal).
 */
export function FoodProgramSections({ program }: { program: Program }) {
  return (
    <>
      <RestaurantSettingsCard program={program} />
      <OrderBooksCard program={program.uuid} />
      <MenuCard program={program.uuid} currency={program.currency} />
      <BrandSection program={program.uuid} />
      <AnnouncementsSection program={program.uuid} />
      <ReceivedInvitesSection restaurant={program.uuid} />
    </>
  )
}

/** What an acceptor working at the restaurant edits: the menu and the announcements. */
export function FoodStaffSections({ program, currency }: { program: string; currency: string }) {
  return (
    <>
      <MenuCard program={program} currency={currency} />
      <AnnouncementsSection program={program} />
    </>
  )
}

function RestaurantSettingsCard({ program }: { program: Program }) {
  const queryClient = useQueryClient()
  const hydrated = useHydrated()
  const restaurant = useQuery(foodProgramQueryOptions(program.uuid))
  return (
    <Card data-testid="food-restaurant">
      <CardHeader>
        <CardTitle>
          <Trans>Restaurant</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Address, delivery, working hours, ordering and documents.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <details className="group rounded-lg border px-4 py-3">
          <summary
            className="flex cursor-pointer list-none items-center justify-between gap-3 font-medium"
            data-testid="food-restaurant-open"
          >
            <Trans>Restaurant settings</Trans>
            <ChevronDownIcon
              aria-hidden="true"
              className="size-4 transition-transform group-open:rotate-180"
            />
          </summary>
          <div className="mt-4">
            {restaurant.isPending ? (
              <RowsSkeleton rows={6} />
            ) : restaurant.isError ? (
              <LoadError onRetry={() => restaurant.refetch()} />
            ) : (
              <RestaurantForm
                program={program.uuid}
                restaurant={restaurant.data}
                programTitle={program.title}
                programDescription={program.description}
                onSaved={() => {
                  void queryClient.invalidateQueries({ queryKey: programKeys.detail(program.uuid) })
                  notify.success(msg`Restaurant saved`)
                }}
              >
                {(saving) => (
                  <div className="flex justify-end border-t pt-4">
                    <Button
                      type="submit"
                      disabled={saving || !hydrated}
                      aria-busy={saving}
                      data-testid="restaurant-save"
                    >
                      {saving ? (
                        <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
                      ) : (
                        <SaveIcon aria-hidden="true" />
                      )}
                      <Trans>Save restaurant</Trans>
                    </Button>
                  </div>
                )}
              </RestaurantForm>
            )}
          </div>
        </details>
      </CardContent>
    </Card>
  )
}
