import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowRightIcon, LoaderCircleIcon, SaveIcon } from 'lucide-react'
import { useState } from 'react'
import { programChanged, updateProgram } from '~/components/programs/actions.ts'
import { ActivateStep } from '~/components/programs/activate-step.tsx'
import { programErrorMessage } from '~/components/programs/errors.ts'
import { ReviewMethods } from '~/components/programs/methods-with-keys.tsx'
import {
  type Program,
  programKeys,
  programMethodsQueryOptions,
  programQueryOptions,
  programStatuses,
} from '~/components/programs/queries.ts'
import { ReviewItem, StepButtons, StepCard } from '~/components/programs/wizard-parts.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { formatMoney } from '~/lib/money.ts'
import { notify } from '~/lib/notify.tsx'
import { foodProgramQueryOptions, productsQueryOptions } from './api.ts'
import { weekdayNames } from './form-parts.tsx'
import { MenuEditor } from './menu-section.tsx'
import { RestaurantForm } from './restaurant-form.tsx'

/**
 * The food program's steps of the creation wizard (docs/food.md "The wizard"): 1 the restaurant
 * (saving it moves the draft to draftStep2), 2 the menu (at least one active product moves it to
 * draftStep3), 3 review, the payment provider's keys, and activation.
 */

export function FoodRestaurantStep({
  program,
  onBack,
  onDone,
}: {
  program: Program
  onBack: () => void
  onDone: (program: Program) => void
}) {
  const queryClient = useQueryClient()
  const restaurant = useQuery(foodProgramQueryOptions(program.uuid))
  return (
    <StepCard
      testId="wizard-step-restaurant"
      title={<Trans>Restaurant</Trans>}
      description={
        <Trans>What guests read about your restaurant, where it delivers and when it is open.</Trans>
      }
    >
      {restaurant.isPending ? (
        <RowsSkeleton rows={8} />
      ) : restaurant.isError ? (
        <LoadError onRetry={() => restaurant.refetch()} />
      ) : (
        <RestaurantForm
          program={program.uuid}
          restaurant={restaurant.data}
          programTitle={program.title}
          programDescription={program.description}
          onSaved={async () => {
            await queryClient.invalidateQueries({ queryKey: programKeys.detail(program.uuid) })
            const moved = await queryClient.fetchQuery(programQueryOptions(program.uuid))
            programChanged(queryClient, moved)
            onDone(moved)
          }}
        >
          {(saving) => (
            <StepButtons onBack={onBack} disabled={saving}>
              <SaveButton saving={saving} />
            </StepButtons>
          )}
        </RestaurantForm>
      )}
    </StepCard>
  )
}

function SaveButton({ saving }: { saving: boolean }) {
  const hydrated = useHydrated()
  return (
    <Button type="submit" disabled={saving || !hydrated} aria-busy={saving} data-testid="wizard-next">
      {saving ? (
        <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
      ) : (
        <SaveIcon aria-hidden="true" />
      )}
      <Trans>Save and continue</Trans>
    </Button>
  )
}

export function FoodMenuStep({
  program,
  onBack,
  onDone,
}: {
  program: Program
  onBack: () => void
  onDone: (program: Program) => void
}) {
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const products = useQuery(productsQueryOptions(program.uuid))
  const [moving, setMoving] = useState(false)
  const hasActive = products.data?.some((p) => p.is_active) ?? false
  const next = async () => {
    setMoving(true)
    try {
      let current = program
      if (current.status.id === programStatuses.draftStep2)
        current = await updateProgram(program.uuid, { status: programStatuses.draftStep3 })
      programChanged(queryClient, current)
      onDone(current)
    } catch (error) {
      notify.error(programErrorMessage(error))
      setMoving(false)
    }
  }
  return (
    <StepCard
      testId="wizard-step-menu"
      title={<Trans>Menu</Trans>}
      description={
        <Trans>Categories and their products. At least one active product is needed to continue.</Trans>
      }
    >
      <MenuEditor program={program.uuid} currency={program.currency} />
      {!hasActive && products.isSuccess && (
        <p className="text-sm text-muted-foreground" data-testid="menu-needs-product">
          <Trans>Add at least one active product to continue.</Trans>
        </p>
      )}
      <StepButtons onBack={onBack} disabled={moving}>
        <Button
          onClick={next}
          disabled={moving || !hydrated || !hasActive}
          aria-busy={moving}
          data-testid="wizard-next"
        >
          {moving ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          ) : (
            <ArrowRightIcon aria-hidden="true" />
          )}
          <Trans>Continue</Trans>
        </Button>
      </StepButtons>
    </StepCard>
  )
}

export function FoodReviewStep({ program, onBack }: { program: Program; onBack: () => void }) {
  const { i18n } = useLingui()
  const restaurant = useQuery(foodProgramQueryOptions(program.uuid))
  const products = useQuery(productsQueryOptions(program.uuid))
  const _methods = useQuery(programMethodsQueryOptions(program.uuid))
  const r = restaurant.data
  const open = r?.working_hours.filter((h) => h.enabled) ?? []
  return (
    <StepCard
      testId="wizard-step-review"
      title={<Trans>Review and activate</Trans>}
      description={<Trans>Check the restaurant. Once active, guests can find it and read its menu.</Trans>}
    >
      {restaurant.isPending ? (
        <RowsSkeleton rows={4} />
      ) : restaurant.isError || !r ? (
        <LoadError onRetry={() => restaurant.refetch()} />
      ) : (
        <dl className="grid gap-4 sm:grid-cols-2">
          <ReviewItem label={<Trans context="restaurant">Name</Trans>} testId="review-title">
            {program.title}
          </ReviewItem>
          <ReviewItem label={<Trans>Address</Trans>}>{r.address || '—'}</ReviewItem>
          <ReviewItem label={<Trans>Delivery</Trans>} testId="review-delivery">
            {r.type_of_delivery === 2
              ? r.delivery_ranges
                  .map(
                    (d) =>
                      `${d.range_start}–${d.range_end} km: ${formatMoney(d.cost, program.currency, i18n.locale)}`,
                  )
                  .join('\n')
              : r.delivery_range_zip_codes
                  .map((z) => `${z.zip_code}: ${formatMoney(z.cost, program.currency, i18n.locale)}`)
                  .join('\n')}
            {r.can_pickup_in_rest && (
              <>
                {'\n'}
                <Trans>Pickup in the restaurant</Trans>
              </>
            )}
          </ReviewItem>
          <ReviewItem label={<Trans>Working hours</Trans>} testId="review-hours">
            {open
              .map(
                (h) =>
                  `${i18n._(weekdayNames[h.day_of_week - 1] ?? weekdayNames[0]!)} ${h.start_time}–${h.end_time}`,
              )
              .join('\n')}
          </ReviewItem>
          <ReviewItem label={<Trans>Time zone</Trans>}>{r.time_zone}</ReviewItem>
          <ReviewItem label={<Trans>Products</Trans>} testId="review-products">
            {products.data?.length ?? '—'}
          </ReviewItem>
        </dl>
      )}
      <ReviewMethods
        program={program}
        id="food"
        title=<Trans>How guests pay</Trans>
        description={
          <Trans>
            The payment methods of online orders, each with the provider that takes it, with its test and live
            keys.
          </Trans>
        }
      />
      <ActivateStep
        program={program}
        complete={program.status.id === programStatuses.draftStep3}
        missing={<Trans>Add at least one active product to the menu first.</Trans>}
        next={msg`Guests can now find your restaurant and read its menu.`}
        onBack={onBack}
      />
    </StepCard>
  )
}
