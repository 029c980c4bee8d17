import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowRightIcon, CheckIcon, GiftIcon, LoaderCircleIcon, TicketIcon } from 'lucide-react'
import { useState } from 'react'
import { Money } from '~/components/finances/amount.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog.tsx'
import { notify } from '~/lib/notify.tsx'
import { cn } from '~/lib/utils.ts'
import { programChanged } from './actions.ts'
import { ActivateStep } from './activate-step.tsx'
import { cardErrorMessage } from './card-errors.ts'
import { cardTypeNames, cardTypePurposes, formatRate } from './card-labels.tsx'
import {
  type Card,
  type CardType,
  type CardTypeId,
  cardKeys,
  cardTypes,
  cardTypesQueryOptions,
  chooseCardType,
  programCardQueryOptions,
  vatFraction,
} from './card-queries.ts'
import { CardSettingsForm } from './card-settings.tsx'
import { CardSummary, SavedCardPreview } from './card-summary.tsx'
import { type Program, programQueryOptions, programStatuses } from './queries.ts'
import { ReviewItem, StepButtons, StepCard } from './wizard-parts.tsx'

/**
 * The card program's steps of the creation wizard (spec section 4, "Card"): 1 the card type
 * (draftStep1 → draftStep2), 2 the card's settings (→ draftStep3), 3 review and activation.
 */

/** Reads the program again after the card moved its status, so the wizard opens the right step. */
async function programAfterCardChange(queryClient: QueryClient, uuid: string): Promise<Program> {
  const program = await queryClient.fetchQuery({ ...programQueryOptions(uuid), staleTime: 0 })
  programChanged(queryClient, program)
  return program
}

function useProgramCard(program: string) {
  return useQuery(programCardQueryOptions(program))
}

/** Step 1: voucher or gift card, each with the price of one card in the program's currency. */
export function CardTypeStep({
  program,
  onBack,
  onDone,
}: {
  program: Program
  onBack: () => void
  onDone: (program: Program) => void
}) {
  const types = useQuery(cardTypesQueryOptions())
  const card = useProgramCard(program.uuid)
  return (
    <StepCard
      testId="wizard-step-card-type"
      title={<Trans>Card type</Trans>}
      description={
        <Trans>
          Choose what your cards are. Each card ordered costs the price shown, on top of its value.
        </Trans>
      }
    >
      {types.isPending || card.isPending ? (
        <RowsSkeleton rows={3} />
      ) : types.isError || card.isError ? (
        <LoadError
          onRetry={() => {
            void types.refetch()
            void card.refetch()
          }}
        />
      ) : (
        <CardTypeChoice
          key={card.data?.uuid ?? 'none'}
          program={program}
          types={types.data.results}
          card={card.data}
          onBack={onBack}
          onDone={onDone}
        />
      )}
    </StepCard>
  )
}

function CardTypeChoice({
  program,
  types,
  card,
  onBack,
  onDone,
}: {
  program: Program
  types: CardType[]
  card: Card | null
  onBack: () => void
  onDone: (program: Program) => void
}) {
  const { i18n } = useLingui()
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const [chosen, setChosen] = useState<CardTypeId | null>(card?.type.id ?? null)
  const [saving, setSaving] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const ordered = [...types].sort((a, b) => a.id - b.id)

  const save = async () => {
    if (chosen === null) return
    setSaving(true)
    try {
      const made = await chooseCardType(program.uuid, chosen)
      queryClient.setQueryData(cardKeys.card(program.uuid), made)
      const current = await programAfterCardChange(queryClient, program.uuid)
      setConfirming(false)
      onDone(current)
    } catch (error) {
      void queryClient.invalidateQueries({ queryKey: cardKeys.card(program.uuid) })
      notify.error(cardErrorMessage(error))
      setConfirming(false)
    } finally {
      setSaving(false)
    }
  }

  const next = () => {
    if (chosen === null) return
    if (card && card.type.id === chosen) {
      // The same type again keeps the card and its settings.
      onDone(program)
      return
    }
    if (card) setConfirming(true)
    else void save()
  }

  return (
    <>
      <div
        role="radiogroup"
        aria-label={i18n._(msg`Card type`)}
        className="grid gap-4 md:grid-cols-2"
        data-testid="card-types"
      >
        {ordered.map((type) => (
          <CardTypeOption
            key={type.id}
            type={type}
            currency={program.currency}
            checked={chosen === type.id}
            current={card?.type.id === type.id}
            disabled={saving || !hydrated}
            onSelect={() => setChosen(type.id)}
          />
        ))}
      </div>
      {card && chosen !== null && chosen !== card.type.id && (
        <p
          role="status"
          className="rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-[13px] text-amber-900"
          data-testid="card-type-change-warning"
        >
          <Trans>
            Your card is set up as another type. Choosing this one removes the card and its settings: you set
            them again in the next step.
          </Trans>
        </p>
      )}
      <StepButtons onBack={onBack} disabled={saving}>
        <Button
          onClick={next}
          disabled={saving || !hydrated || chosen === null}
          aria-busy={saving}
          data-testid="wizard-next"
        >
          {saving ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          ) : (
            <ArrowRightIcon aria-hidden="true" />
          )}
          <Trans>Save and continue</Trans>
        </Button>
      </StepButtons>
      <Dialog open={confirming} onOpenChange={(open) => !saving && setConfirming(open)}>
        <DialogContent data-testid="card-type-change-dialog" showClose={!saving}>
          <DialogHeader>
            <DialogTitle>
              <Trans>Change the card type?</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>
                The card's settings are lost: title, description, image, value, use and validity. This cannot
                be undone.
              </Trans>
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="ghost" onClick={() => setConfirming(false)} disabled={saving}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              variant="destructive"
              onClick={() => void save()}
              disabled={saving}
              aria-busy={saving}
              data-testid="card-type-change-confirm"
            >
              {saving && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
              <Trans>Change type</Trans>
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  )
}

function CardTypeOption({
  type,
  currency,
  checked,
  current,
  disabled,
  onSelect,
}: {
  type: CardType
  currency: string
  checked: boolean
  current: boolean
  disabled: boolean
  onSelect: () => void
}) {
  const { i18n } = useLingui()
  const gift = type.id === cardTypes.gift
  const Icon = gift ? GiftIcon : TicketIcon
  const name = cardTypeNames[type.id] ? i18n._(cardTypeNames[type.id]) : type.title
  const purpose = cardTypePurposes[type.id] ? i18n._(cardTypePurposes[type.id]) : type.description
  const price = type.prices.find((p) => p.currency === currency)
  const rate = price ? formatRate(vatFraction(price.vat_rate), i18n.locale) : ''
  return (
    <label
      className={cn(
        'group relative grid cursor-pointer gap-4 overflow-hidden rounded-xl border-2 bg-background p-4 transition-colors',
        'hover:border-primary-300 has-[:checked]:border-primary-500 has-[:checked]:bg-primary-50/40',
        'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/40',
        disabled && 'pointer-events-none opacity-60',
      )}
      data-testid={`card-type-${type.code}`}
      data-state={checked ? 'checked' : 'unchecked'}
    >
      <input
        type="radio"
        name="card-type"
        checked={checked}
        onChange={onSelect}
        disabled={disabled}
        className="sr-only"
        aria-describedby={`card-type-${type.id}-purpose`}
      />
      <span
        aria-hidden="true"
        className={cn(
          'flex h-24 items-end justify-between rounded-lg p-3 text-white shadow-inner',
          gift
            ? 'bg-[linear-gradient(135deg,#7c3aed_0%,#db2777_55%,#f97316_100%)]'
            : 'bg-[linear-gradient(135deg,#1e3a8a_0%,#3960f3_55%,#0ea5e9_100%)]',
        )}
      >
        <Icon className="size-7" />
        <span className="font-mono text-[0.65rem] tracking-[0.18em] opacity-85">XXXX-XXXX</span>
      </span>
      <span className="grid gap-1">
        <span className="flex items-center justify-between gap-2">
          <span className="text-base font-semibold">{name}</span>
          {checked ? (
            <span className="grid size-6 place-content-center rounded-full bg-primary text-primary-foreground">
              <CheckIcon aria-hidden="true" className="size-4" />
            </span>
          ) : (
            <span className="size-6 rounded-full border-2 border-input" />
          )}
        </span>
        <span id={`card-type-${type.id}-purpose`} className="text-sm text-muted-foreground">
          {purpose}
        </span>
      </span>
      <span className="flex flex-wrap items-baseline justify-between gap-2 border-t pt-3 text-sm">
        {price ? (
          <span data-testid="card-type-price">
            <Trans>
              <Money amount={price.price} currency={currency} className="font-semibold" /> per card, plus{' '}
              {rate} VAT
            </Trans>
          </span>
        ) : (
          <span className="text-muted-foreground" data-testid="card-type-price">
            <Trans>No price set in {currency} yet</Trans>
          </span>
        )}
        {current && (
          <span className="text-[13px] font-medium text-primary-700" data-testid="card-type-current">
            <Trans>Chosen</Trans>
          </span>
        )}
      </span>
    </label>
  )
}

/** Step 2: the card's settings with a live preview. */
export function CardSettingsStep({
  program,
  onBack,
  onDone,
}: {
  program: Program
  onBack: () => void
  onDone: (program: Program) => void
}) {
  const queryClient = useQueryClient()
  const card = useProgramCard(program.uuid)
  return (
    <StepCard
      testId="wizard-step-card-settings"
      title={<Trans>Card settings</Trans>}
      description={
        <Trans>
          What the card looks like, what it is worth, how often and how long it can be used. The preview shows
          the card as card holders will see it.
        </Trans>
      }
    >
      {card.isPending ? (
        <RowsSkeleton rows={6} />
      ) : card.isError ? (
        <LoadError onRetry={() => card.refetch()} />
      ) : !card.data ? (
        <div className="grid gap-4">
          <p className="text-sm text-muted-foreground" data-testid="card-settings-no-type">
            <Trans>Choose the card type first.</Trans>
          </p>
          <StepButtons onBack={onBack}>{null}</StepButtons>
        </div>
      ) : (
        <CardSettingsForm
          key={card.data.uuid}
          program={program}
          card={card.data}
          onSaved={async () => {
            const current = await programAfterCardChange(queryClient, program.uuid)
            if (current.status.id === programStatuses.draftStep3) onDone(current)
            else notify.warn(msg`Some settings are still missing.`)
          }}
          buttons={({ submitting, disabled }) => (
            <StepButtons onBack={onBack} disabled={submitting}>
              <Button type="submit" disabled={disabled} aria-busy={submitting} data-testid="wizard-next">
                {submitting ? (
                  <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
                ) : (
                  <ArrowRightIcon aria-hidden="true" />
                )}
                <Trans>Save and continue</Trans>
              </Button>
            </StepButtons>
          )}
        />
      )}
    </StepCard>
  )
}

/** Step 3: the program and its card at a glance, then activation. */
export function CardReviewStep({ program, onBack }: { program: Program; onBack: () => void }) {
  const { i18n } = useLingui()
  const card = useProgramCard(program.uuid)
  const types = useQuery(cardTypesQueryOptions())
  const complete = program.status.id === programStatuses.draftStep3 && !!card.data?.complete
  const price = card.data
    ? types.data?.results
        .find((t) => t.id === card.data?.type.id)
        ?.prices.find((p) => p.currency === program.currency)
    : undefined

  return (
    <StepCard
      testId="wizard-step-review"
      title={<Trans>Review and activate</Trans>}
      description={
        <Trans>Check the program and its card. Once active, you can order cards and hand them out.</Trans>
      }
    >
      {card.isPending ? (
        <RowsSkeleton rows={4} />
      ) : card.isError ? (
        <LoadError onRetry={() => card.refetch()}>{i18n._(cardErrorMessage(card.error))}</LoadError>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(16rem,24rem)]">
          <div className="grid content-start gap-5">
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
              <ReviewItem label={<Trans>Price per card</Trans>} testId="review-card-price">
                {price ? (
                  <Trans>
                    <Money amount={price.price} currency={program.currency} /> plus{' '}
                    <Money amount={price.vat} currency={program.currency} /> VAT
                  </Trans>
                ) : (
                  <span className="text-muted-foreground">—</span>
                )}
              </ReviewItem>
            </dl>
            {card.data && <CardSummary program={program} card={card.data} />}
          </div>
          {card.data && <SavedCardPreview program={program} card={card.data} className="mx-auto" />}
        </div>
      )}
      <ActivateStep
        program={program}
        complete={complete}
        missing={
          card.isSuccess && (
            <Trans>Choose the card type and save the card's settings before activating.</Trans>
          )
        }
        next={msg`Order cards now: they are issued as soon as the order is paid.`}
        onBack={onBack}
      />
    </StepCard>
  )
}
