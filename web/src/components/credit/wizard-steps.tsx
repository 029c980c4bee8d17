import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowRightIcon, LoaderCircleIcon } from 'lucide-react'
import { useState } from 'react'
import { programChanged, updateProgram } from '~/components/programs/actions.ts'
import { ActivateStep } from '~/components/programs/activate-step.tsx'
import { ReviewMethods } from '~/components/programs/methods-with-keys.tsx'
import { type Program, programMethodsQueryOptions, programStatuses } from '~/components/programs/queries.ts'
import { ReviewItem, StepButtons, StepCard } from '~/components/programs/wizard-parts.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { notify } from '~/lib/notify.tsx'
import { creditErrorMessage } from './labels.tsx'
import { LadderEditor, ladderOrder, PenaltyText, WhenText } from './ladder-editor.tsx'
import { LadderPreview } from './ladder-preview.tsx'
import { ladderQueryOptions } from './queries.ts'
import { CreditSettingsForm, SettingsSaveButton } from './settings-form.tsx'

/**
 * The credit management program's steps of the creation wizard (spec section 4: step 0 saves the
 * draft as draftStep1, step 1 sets draftStep2, step 2 draftStep3): 1 the bill contact and
 * settings, 2 the reminder ladder (at least one reminder switched on), 3 review and activation.
 */

/** Moves the draft forward to `to` when it is not there yet (draftStep1 → 2 → 3). */
async function advance(program: Program, to: number): Promise<Program> {
  let current = program
  if (current.status.id === programStatuses.draftStep1 && to >= programStatuses.draftStep2)
    current = await updateProgram(program.uuid, { status: programStatuses.draftStep2 })
  if (current.status.id === programStatuses.draftStep2 && to >= programStatuses.draftStep3)
    current = await updateProgram(program.uuid, { status: programStatuses.draftStep3 })
  return current
}

export function CreditSettingsStep({
  program,
  onBack,
  onDone,
}: {
  program: Program
  onBack: () => void
  onDone: (program: Program) => void
}) {
  const ladder = useQuery(ladderQueryOptions(program.uuid))
  const queryClient = useQueryClient()
  return (
    <StepCard
      testId="wizard-step-credit-settings"
      title={<Trans>Bill contact and settings</Trans>}
      description={<Trans>What your bills say about you, and when reminders about them may go out.</Trans>}
    >
      {ladder.isPending ? (
        <RowsSkeleton rows={6} />
      ) : ladder.isError ? (
        <LoadError onRetry={() => ladder.refetch()} />
      ) : (
        <CreditSettingsForm
          program={program.uuid}
          ladder={ladder.data}
          onSaved={async () => {
            try {
              const moved = await advance(program, programStatuses.draftStep2)
              programChanged(queryClient, moved)
              onDone(moved)
            } catch (error) {
              notify.error(creditErrorMessage(error))
            }
          }}
        >
          {(saving) => (
            <StepButtons onBack={onBack} disabled={saving}>
              <SettingsSaveButton saving={saving} label={<Trans>Save and continue</Trans>} />
            </StepButtons>
          )}
        </CreditSettingsForm>
      )}
    </StepCard>
  )
}

export function CreditLadderStep({
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
  const ladder = useQuery(ladderQueryOptions(program.uuid))
  const [moving, setMoving] = useState(false)
  const alive = ladder.data?.results.some((s) => s.is_alive) ?? false

  const next = async () => {
    setMoving(true)
    try {
      const moved = await advance(program, programStatuses.draftStep3)
      programChanged(queryClient, moved)
      onDone(moved)
    } catch (error) {
      notify.error(creditErrorMessage(error))
      setMoving(false)
    }
  }

  return (
    <StepCard
      testId="wizard-step-credit-ladder"
      title={<Trans>Reminder ladder</Trans>}
      description={
        <Trans>
          The e-mails an unpaid bill gets, before and after its due date, and the penalties they add. Each
          goes out once, on the holder's own clock.
        </Trans>
      }
    >
      {ladder.isPending ? (
        <RowsSkeleton rows={4} />
      ) : ladder.isError ? (
        <LoadError onRetry={() => ladder.refetch()} />
      ) : (
        <>
          <LadderEditor program={program.uuid} ladder={ladder.data} currency={program.currency} canEdit />
          {ladder.data.results.length > 0 && (
            <LadderPreview program={program.uuid} currency={program.currency} />
          )}
        </>
      )}
      {!alive && ladder.isSuccess && (
        <p className="text-sm text-muted-foreground" data-testid="ladder-needs-step">
          <Trans>Switch on at least one reminder to continue.</Trans>
        </p>
      )}
      <StepButtons onBack={onBack} disabled={moving}>
        <Button
          onClick={next}
          disabled={moving || !hydrated || !alive}
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

export function CreditReviewStep({ program, onBack }: { program: Program; onBack: () => void }) {
  const { i18n } = useLingui()
  const ladder = useQuery(ladderQueryOptions(program.uuid))
  const methods = useQuery(programMethodsQueryOptions(program.uuid))
  const payable = methods.data?.results.some((m) => m.is_used && m.validated) ?? false
  const steps = ladderOrder(ladder.data?.results ?? []).filter((s) => s.is_alive)
  const settings = ladder.data?.settings
  const address = settings
    ? [settings.contact.address.address, settings.contact.address.zip, settings.contact.address.city]
        .filter(Boolean)
        .join(', ')
    : ''
  return (
    <StepCard
      testId="wizard-step-review"
      title={<Trans>Review and activate</Trans>}
      description={<Trans>Check the program. Once active, you can issue bills to card holders.</Trans>}
    >
      {ladder.isPending ? (
        <RowsSkeleton rows={4} />
      ) : ladder.isError ? (
        <LoadError onRetry={() => ladder.refetch()} />
      ) : (
        <dl className="grid gap-4 sm:grid-cols-2">
          <ReviewItem label={<Trans context="program">Title</Trans>} testId="review-title">
            {program.title}
          </ReviewItem>
          <ReviewItem label={<Trans>Program id</Trans>} testId="review-code">
            {settings?.code}
          </ReviewItem>
          <ReviewItem label={<Trans>Currency</Trans>}>{program.currency}</ReviewItem>
          <ReviewItem label={<Trans>Time zone</Trans>}>{settings?.time_zone}</ReviewItem>
          <ReviewItem label={<Trans>Contact on bills</Trans>} className="sm:col-span-2">
            {address || <span className="text-muted-foreground">—</span>}
          </ReviewItem>
          <ReviewItem label={<Trans>Reminders</Trans>} className="sm:col-span-2" testId="review-ladder">
            <ol className="grid gap-1">
              {steps.map((s) => (
                <li key={s.uuid}>
                  <span className="font-medium">{s.title}</span>
                  <span className="text-muted-foreground">
                    {' — '}
                    <WhenText step={s} />, <PenaltyText step={s} currency={program.currency} />
                  </span>
                </li>
              ))}
            </ol>
          </ReviewItem>
        </dl>
      )}
      <ReviewMethods
        program={program}
        id="credit"
        title=<Trans>How card holders pay</Trans>
        description={
          <Trans>The payment methods a bill's pay link offers, each with the provider that takes it.</Trans>
        }
      />
      <ActivateStep
        program={program}
        complete={program.status.id === programStatuses.draftStep3 && steps.length > 0 && payable}
        missing={
          ladder.isSuccess &&
          methods.isSuccess &&
          (steps.length === 0
            ? i18n._(msg`Switch on at least one reminder to continue.`)
            : i18n._(msg`Save at least one payment method that a provider can take, so holders can pay.`))
        }
        next={msg`Issue bills to card holders from the program's page.`}
        onBack={onBack}
      />
    </StepCard>
  )
}
