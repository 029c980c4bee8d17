import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { LoaderCircleIcon, SaveIcon } from 'lucide-react'
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
import { CourtForm, ProviderAccountForm } from './court-form.tsx'

/**
 * The food court's steps of the creation wizard (docs/food-court.md "The wizard"): 1 the court
 * (basics, domain, minimum, fee, external reference; saving it moves the draft to draftStep2), 2
 * the court's provider account, the super merchant split payments are routed through (its keys;
 * then draftStep3), 3 review and activation.
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

export function CourtProviderStep({
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
  const next = async () => {
    try {
      let current = program
      if (current.status.id === programStatuses.draftStep2)
        current = await updateProgram(program.uuid, { status: programStatuses.draftStep3 })
      programChanged(queryClient, current)
      onDone(current)
    } catch (error) {
      notify.error(programErrorMessage(error))
    }
  }
  return (
    <StepCard
      testId="wizard-step-provider"
      title={<Trans>Provider account</Trans>}
      description={
        <Trans>
          The food court's account at the payment provider takes every guest's payment once and splits it:
          each restaurant's part is paid out to the restaurant's own account, the fee stays with the food
          court.
        </Trans>
      }
    >
      {court.isPending ? (
        <RowsSkeleton rows={2} />
      ) : court.isError ? (
        <LoadError onRetry={() => court.refetch()} />
      ) : (
        <ProviderAccountForm program={program.uuid} court={court.data} onSaved={next}>
          {(saving) => (
            <StepButtons onBack={onBack} disabled={saving}>
              <SaveButton saving={saving} />
            </StepButtons>
          )}
        </ProviderAccountForm>
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
      <ActivateStep
        program={program}
        complete={program.status.id === programStatuses.draftStep3}
        missing={<Trans>Save the food court and its provider account first.</Trans>}
        next={msg`Invite restaurants now: they join the food court once they accept.`}
        onBack={onBack}
      />
    </StepCard>
  )
}
