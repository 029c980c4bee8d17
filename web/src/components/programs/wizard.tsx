import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import {
  ArrowLeftIcon,
  ArrowRightIcon,
  ClockIcon,
  LoaderCircleIcon,
  SaveIcon,
  Trash2Icon,
} from 'lucide-react'
import { CreditLadderStep, CreditReviewStep, CreditSettingsStep } from '~/components/credit/wizard-steps.tsx'
import {
  CourtRestaurantsStep,
  CourtReviewStep,
  CourtSettingsStep,
} from '~/components/food-court/wizard-steps.tsx'
import { FoodMenuStep, FoodRestaurantStep, FoodReviewStep } from '~/components/food-owner/wizard-steps.tsx'
import { ConfirmButton } from '~/components/shared/confirm-button.tsx'
import { ProgramStatusBadge, typeSlugName } from '~/components/shared/program-labels.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Form, useZodForm } from '~/components/ui/form.tsx'
import { notify } from '~/lib/notify.tsx'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { createProgram, deleteProgram, programChanged, updateProgram } from './actions.ts'
import { ActivateStep } from './activate-step.tsx'
import { CardReviewStep, CardSettingsStep, CardTypeStep } from './card-wizard-steps.tsx'
import { programErrorMessage } from './errors.ts'
import { MethodsSaveButton, MethodsWithKeys, UsedMethods } from './methods-with-keys.tsx'
import { programTypeIcons } from './new-program-dialog.tsx'
import { ProgramDetailsFields, programDraftDetailsSchema, programWording } from './program-details-fields.tsx'
import {
  type Program,
  type ProgramMethod,
  type ProgramTypeSlug,
  programKeys,
  programMethodsQueryOptions,
  programStatuses,
  programTypes,
  typeOfSlug,
} from './queries.ts'
import { type StepItem, Stepper } from './stepper.tsx'
import { ReviewItem, StepButtons, StepCard } from './wizard-parts.tsx'

export type WizardStep = 0 | 1 | 2 | 3

/**
 * The step a draft resumes at. The API names steps 0 to 2 (spec section 4: draftStep2 and
 * draftStep3 are both step 2); a card program has one more, so there draftStep2 is its settings and
 * draftStep3 its review; a credit management program likewise (settings, ladder, review), and a
 * food program (restaurant, menu, review), and a food court (court, restaurants, review).
 */
export function wizardStepOf(program: Program): WizardStep {
  if (
    program.type.id === programTypes.card ||
    program.type.id === programTypes.creditManagement ||
    program.type.id === programTypes.foodsManagement ||
    program.type.id === programTypes.foodCourtManagement
  ) {
    if (program.status.id === programStatuses.draftStep1) return 1
    if (program.status.id === programStatuses.draftStep2) return 2
    if (program.status.id === programStatuses.draftStep3) return 3
    return 0
  }
  return (program.step ?? 0) as WizardStep
}

/**
 * The creation wizard shared by all five program types (spec sections 2 and 4): steps 0 to 2 with
 * a stepper. Step 0 (title, description, currency) is common and saves the program as a draft
 * (draftStep1); from then on the draft lives at `/programs/<type>/draft/{uuid}` and resumes at the
 * step the API names. Payment management has its steps here: payment methods (draftStep2, then
 * draftStep3 once a method validates) and review with activation; a card program its card type,
 * its card's settings and review with activation (card-wizard-steps.tsx). The type-specific steps
 * of the other types come with their own releases: their frame says so instead of showing empty
 * forms.
 */
export function ProgramWizard({
  slug,
  program,
  step,
}: {
  slug: ProgramTypeSlug
  program: Program | null
  step: WizardStep
}) {
  const { i18n } = useLingui()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const isPayment = slug === 'pm'
  const isCard = slug === 'card'
  const isCredit = slug === 'cm'
  const isFood = slug === 'food'
  const isCourt = slug === 'food-court'
  const Icon = programTypeIcons[slug]
  const typeName = i18n._(typeSlugName(slug))
  const reached = program ? wizardStepOf(program) : 0

  const steps: StepItem[] = isCard
    ? [
        { label: <Trans>Program details</Trans> },
        { label: <Trans>Card type</Trans> },
        { label: <Trans>Card settings</Trans> },
        { label: <Trans>Review and activate</Trans> },
      ]
    : isFood
      ? [
          { label: <Trans>Program details</Trans> },
          { label: <Trans>Restaurant</Trans> },
          { label: <Trans>Menu</Trans> },
          { label: <Trans>Review and activate</Trans> },
        ]
      : isCourt
        ? [
            { label: <Trans>Program details</Trans> },
            { label: <Trans>Food court</Trans> },
            { label: <Trans>Restaurants</Trans> },
            { label: <Trans>Review and activate</Trans> },
          ]
        : isCredit
          ? [
              { label: <Trans>Program details</Trans> },
              { label: <Trans>Bill contact and settings</Trans> },
              { label: <Trans>Reminder ladder</Trans> },
              { label: <Trans>Review and activate</Trans> },
            ]
          : [
              { label: <Trans>Program details</Trans> },
              isPayment
                ? { label: <Trans>Payment methods</Trans> }
                : { label: <Trans>Settings of this program type</Trans>, later: true },
              isPayment
                ? { label: <Trans>Review and activate</Trans> }
                : { label: <Trans>Review and activate</Trans>, later: true },
            ]

  const goTo = (next: WizardStep, saved: Program | null = program) => {
    if (!saved) return
    void navigate({
      to: '/programs/$type/draft/$uuid',
      params: { type: slug, uuid: saved.uuid },
      search: { step: next },
    })
  }

  const remove = async () => {
    if (!program) return
    try {
      await deleteProgram(program.uuid)
      queryClient.removeQueries({ queryKey: programKeys.detail(program.uuid) })
      void queryClient.invalidateQueries({ queryKey: programKeys.lists() })
      notify.success(msg`Draft deleted`)
      await navigate({ to: '/programs', replace: true })
    } catch (error) {
      notify.error(programErrorMessage(error))
    }
  }

  return (
    <div className="grid grid-cols-1 gap-6" data-testid="program-wizard" data-type={slug}>
      <Button variant="ghost" size="sm" asChild className="w-fit">
        <Link to="/programs" data-testid="wizard-back-to-programs">
          <ArrowLeftIcon aria-hidden="true" />
          <Trans>Programs</Trans>
        </Link>
      </Button>

      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-start gap-3">
          <span className="grid size-11 shrink-0 place-content-center rounded-full bg-primary-50 text-primary-600">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div className="grid gap-1">
            <h1
              id="screen-title"
              data-testid="screen-title"
              className="text-2xl font-semibold tracking-tight"
            >
              {program ? program.title : <Trans>New program</Trans>}
            </h1>
            <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <span data-testid="wizard-type">{typeName}</span>
              {program ? (
                <ProgramStatusBadge status={program.status} testId="wizard-status" />
              ) : (
                <span>
                  · <Trans>not saved yet</Trans>
                </span>
              )}
            </p>
          </div>
        </div>
        {program && (
          <ConfirmButton
            variant="ghost"
            size="sm"
            destructive
            testId="delete-draft"
            title={<Trans>Delete this draft?</Trans>}
            description={
              <Trans>The draft and everything set in it are removed. This cannot be undone.</Trans>
            }
            confirmLabel={<Trans>Delete draft</Trans>}
            onConfirm={remove}
          >
            <Trash2Icon aria-hidden="true" />
            <Trans>Delete draft</Trans>
          </ConfirmButton>
        )}
      </header>

      <Stepper steps={steps} current={step} reached={reached} onOpen={(s) => goTo(s as WizardStep)} />

      {step === 0 && (
        <DetailsStep
          key={program?.uuid ?? 'new'}
          slug={slug}
          program={program}
          onSaved={(saved, created) => {
            if (created) {
              notify.success(msg`Draft saved`, {
                description: msg`You can leave now and continue later from Programs.`,
              })
              void navigate({
                to: '/programs/$type/draft/$uuid',
                params: { type: slug, uuid: saved.uuid },
                search: { step: 1 },
                replace: true,
              })
            } else goTo(1, saved)
          }}
        />
      )}
      {step === 1 && program && isPayment && (
        <MethodsStep program={program} onBack={() => goTo(0)} onDone={(saved) => goTo(2, saved)} />
      )}
      {step === 1 && program && isCard && (
        <CardTypeStep program={program} onBack={() => goTo(0)} onDone={(saved) => goTo(2, saved)} />
      )}
      {step === 2 && program && isCard && (
        <CardSettingsStep program={program} onBack={() => goTo(1)} onDone={(saved) => goTo(3, saved)} />
      )}
      {step === 3 && program && isCard && <CardReviewStep program={program} onBack={() => goTo(2)} />}
      {step === 1 && program && isCredit && (
        <CreditSettingsStep program={program} onBack={() => goTo(0)} onDone={(saved) => goTo(2, saved)} />
      )}
      {step === 2 && program && isCredit && (
        <CreditLadderStep program={program} onBack={() => goTo(1)} onDone={(saved) => goTo(3, saved)} />
      )}
      {step === 3 && program && isCredit && <CreditReviewStep program={program} onBack={() => goTo(2)} />}
      {step === 1 && program && isFood && (
        <FoodRestaurantStep program={program} onBack={() => goTo(0)} onDone={(saved) => goTo(2, saved)} />
      )}
      {step === 2 && program && isFood && (
        <FoodMenuStep program={program} onBack={() => goTo(1)} onDone={(saved) => goTo(3, saved)} />
      )}
      {step === 3 && program && isFood && <FoodReviewStep program={program} onBack={() => goTo(2)} />}
      {step === 1 && program && isCourt && (
        <CourtSettingsStep program={program} onBack={() => goTo(0)} onDone={(saved) => goTo(2, saved)} />
      )}
      {step === 2 && program && isCourt && (
        <CourtRestaurantsStep program={program} onBack={() => goTo(1)} onDone={(saved) => goTo(3, saved)} />
      )}
      {step === 3 && program && isCourt && <CourtReviewStep program={program} onBack={() => goTo(2)} />}
      {step === 1 && program && !isPayment && !isCard && !isCredit && !isFood && !isCourt && (
        <LaterStep typeName={typeName} onBack={() => goTo(0)} />
      )}
      {step === 2 && program && isPayment && <ReviewStep program={program} onBack={() => goTo(1)} />}
    </div>
  )
}

/** Step 0, common to every type: what the program is called, what it is for and its currency. */
function DetailsStep({
  slug,
  program,
  onSaved,
}: {
  slug: ProgramTypeSlug
  program: Program | null
  onSaved: (program: Program, created: boolean) => void
}) {
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const form = useZodForm(programDraftDetailsSchema, {
    defaultValues: {
      title: program?.title ?? '',
      description: program?.description ?? '',
      currency: program?.currency ?? 'EUR',
    },
  })
  const showFieldErrors = useFieldErrors(form, {
    fieldOf: (path) => (['title', 'description', 'currency'] as const).find((f) => f === path),
    wording: programWording,
  })
  const submitting = form.formState.isSubmitting
  const submit = form.handleSubmit(async (values) => {
    try {
      if (!program) {
        const created = await createProgram(typeOfSlug[slug], values)
        programChanged(queryClient, created)
        onSaved(created, true)
        return
      }
      const change = {
        ...(values.title !== program.title ? { title: values.title } : {}),
        ...(values.description !== program.description ? { description: values.description } : {}),
        ...(values.currency !== program.currency ? { currency: values.currency } : {}),
      }
      const saved = Object.keys(change).length ? await updateProgram(program.uuid, change) : program
      programChanged(queryClient, saved)
      onSaved(saved, false)
    } catch (error) {
      if (showFieldErrors(error).shown) return
      notify.error(programErrorMessage(error))
    }
  })

  return (
    <StepCard
      testId="wizard-step-details"
      title={<Trans>Program details</Trans>}
      description={
        <Trans>How the program is called and described to acceptors, and the currency it runs in.</Trans>
      }
    >
      <Form {...form}>
        <form onSubmit={submit} noValidate className="grid gap-5" data-testid="program-details-form">
          <fieldset disabled={submitting || !hydrated} className="grid gap-5">
            <ProgramDetailsFields
              testIdPrefix="program"
              descriptionHint={<Trans>Optional. Acceptors read it with their invitation.</Trans>}
              withCurrency
            />
          </fieldset>
          <StepButtons disabled={submitting}>
            <Button
              type="submit"
              disabled={submitting || !hydrated}
              aria-busy={submitting}
              data-testid="wizard-next"
            >
              {submitting ? (
                <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
              ) : (
                <SaveIcon aria-hidden="true" />
              )}
              {program ? <Trans>Save and continue</Trans> : <Trans>Save draft and continue</Trans>}
            </Button>
          </StepButtons>
        </form>
      </Form>
    </StepCard>
  )
}

/** Step 1 of a payment management program: which payment methods it takes, each with its provider. */
function MethodsStep({
  program,
  onBack,
  onDone,
}: {
  program: Program
  onBack: () => void
  onDone: (program: Program) => void
}) {
  const methods = useQuery(programMethodsQueryOptions(program.uuid))
  return (
    <StepCard
      testId="wizard-step-methods"
      title={<Trans>Payment methods</Trans>}
      description={
        <Trans>
          Switch on the methods payers may use and choose the provider that takes each. At least one method in
          use is needed.
        </Trans>
      }
    >
      {methods.isPending ? (
        <RowsSkeleton rows={4} />
      ) : methods.isError ? (
        <LoadError onRetry={() => methods.refetch()} />
      ) : (
        // Keyed by the program, not by the data's time: saving writes the answer into the cache,
        // and a remount then would drop the message of a refused step (e.g. keys missing).
        <MethodsStepForm
          key={program.uuid}
          program={program}
          methods={methods.data.results}
          onBack={onBack}
          onDone={onDone}
        />
      )}
    </StepCard>
  )
}

function MethodsStepForm({
  program,
  methods,
  onBack,
  onDone,
}: {
  program: Program
  methods: ProgramMethod[]
  onBack: () => void
  onDone: (program: Program) => void
}) {
  const queryClient = useQueryClient()
  return (
    <MethodsWithKeys
      program={program}
      methods={methods}
      afterSave={async () => {
        // Spec section 4: draftStep1 → draftStep2, then draftStep3 only when a method validates.
        let current = program
        if (current.status.id === programStatuses.draftStep1)
          current = await updateProgram(program.uuid, { status: programStatuses.draftStep2 })
        if (current.status.id === programStatuses.draftStep2)
          current = await updateProgram(program.uuid, { status: programStatuses.draftStep3 })
        programChanged(queryClient, current)
        onDone(current)
      }}
    >
      {(state) => (
        <StepButtons onBack={onBack} disabled={state.saving}>
          <MethodsSaveButton {...state} testId="wizard-next" icon={<ArrowRightIcon aria-hidden="true" />}>
            <Trans>Save and continue</Trans>
          </MethodsSaveButton>
        </StepButtons>
      )}
    </MethodsWithKeys>
  )
}

/** Step 2 of a payment management program: everything at a glance, then activation. */
function ReviewStep({ program, onBack }: { program: Program; onBack: () => void }) {
  const methods = useQuery(programMethodsQueryOptions(program.uuid))
  const used = methods.data?.results.filter((m) => m.is_used) ?? []
  const complete = program.status.id === programStatuses.draftStep3 || used.some((m) => m.validated)

  return (
    <StepCard
      testId="wizard-step-review"
      title={<Trans>Review and activate</Trans>}
      description={
        <Trans>Check the program. Once active, acceptors you invite can take payments in it.</Trans>
      }
    >
      <dl className="grid gap-4 sm:grid-cols-2">
        <ReviewItem label={<Trans context="program">Title</Trans>} testId="review-title">
          {program.title}
        </ReviewItem>
        <ReviewItem label={<Trans>Currency</Trans>} testId="review-currency">
          {program.currency}
        </ReviewItem>
        <ReviewItem label={<Trans context="program">Description</Trans>} className="sm:col-span-2">
          {program.description || <span className="text-muted-foreground">—</span>}
        </ReviewItem>
        <ReviewItem label={<Trans>Payment methods</Trans>} className="sm:col-span-2" testId="review-methods">
          {methods.isPending ? (
            <RowsSkeleton rows={1} />
          ) : (
            <UsedMethods methods={used} itemTestId="review-method" />
          )}
        </ReviewItem>
      </dl>
      <ActivateStep
        program={program}
        complete={complete}
        missing={
          methods.isSuccess && (
            <Trans>Use at least one payment method with a provider that can take it.</Trans>
          )
        }
        next={msg`Invite acceptors now: they take payments at their cashpoints.`}
        onBack={onBack}
      />
    </StepCard>
  )
}

/**
 * Step 1 of food court programs: their own settings come with
 * their own releases. The draft is kept; nothing here pretends to set what is not built yet.
 */
function LaterStep({ typeName, onBack }: { typeName: string; onBack: () => void }) {
  return (
    <StepCard testId="wizard-step-later" title={<Trans>Your draft is saved</Trans>}>
      <div
        className="flex gap-3 rounded-lg border border-dashed bg-muted/40 px-4 py-4 text-sm"
        data-testid="wizard-later"
      >
        <ClockIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-600" />
        <div className="grid gap-1.5">
          <p className="font-medium">
            <Trans>The rest of the setup of {typeName} programs arrives with its own release.</Trans>
          </p>
          <p className="text-muted-foreground">
            <Trans>
              Until then this program stays a draft. You can change its details or delete it, and continue the
              setup here once it is available.
            </Trans>
          </p>
        </div>
      </div>
      <StepButtons onBack={onBack}>
        <Button asChild>
          <Link to="/programs" data-testid="wizard-done">
            <Trans>Back to programs</Trans>
          </Link>
        </Button>
      </StepButtons>
    </StepCard>
  )
}
