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
  programQueryOptions,
  programStatuses,
} from '~/components/programs/queries.ts'
import { ReviewItem, StepButtons, StepCard } from '~/components/programs/wizard-parts.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { formatMoney } from '~/lib/money.ts'
import { notify } from '~/lib/notify.tsx'
import { courtQueryOptions, type FoodCourt } from './api.ts'
import { CourtForm } from './court-form.tsx'
import { InvitationsSection } from './invitations-section.tsx'

/**
 * The food court's steps of the creation wizard (docs/food-court.md "The wizard"): 1 the court
 * (basics, domain, minimum, fee, its provider account — the super merchant split payments are
 * routed through — and external reference; saving it moves the draft to draftStep2), 2 the
 * restaurants it invites (none required; then draftStep3), 3 review, payment methods, activation.
 */

export function CourtSettingsStep({
  program,
  onBack,
  onDone,
}: {
  program: Program
  onBack: () => void
  onDone: (program: Program) => void
}) {
  const queryClient = useQueryClient()
  const court = useQuery(courtQueryOptions(program.uuid))
  return (
    <StepCard
      testId="wizard-step-court"
      title={<Trans>Food court</Trans>}
      description={
        <Trans>What guests read about the food court, where they order, its minimum order and its fee.</Trans>
      }
    >
      {court.isPending ? (
        <RowsSkeleton rows={6} />
      ) : court.isError ? (
        <LoadError onRetry={() => court.refetch()} />
      ) : (
        <CourtForm
          program={program.uuid}
          court={court.data}
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
        </CourtForm>
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

export function CourtRestaurantsStep({
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
  const [moving, setMoving] = useState(false)
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
      testId="wizard-step-restaurants"
      title={<Trans>Restaurants</Trans>}
      description={
        <Trans>
          Invite the restaurants of the food court now or later. Each joins once its owner accepts your terms
          and finishes the onboarding at the payment provider.
        </Trans>
      }
    >
      <InvitationsSection court={program.uuid} embedded />
      <StepButtons onBack={onBack} disabled={moving}>
        <Button onClick={next} disabled={moving || !hydrated} aria-busy={moving} data-testid="wizard-next">
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

/** The court's fee in words: "10 %" or "€ 1,50 per order", or none. */
export function CourtFee({
  court,
}: {
  court: Pick<FoodCourt, 'split_payment_fee_percent' | 'split_payment_fee_fixed' | 'currency'>
}) {
  const { i18n } = useLingui()
  if (court.split_payment_fee_percent !== null && court.split_payment_fee_percent !== undefined) {
    const percent = i18n.number(court.split_payment_fee_percent / 100, {
      style: 'percent',
      maximumFractionDigits: 2,
    })
    return <Trans>{percent} of every order</Trans>
  }
  if (court.split_payment_fee_fixed !== null && court.split_payment_fee_fixed !== undefined) {
    const fixed = formatMoney(court.split_payment_fee_fixed, court.currency || 'EUR', i18n.locale)
    return <Trans>{fixed} per order</Trans>
  }
  return <Trans>No fee</Trans>
}

export function CourtReviewStep({ program, onBack }: { program: Program; onBack: () => void }) {
  const { i18n } = useLingui()
  const court = useQuery(courtQueryOptions(program.uuid))
  const c = court.data
  return (
    <StepCard
      testId="wizard-step-review"
      title={<Trans>Review and activate</Trans>}
      description={
        <Trans>Check the food court. Once active, you can invite restaurants and guests can order.</Trans>
      }
    >
      {court.isPending ? (
        <RowsSkeleton rows={4} />
      ) : court.isError || !c ? (
        <LoadError onRetry={() => court.refetch()} />
      ) : (
        <dl className="grid gap-4 sm:grid-cols-2">
          <ReviewItem label={<Trans context="food court">Name</Trans>} testId="review-title">
            {program.title}
          </ReviewItem>
          <ReviewItem label={<Trans>Address</Trans>}>{c.address || '—'}</ReviewItem>
          <ReviewItem label={<Trans>Domain name</Trans>} testId="review-domain">
            {c.domain_name || '—'}
          </ReviewItem>
          <ReviewItem label={<Trans>Minimum order of the food court</Trans>} testId="review-minimum">
            {c.food_court_min_order_amount
              ? formatMoney(c.food_court_min_order_amount, program.currency, i18n.locale)
              : '—'}
          </ReviewItem>
          <ReviewItem label={<Trans>Fee of the food court</Trans>} testId="review-fee">
            <CourtFee court={{ ...c, currency: program.currency }} />
          </ReviewItem>
          <ReviewItem label={<Trans>Account at the payment provider</Trans>} testId="review-provider">
            {c.super_merchant_username || '—'}
          </ReviewItem>
          <ReviewItem label={<Trans>External reference</Trans>}>{c.external_reference || '—'}</ReviewItem>
        </dl>
      )}
      <ReviewMethods
        program={program}
        id="court"
        title={<Trans>How guests pay</Trans>}
        description={
          <Trans>
            The payment methods of the food court, each with the provider that takes it, with the test and
            live keys of the food court's account.
          </Trans>
        }
      />
      <ActivateStep
        program={program}
        complete={program.status.id === programStatuses.draftStep3}
        missing={<Trans>Save the food court first.</Trans>}
        next={msg`Invite restaurants now: they join the food court once they accept.`}
        onBack={onBack}
      />
    </StepCard>
  )
}
