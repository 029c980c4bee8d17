import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import {
  ArrowLeftIcon,
  CameraIcon,
  CameraOffIcon,
  CircleCheckIcon,
  CreditCardIcon,
  LoaderCircleIcon,
  Undo2Icon,
} from 'lucide-react'
import { type FormEvent, useMemo, useRef, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { z } from 'zod'
import { formatSeconds } from '~/components/auth/countdown.ts'
import { Money } from '~/components/finances/amount.tsx'
import { maxAmountMinor } from '~/components/payments/amount-field.ts'
import { formatAmountInput, parseAmountInput } from '~/components/payments/money-input.ts'
import {
  type AcceptorProgram,
  acceptorProgramsQueryOptions,
  acceptorStatuses,
  programStatuses,
  programTypes,
} from '~/components/programs/queries.ts'
import { ConfirmButton } from '~/components/shared/confirm-button.tsx'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { CameraView, useQrCamera } from '~/components/terminal/qr-camera.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  useZodForm,
} from '~/components/ui/form.tsx'
import { Input } from '~/components/ui/input.tsx'
import { formatMoney } from '~/lib/money.ts'
import { notify } from '~/lib/notify.tsx'
import { examplePlaceholder } from '~/lib/placeholder.ts'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { cn } from '~/lib/utils.ts'
import { Detail } from './card-details.tsx'
import { CardFace } from './card-face.tsx'
import {
  CardCodeField,
  FieldAlert,
  LookUpButton,
  MessageText,
  TokenShapeText,
  useLookupWait,
} from './code-field.tsx'
import { ExpiryDate, UsesLabel } from './labels.tsx'
import { type RedemptionRefusal, redemptionRefusal, reversalRefusal } from './redemption-errors.ts'
import {
  canReverse,
  cashpointRedemptionsQueryOptions,
  previewRedemption,
  type Redemption,
  type RedemptionPreview,
  redemptionKeys,
  reverseRedemption,
  takeFromCard,
} from './redemptions.ts'
import {
  formatToken,
  isCompleteToken,
  type TokenShapeProblem,
  tokenFromScan,
  tokenShapeProblem,
} from './token.ts'

/** The card looked up at this cashpoint, by the code it was looked up with. */
interface LookedUp {
  token: string
  preview: RedemptionPreview
}

type CodeProblem = TokenShapeProblem | Extract<RedemptionRefusal, { on: 'code' }>

/**
 * Where the acceptor takes this cashpoint's cards: their place in a card program with the
 * cashpoint, or why not (not theirs, closed, program not running, blocked there).
 */
function useCardCashpoint(cashpoint: string) {
  const places = useQuery(acceptorProgramsQueryOptions())
  const place = places.data?.results.find(
    (p) => p.program.type.id === programTypes.card && p.cashpoints.some((c) => c.uuid === cashpoint),
  )
  const point = place?.cashpoints.find((c) => c.uuid === cashpoint)
  return { places, place, point }
}

function unavailableBecause(place: AcceptorProgram, active: boolean): MessageDescriptor | null {
  if (!active) return msg`This cashpoint is closed: reactivate it under Programs to take cards here.`
  if (place.status.id !== acceptorStatuses.active) {
    return msg`The program owner has blocked you in this program: you cannot take its cards.`
  }
  if (place.program.status.id === programStatuses.blocked) {
    return msg`This program is blocked: its cards cannot be taken until it is unblocked.`
  }
  if (place.program.status.id !== programStatuses.active) {
    return msg`This program is not active at the moment: its cards cannot be taken.`
  }
  return null
}

/**
 * `/terminal/cards/{cashpoint}` (acceptor): a card holder pays with their voucher or gift card. The
 * acceptor types the card's code or scans its QR code, sees the card (its holder, balance, uses
 * left and end date), types the amount (or takes the whole balance) and takes it; the screen then
 * says what is left on the card, offers to undo it and goes on to the next card. Every refusal is
 * said on its field; the cashpoint's latest cards are listed below, undone ones marked.
 */
export function AcceptCardPage({ cashpoint }: { cashpoint: string }) {
  const { i18n } = useLingui()
  const { places, place, point } = useCardCashpoint(cashpoint)
  const unavailable = place && point ? unavailableBecause(place, point.is_active) : null

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6" data-testid="accept-card-page">
      <header className="grid gap-1">
        <Button variant="link" asChild className="h-auto w-fit px-0 text-muted-foreground">
          <Link to="/terminal" data-testid="accept-card-back">
            <ArrowLeftIcon aria-hidden="true" />
            <Trans>All cashpoints</Trans>
          </Link>
        </Button>
        <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
          <Trans>Accept a card</Trans>
        </h1>
        {place && point && (
          <p className="text-sm text-muted-foreground" data-testid="accept-card-place">
            {point.title} · {place.program.title}
          </p>
        )}
      </header>

      {places.isError ? (
        <LoadError onRetry={() => places.refetch()} />
      ) : places.isPending ? (
        <RowsSkeleton rows={3} />
      ) : !place || !point ? (
        <EmptyState icon={<CreditCardIcon aria-hidden="true" className="size-6" />}>
          <Trans>This cashpoint is not one of yours in a card program. Choose another one.</Trans>
        </EmptyState>
      ) : unavailable ? (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          data-testid="accept-card-unavailable"
        >
          {i18n._(unavailable)}
        </p>
      ) : (
        <TakeCard cashpoint={cashpoint} />
      )}

      {place && point && <RecentRedemptions cashpoint={cashpoint} />}
    </div>
  )
}

/** The look-up, amount and outcome of one card after another. */
function TakeCard({ cashpoint }: { cashpoint: string }) {
  const [card, setCard] = useState<LookedUp | null>(null)
  const [taken, setTaken] = useState<Redemption | null>(null)
  const [undone, setUndone] = useState<Redemption | null>(null)
  const [round, setRound] = useState(0)
  const next = () => {
    setCard(null)
    setTaken(null)
    setUndone(null)
    setRound((n) => n + 1)
  }

  if (card && taken) {
    return (
      <Taken
        cashpoint={cashpoint}
        card={card}
        redemption={taken}
        onUndone={(reversed, preview) => {
          setTaken(null)
          setUndone(reversed)
          setCard({ token: card.token, preview })
        }}
        onNext={next}
      />
    )
  }
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <CodeStep
        key={round}
        cashpoint={cashpoint}
        initialCode={card?.token ?? ''}
        card={card}
        onCard={(found) => {
          setCard(found)
          setUndone(null)
        }}
      />
      {card && (
        <AmountStep
          key={card.token}
          cashpoint={cashpoint}
          card={card}
          undone={undone}
          onTaken={(redemption) => {
            setUndone(null)
            setTaken(redemption)
          }}
          onCard={setCard}
          onOtherCard={next}
        />
      )}
    </div>
  )
}

/** The card's code: typed, pasted or scanned, then looked up at this cashpoint. */
function CodeStep({
  cashpoint,
  initialCode,
  card,
  onCard,
}: {
  cashpoint: string
  initialCode: string
  card: LookedUp | null
  onCard: (card: LookedUp | null) => void
}) {
  const { i18n } = useLingui()
  const hydrated = useHydrated()
  const input = useRef<HTMLInputElement>(null)
  const [code, setCode] = useState(initialCode)
  const [problem, setProblem] = useState<CodeProblem | null>(null)
  const [screenError, setScreenError] = useState<MessageDescriptor | null>(null)
  const { waitSeconds, waiting, showProblem } = useLookupWait(problem)

  const lookup = useMutation({
    mutationFn: (token: string) => previewRedemption(cashpoint, token),
    onSuccess: (preview) => {
      setProblem(null)
      setScreenError(null)
      onCard({ token: preview.token, preview })
    },
    onError: (error) => {
      onCard(null)
      const refusal = redemptionRefusal(error, i18n.locale)
      if (refusal.on === 'code') setProblem(refusal)
      else if (refusal.on === 'screen') setScreenError(refusal.message)
      else setScreenError(msg`Something went wrong, please try again later`)
    },
  })

  const lookUp = (text: string) => {
    const token = formatToken(text)
    const shape = tokenShapeProblem(token)
    if (shape) {
      setProblem(shape)
      onCard(null)
      input.current?.focus()
      return
    }
    if (waiting) return
    lookup.mutate(token)
  }

  const camera = useQrCamera(tokenFromScan, (token) => {
    setCode(token)
    lookUp(token)
  })

  const change = (next: string, how: 'typed' | 'pasted') => {
    const changed = next !== code
    setCode(next)
    if (changed || how === 'pasted') {
      if (card) onCard(null)
      if (problem?.kind !== 'throttled') setProblem(null)
      setScreenError(null)
    }
    if (how === 'pasted' && isCompleteToken(next) && !waiting) lookup.mutate(next)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    lookUp(code)
  }

  const unusable = card && card.preview.status !== 'active' ? card.preview.status : null

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>The card</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={submit} noValidate className="grid gap-4" data-testid="accept-card-form">
          <CardCodeField
            inputRef={input}
            value={code}
            onChange={change}
            autoFocus
            description={<Trans>The 16 letters and digits on the card, or scan the card’s QR code.</Trans>}
            error={
              problem && showProblem
                ? {
                    kind: problem.kind,
                    text: <CodeProblemText problem={problem} waitSeconds={waitSeconds} />,
                  }
                : unusable
                  ? { kind: unusable, text: <UnusableText status={unusable} /> }
                  : null
            }
          >
            {screenError && <FieldAlert testId="accept-card-error">{i18n._(screenError)}</FieldAlert>}
          </CardCodeField>
          <div className="flex flex-wrap gap-2">
            <LookUpButton
              variant={card ? 'outline' : 'primary'}
              disabled={!hydrated || lookup.isPending || waiting}
              pending={lookup.isPending}
              waitSeconds={waiting ? waitSeconds : 0}
            />
            {camera.active ? (
              <Button type="button" variant="outline" onClick={camera.stop} data-testid="card-scan-stop">
                <CameraOffIcon aria-hidden="true" />
                <Trans>Stop the camera</Trans>
              </Button>
            ) : (
              <Button
                type="button"
                variant="outline"
                onClick={camera.start}
                disabled={!hydrated || lookup.isPending || waiting}
                data-testid="card-scan"
              >
                <CameraIcon aria-hidden="true" />
                <Trans>Scan QR code</Trans>
              </Button>
            )}
          </div>
        </form>
        {camera.active && <CameraView camera={camera} />}
        <div role="status" aria-live="polite" className="text-sm empty:hidden">
          {camera.state === 'scanning' &&
            (camera.wrongCode ? (
              <p className="text-muted-foreground">
                <Trans>That is not a card’s QR code. Point the camera at the QR code on the card.</Trans>
              </p>
            ) : (
              <p className="text-muted-foreground">
                <Trans>Point the camera at the QR code on the card.</Trans>
              </p>
            ))}
          {camera.state === 'denied' && (
            <p className="text-destructive" data-testid="card-camera-denied">
              <Trans>
                Camera access was refused. Allow the camera for this site in your browser’s settings, or type
                the card’s code.
              </Trans>
            </p>
          )}
          {camera.state === 'unavailable' && (
            <p className="text-destructive">
              <Trans>No camera can be used here. Type the card’s code instead.</Trans>
            </p>
          )}
        </div>
        {card && <CardSummary card={card} />}
      </CardContent>
    </Card>
  )
}

function CodeProblemText({ problem, waitSeconds }: { problem: CodeProblem; waitSeconds: number }) {
  const { i18n } = useLingui()
  switch (problem.kind) {
    case 'incomplete':
    case 'misread':
      return <TokenShapeText problem={problem} />
    case 'unknown':
      return <Trans>No card of this program has this code. Check it and try again.</Trans>
    case 'throttled': {
      if (problem.retryAt === undefined) {
        return <Trans>Too many look-ups. Wait a minute and try again.</Trans>
      }
      const at = i18n.date(new Date(problem.retryAt), { timeStyle: 'medium' })
      const wait = formatSeconds(waitSeconds)
      return (
        <Trans>
          Too many look-ups. You can look up cards again at {at} (in {wait}).
        </Trans>
      )
    }
    case 'unusable':
      return <MessageText message={problem.message} />
  }
}

/** Why a looked-up card cannot be spent, from its status. */
function UnusableText({ status }: { status: RedemptionPreview['status'] | null }) {
  switch (status) {
    case 'used':
      return <Trans>Nothing is left on this card: it is used up.</Trans>
    case 'expired':
      return <Trans>This card has expired: it can no longer be spent.</Trans>
    case 'blocked':
      return <Trans>This card is blocked: it cannot be spent.</Trans>
    case 'issued':
      return (
        <Trans>
          This card has not been activated yet: its holder adds it to their cards first, then it can be spent.
        </Trans>
      )
    default:
      return null
  }
}

/** The looked-up card: its face, its holder and what can be spent on it. */
function CardSummary({ card }: { card: LookedUp }) {
  const p = card.preview
  return (
    <div className="grid gap-4 border-t pt-4" data-testid="accept-card-found" data-status={p.status}>
      <CardFace
        title={p.card.title}
        programTitle={p.card.program.title}
        type={p.card.type.code}
        imageUrl={p.card.image_url}
        orientation={p.card.orientation}
        amount={p.balance}
        value={p.value}
        currency={p.currency}
        useNumber={p.use_number}
        usesLeft={p.uses_left}
        expiresAt={p.expires_at}
        status={p.status}
        token={p.token}
        maskToken
        className={p.card.orientation === 'vertical' ? 'max-w-48' : undefined}
      />
      <dl className="grid gap-3 sm:grid-cols-2">
        <Detail label={<Trans>Card holder</Trans>} testId="accept-card-holder">
          {p.holder_name || '—'}
        </Detail>
        <Detail label={<Trans context="card balance">Balance</Trans>} testId="accept-card-balance">
          <Money amount={p.balance} currency={p.currency} className="font-semibold" />
        </Detail>
        <Detail label={<Trans>Uses</Trans>} testId="accept-card-uses">
          <UsesLabel useNumber={p.use_number} usesLeft={p.uses_left} />
        </Detail>
        <Detail label={<Trans>Valid until</Trans>} testId="accept-card-expiry">
          {p.expires_at ? (
            <ExpiryDate at={p.expires_at} />
          ) : (
            <span className="text-muted-foreground">
              <Trans>No end date</Trans>
            </span>
          )}
        </Detail>
      </dl>
    </div>
  )
}

/** The amount to take from a looked-up card, and taking it. */
function AmountStep({
  cashpoint,
  card,
  undone,
  onTaken,
  onCard,
  onOtherCard,
}: {
  cashpoint: string
  card: LookedUp
  undone: Redemption | null
  onTaken: (redemption: Redemption) => void
  onCard: (card: LookedUp) => void
  onOtherCard: () => void
}) {
  const { i18n } = useLingui()
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const p = card.preview
  const currency = p.currency
  // The schema reads the balance as it is now: a look-up after a refusal may have changed it.
  const balance = useRef(p.balance)
  balance.current = p.balance
  const schema = useMemo(() => amountSchema(currency, i18n, () => balance.current), [currency, i18n])
  const form = useZodForm(schema, { defaultValues: { amount: '' }, mode: 'onSubmit' })
  const showFieldErrors = useFieldErrors(form)
  const [screenError, setScreenError] = useState<MessageDescriptor | null>(null)
  const taking = form.formState.isSubmitting
  // One key per card and amount: a double tap, or a retry after a lost answer, spends once.
  const keys = useRef(new Map<string, string>())

  const text = useWatch({ control: form.control, name: 'amount' }) ?? ''
  const parsed = parseAmountInput(text, currency, i18n.locale)
  const amount = parsed !== undefined && parsed > 0n && parsed <= maxAmountMinor ? Number(parsed) : null
  const overBalance = amount !== null && amount > p.balance
  const lastUse = p.uses_left === 1
  const rest = amount !== null && !overBalance ? p.balance - amount : null

  const submit = form.handleSubmit(async ({ amount: value }) => {
    const attempt = `${card.token}:${value}`
    const idempotencyKey = keys.current.get(attempt) ?? crypto.randomUUID()
    keys.current.set(attempt, idempotencyKey)
    setScreenError(null)
    try {
      const redemption = await takeFromCard({ cashpoint, token: card.token, amount: value }, idempotencyKey)
      keys.current.clear()
      void queryClient.invalidateQueries({ queryKey: redemptionKeys.all })
      onTaken(redemption)
    } catch (error) {
      const refusal = redemptionRefusal(error, i18n.locale)
      if (refusal.on === 'amount') {
        if (refusal.kind === 'other') {
          showFieldErrors(error)
          return
        }
        // The balance may have changed since the look-up (the card spent elsewhere): read it again.
        let now = p.balance
        try {
          const preview = await previewRedemption(cashpoint, card.token)
          now = preview.balance
          onCard({ token: card.token, preview })
        } catch {
          // The refusal already says what matters.
        }
        form.setError(
          'amount',
          { type: 'server', message: i18n._(aboveBalance(now, currency, i18n)) },
          { shouldFocus: true },
        )
      } else if (refusal.on === 'screen') setScreenError(refusal.message)
      else {
        // The card changed under the acceptor's hands (expired, blocked): show it as it is now.
        try {
          onCard({ token: card.token, preview: await previewRedemption(cashpoint, card.token) })
        } catch {
          setScreenError(msg`This card cannot be spent. Ask for another way to pay.`)
        }
      }
    }
  })

  if (p.status !== 'active') {
    return (
      <Card>
        <CardContent className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            <Trans>This card cannot be spent. Ask for another way to pay.</Trans>
          </p>
          <Button variant="outline" className="w-fit" onClick={onOtherCard} data-testid="accept-card-next">
            <Trans>Another card</Trans>
          </Button>
        </CardContent>
      </Card>
    )
  }

  const takeLabel = amount !== null && !overBalance ? formatMoney(amount, currency, i18n.locale) : null

  return (
    <Card data-testid="accept-card-amount">
      <CardHeader>
        <CardTitle>
          <Trans>Amount to take</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-4">
            {undone && (
              <p
                role="status"
                className="rounded-lg border border-primary-200 bg-primary-50/60 px-3 py-2 text-sm"
                data-testid="accept-card-undone"
              >
                <Trans>
                  Undone: <Money amount={undone.amount} currency={undone.currency} /> is back on the card.
                </Trans>
              </p>
            )}
            <FormField
              control={form.control}
              name="amount"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    <Trans>Amount ({currency})</Trans>
                  </FormLabel>
                  <div className="flex gap-2">
                    <FormControl>
                      <Input
                        {...field}
                        onChange={(e) => {
                          field.onChange(e)
                          setScreenError(null)
                        }}
                        inputMode="decimal"
                        autoComplete="off"
                        placeholder={examplePlaceholder(
                          i18n,
                          formatAmountInput(Math.min(p.balance, 1000), currency, i18n.locale),
                        )}
                        disabled={taking}
                        className="h-12 text-2xl font-semibold tabular-nums placeholder:text-base placeholder:font-normal md:text-2xl"
                        data-testid="accept-card-amount-input"
                      />
                    </FormControl>
                    <Button
                      type="button"
                      variant="outline"
                      className="h-12 shrink-0"
                      disabled={taking || p.balance <= 0}
                      onClick={() => {
                        form.setValue('amount', formatAmountInput(p.balance, currency, i18n.locale), {
                          shouldValidate: form.formState.isSubmitted,
                        })
                        form.setFocus('amount')
                      }}
                      data-testid="accept-card-whole"
                    >
                      <Trans>Whole balance</Trans>
                    </Button>
                  </div>
                  <FormMessage data-testid="accept-card-amount-error" />
                  {lastUse && (
                    <FormDescription
                      className="rounded-md bg-amber-50 px-3 py-2 text-amber-900"
                      data-testid="accept-card-forfeit-note"
                    >
                      {p.use_number === 1 ? (
                        <Trans>This card can be used once: whatever is not taken now is forfeited.</Trans>
                      ) : (
                        <Trans>This is the card’s last use: whatever is not taken now is forfeited.</Trans>
                      )}{' '}
                      {rest !== null && rest > 0 && (
                        <Trans>
                          <Money amount={rest} currency={currency} className="font-semibold" /> will be
                          forfeited.
                        </Trans>
                      )}
                    </FormDescription>
                  )}
                  {screenError && <FieldAlert testId="accept-card-error">{i18n._(screenError)}</FieldAlert>}
                </FormItem>
              )}
            />
            <div className="flex flex-wrap gap-2">
              <Button
                type="submit"
                size="lg"
                disabled={!hydrated || taking}
                aria-busy={taking}
                data-testid="accept-card-take"
              >
                {taking ? (
                  <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
                ) : (
                  <CreditCardIcon aria-hidden="true" />
                )}
                {takeLabel ? <Trans>Take {takeLabel}</Trans> : <Trans>Take</Trans>}
              </Button>
              <Button
                type="button"
                size="lg"
                variant="ghost"
                disabled={taking}
                onClick={onOtherCard}
                data-testid="accept-card-other"
              >
                <Trans>Another card</Trans>
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  )
}

/** "Only €25.00 is left on this card.", with the balance in the reader's money format. */
function aboveBalance(amount: number, currency: string, i18n: I18n): MessageDescriptor {
  const balance = formatMoney(amount, currency, i18n.locale)
  return msg`Only ${balance} is left on this card.`
}

/**
 * The amount to take, in the currency's units as people write them (`12,50`): given, a number,
 * more than zero and at most what is left on the card (`balance`, read when checked).
 */
function amountSchema(currency: string, i18n: I18n, balance: () => number) {
  return z.object({
    amount: z
      .string()
      .superRefine((text, ctx) => {
        const say = (message: string) => ctx.addIssue({ code: 'custom', message })
        const parsed = parseAmountInput(text, currency, i18n.locale)
        if (!text.trim()) say(msg`Enter the amount to take from the card.`.id)
        else if (parsed === undefined || parsed > maxAmountMinor) say(msg`Enter an amount such as 12.50.`.id)
        else if (parsed <= 0n) say(msg`The amount must be more than zero.`.id)
        else if (Number(parsed) > balance()) say(i18n._(aboveBalance(balance(), currency, i18n)))
      })
      .transform((text) => Number(parseAmountInput(text, currency, i18n.locale) ?? 0n)),
  })
}

/** What was taken: the amount, what is left, Undo while allowed, and the next card. */
function Taken({
  cashpoint,
  card,
  redemption,
  onUndone,
  onNext,
}: {
  cashpoint: string
  /** The card as it was looked up before this was taken. */
  card: LookedUp
  redemption: Redemption
  onUndone: (reversed: Redemption, preview: RedemptionPreview) => void
  onNext: () => void
}) {
  const { i18n } = useLingui()
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const [undoing, setUndoing] = useState(false)
  // One key for undoing this redemption: a retry after a lost answer undoes it once.
  const [undoKey] = useState(() => crypto.randomUUID())
  const r = redemption
  const reversible = canReverse(r)
  const cardTitle = r.card.title
  const usesLeft = r.uses_left_after

  const undo = async () => {
    setUndoing(true)
    try {
      const reversed = await reverseRedemption(r.uuid, undoKey)
      void queryClient.invalidateQueries({ queryKey: redemptionKeys.all })
      // The card is shown again as it is now; if it cannot be read, as it was before this was taken.
      const preview = await previewRedemption(cashpoint, card.token).catch(() => card.preview)
      onUndone(reversed, preview)
    } catch (error) {
      notify.error(reversalRefusal(error))
      setUndoing(false)
    }
  }

  return (
    <Card data-testid="accept-card-taken" data-uuid={r.uuid}>
      <CardContent className="grid justify-items-center gap-4 py-4 text-center">
        <CircleCheckIcon aria-hidden="true" className="size-12 text-emerald-600" />
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">
            <Trans>Taken from {cardTitle}</Trans> <span className="font-mono">•••• {r.card.token_last4}</span>
          </p>
          <p
            className="text-4xl font-semibold tracking-tight tabular-nums"
            data-testid="accept-card-taken-amount"
          >
            {formatMoney(r.amount, r.currency, i18n.locale)}
          </p>
        </div>
        <p className="text-sm" data-testid="accept-card-balance-after">
          {r.balance_after > 0 ? (
            <Trans>
              <Money amount={r.balance_after} currency={r.currency} className="font-semibold" /> left on the
              card
            </Trans>
          ) : (
            <Trans>The card is used up: nothing is left on it.</Trans>
          )}
          {usesLeft !== null && r.balance_after > 0 && (
            <>
              {' · '}
              <Plural value={usesLeft} one="# use left" other="# uses left" />
            </>
          )}
        </p>
        {r.forfeited > 0 && (
          <p className="text-[13px] text-muted-foreground" data-testid="accept-card-forfeited">
            <Trans>
              <Money amount={r.forfeited} currency={r.currency} /> was forfeited with the card’s last use.
            </Trans>
          </p>
        )}
        <div className="flex flex-wrap justify-center gap-2">
          <Button size="lg" onClick={onNext} disabled={undoing} autoFocus data-testid="accept-card-next">
            <CreditCardIcon aria-hidden="true" />
            <Trans>Next card</Trans>
          </Button>
          {reversible && (
            <Button
              size="lg"
              variant="outline"
              onClick={() => void undo()}
              disabled={!hydrated || undoing}
              aria-busy={undoing}
              data-testid="accept-card-undo"
            >
              {undoing ? (
                <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
              ) : (
                <Undo2Icon aria-hidden="true" />
              )}
              <Trans>Undo</Trans>
            </Button>
          )}
        </div>
        {!reversible && r.forfeited > 0 && (
          <p className="text-[13px] text-muted-foreground">
            <Trans>
              This cannot be undone here, as it used up the card. The program owner can correct it.
            </Trans>
          </p>
        )}
      </CardContent>
    </Card>
  )
}

/** The cards taken at this cashpoint lately, newest first; undone ones marked, recent ones undoable. */
function RecentRedemptions({ cashpoint }: { cashpoint: string }) {
  const recent = useQuery(cashpointRedemptionsQueryOptions(cashpoint))
  return (
    <section aria-labelledby="recent-cards-title" className="grid gap-3">
      <h2 id="recent-cards-title" className="text-lg font-semibold">
        <Trans>Latest cards taken at this cashpoint</Trans>
      </h2>
      {recent.isError ? (
        <LoadError onRetry={() => recent.refetch()} />
      ) : recent.isPending ? (
        <RowsSkeleton rows={3} />
      ) : recent.data.results.length === 0 ? (
        <EmptyState>
          <Trans>No cards taken here yet.</Trans>
        </EmptyState>
      ) : (
        <ul className="divide-y rounded-lg border" data-testid="accept-card-recent">
          {recent.data.results.map((r) => (
            <RecentRow key={r.uuid} redemption={r} />
          ))}
        </ul>
      )}
    </section>
  )
}

function RecentRow({ redemption: r }: { redemption: Redemption }) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const [undoKey] = useState(() => crypto.randomUUID())
  const reversed = r.status === 'reversed'
  const amount = formatMoney(r.amount, r.currency, i18n.locale)
  const last4 = r.card.token_last4
  const undo = async () => {
    try {
      await reverseRedemption(r.uuid, undoKey)
      notify.success(msg`Undone: the amount is back on the card`)
    } catch (error) {
      notify.error(reversalRefusal(error))
    } finally {
      await queryClient.invalidateQueries({ queryKey: redemptionKeys.all })
    }
  }
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 px-4 py-2.5 text-sm"
      data-testid="accept-card-recent-row"
      data-uuid={r.uuid}
      data-status={r.status}
    >
      <div className="min-w-0">
        <p className="truncate">
          {r.card.title} <span className="font-mono text-muted-foreground">•••• {last4}</span>
        </p>
        <p className="text-xs text-muted-foreground">
          <time dateTime={r.created}>{i18n.date(r.created, { dateStyle: 'short', timeStyle: 'short' })}</time>
          {r.forfeited > 0 && (
            <>
              {' · '}
              <Trans>
                <Money amount={r.forfeited} currency={r.currency} /> forfeited
              </Trans>
            </>
          )}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-3">
        {reversed && (
          <Badge variant="muted" data-testid="accept-card-recent-reversed">
            <Trans context="card spending">Undone</Trans>
          </Badge>
        )}
        <Money
          amount={r.amount}
          currency={r.currency}
          className={cn('font-medium', reversed && 'text-muted-foreground line-through')}
          testId="accept-card-recent-amount"
        />
        {canReverse(r) && (
          <ConfirmButton
            variant="ghost"
            size="sm"
            testId="accept-card-recent-undo"
            title={
              <Trans>
                Undo {amount} from the card ending in {last4}?
              </Trans>
            }
            description={<Trans>The amount and the use go back onto the card.</Trans>}
            confirmLabel={<Trans>Undo</Trans>}
            onConfirm={undo}
          >
            <Undo2Icon aria-hidden="true" />
            <Trans>Undo</Trans>
          </ConfirmButton>
        )}
      </div>
    </li>
  )
}
