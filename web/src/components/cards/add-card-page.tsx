import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { ArrowLeftIcon, CheckIcon, LoaderCircleIcon, SearchIcon } from 'lucide-react'
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { formatSeconds, useCountdown } from '~/components/auth/countdown.ts'
import { useHydrated } from '~/components/payments/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent } from '~/components/ui/card.tsx'
import { Label } from '~/components/ui/label.tsx'
import { notify } from '~/lib/notify.tsx'
import { CardCodeInput } from './card-code-input.tsx'
import { CardDetails } from './card-details.tsx'
import { CardFace } from './card-face.tsx'
import { type TokenRefusal, tokenRefusal } from './errors.ts'
import { activateCard, type CardPreview, cardKeys, cardLookupQueryOptions, type HeldCard } from './queries.ts'
import { formatToken, isCompleteToken, misreadCharacters, tokenFromText } from './token.ts'

type FieldProblem = { kind: 'incomplete' } | { kind: 'misread'; characters: string[] } | TokenRefusal

/**
 * `/cards/add`: the card holder types (or pastes, or arrives by a printed card's link with
 * `?token=`) the code of a voucher or gift card, sees the card it belongs to and activates it.
 * The code field groups what is typed as `XXXX-XXXX-XXXX-XXXX`; every refusal is said on the
 * field: no card with this code, a card someone else activated, or too many tries (with when to
 * try again, and the buttons waiting until then).
 */
export function AddCardPage({ initialToken }: { initialToken?: string }) {
  const { t } = useLingui()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const fieldId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [token, setToken] = useState(() => tokenFromText(initialToken ?? ''))
  const [problem, setProblem] = useState<FieldProblem | null>(null)
  const [preview, setPreview] = useState<CardPreview | null>(null)
  const retryAt = problem?.kind === 'throttled' ? problem.retryAt : undefined
  const waitSeconds = useCountdown(retryAt)
  const waiting = retryAt !== undefined && waitSeconds > 0

  const lookup = useMutation({
    mutationFn: (code: string) => queryClient.fetchQuery(cardLookupQueryOptions(code)),
    onSuccess: (card) => {
      setPreview(card)
      setProblem(null)
    },
    onError: (error) => {
      setPreview(null)
      setProblem(tokenRefusal(error))
    },
  })

  const activate = useMutation({
    mutationFn: (code: string) => activateCard(code),
    onSuccess: (card: HeldCard) => {
      queryClient.setQueryData<HeldCard[]>(cardKeys.held(), (cards) =>
        cards ? [card, ...cards.filter((c) => c.uuid !== card.uuid)] : cards,
      )
      void queryClient.invalidateQueries({ queryKey: cardKeys.all })
      notify.success(msg`Card added to your cards`)
      void navigate({ to: '/cards/$token', params: { token: card.token } })
    },
    onError: (error) => setProblem(tokenRefusal(error)),
  })

  const busy = lookup.isPending || activate.isPending

  const check = (code: string): boolean => {
    if (isCompleteToken(code)) return true
    const misread = misreadCharacters(code)
    setProblem(misread.length > 0 ? { kind: 'misread', characters: misread } : { kind: 'incomplete' })
    setPreview(null)
    inputRef.current?.focus()
    return false
  }

  const lookUp = (code: string) => {
    if (!check(code) || waiting) return
    lookup.mutate(formatToken(code))
  }

  // A printed card's link (`/cards/add?token=…`) looks its card up at once.
  const lookedUpInitial = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the code the page was opened with
  useEffect(() => {
    if (lookedUpInitial.current || !initialToken) return
    lookedUpInitial.current = true
    const code = tokenFromText(initialToken)
    if (isCompleteToken(code)) lookup.mutate(code)
    else check(code)
  }, [initialToken])

  const change = (code: string, how: 'typed' | 'pasted') => {
    const changed = code !== token
    setToken(code)
    if (how === 'pasted' || changed) {
      setPreview(null)
      if (problem?.kind !== 'throttled') setProblem(null)
    }
    if (how === 'pasted' && isCompleteToken(code) && !waiting) lookup.mutate(code)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (preview?.status === 'issued' && formatToken(token) === formatToken(preview.token)) {
      if (!waiting) activate.mutate(preview.token)
      return
    }
    lookUp(token)
  }

  const messageId = `${fieldId}-message`
  const descriptionId = `${fieldId}-description`
  const showProblem = problem && !(problem.kind === 'throttled' && !waiting && retryAt !== undefined)

  return (
    <div className="grid grid-cols-1 gap-6">
      <Button variant="ghost" size="sm" asChild className="w-fit">
        <Link to="/cards" data-testid="cards-back">
          <ArrowLeftIcon aria-hidden="true" />
          <Trans>Cards</Trans>
        </Link>
      </Button>
      <header>
        <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
          <Trans>Add a card</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Enter the code of your voucher or gift card. You find it on the card, or in the e-mail or letter
            it came with.
          </Trans>
        </p>
      </header>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <Card>
          <CardContent>
            <form onSubmit={submit} noValidate className="grid gap-4" data-testid="add-card-form">
              <div className="grid gap-2">
                <Label htmlFor={fieldId} data-error={showProblem ? true : undefined}>
                  <Trans>Card code</Trans>
                </Label>
                <CardCodeInput
                  ref={inputRef}
                  id={fieldId}
                  value={token}
                  onChange={change}
                  invalid={Boolean(showProblem)}
                  describedBy={showProblem ? `${descriptionId} ${messageId}` : descriptionId}
                />
                <p id={descriptionId} className="text-[13px] text-muted-foreground">
                  <Trans>16 letters and digits, in four groups.</Trans>{' '}
                  <Trans>A card code never holds the digits 0 and 1 or the letters O and I.</Trans>
                </p>
                {showProblem && (
                  <p
                    id={messageId}
                    role="alert"
                    className="text-[13px] font-medium text-destructive"
                    data-testid="card-token-error"
                    data-kind={problem.kind}
                  >
                    <ProblemText problem={problem} waitSeconds={waitSeconds} />
                  </p>
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                {preview?.status === 'issued' ? (
                  <Button
                    type="submit"
                    disabled={!hydrated || busy || waiting}
                    aria-busy={activate.isPending}
                    data-testid="card-activate"
                  >
                    {activate.isPending ? (
                      <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
                    ) : (
                      <CheckIcon aria-hidden="true" />
                    )}
                    <WaitOr seconds={waiting ? waitSeconds : 0}>
                      <Trans>Activate</Trans>
                    </WaitOr>
                  </Button>
                ) : (
                  <Button
                    type="submit"
                    disabled={!hydrated || busy || waiting}
                    aria-busy={lookup.isPending}
                    data-testid="card-lookup"
                  >
                    {lookup.isPending ? (
                      <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
                    ) : (
                      <SearchIcon aria-hidden="true" />
                    )}
                    <WaitOr seconds={waiting ? waitSeconds : 0}>
                      <Trans>Look up the card</Trans>
                    </WaitOr>
                  </Button>
                )}
                {preview && (
                  <Button
                    variant="ghost"
                    disabled={busy}
                    onClick={() => {
                      setPreview(null)
                      setToken('')
                      setProblem(null)
                      inputRef.current?.focus()
                    }}
                    data-testid="card-other-code"
                  >
                    <Trans>Another code</Trans>
                  </Button>
                )}
              </div>
            </form>
          </CardContent>
        </Card>

        <section aria-label={t`The card of this code`} aria-live="polite" className="grid gap-4">
          {preview ? (
            <CardPreviewPanel card={preview} />
          ) : (
            <div className="hidden rounded-2xl border border-dashed p-6 text-sm text-muted-foreground lg:block">
              <Trans>
                The card appears here once its code is looked up, so you can check it before adding it.
              </Trans>
            </div>
          )}
        </section>
      </div>
    </div>
  )
}

/** A button's text, or how long it still has to wait. */
function WaitOr({ seconds, children }: { seconds: number; children: ReactNode }) {
  const time = formatSeconds(seconds)
  if (seconds <= 0) return <>{children}</>
  return <Trans>Wait {time}</Trans>
}

function ProblemText({ problem, waitSeconds }: { problem: FieldProblem; waitSeconds: number }) {
  const { i18n } = useLingui()
  switch (problem.kind) {
    case 'incomplete':
      return <Trans>Enter all 16 characters of the code, such as ABCD-EFGH-JKLM-NPQR.</Trans>
    case 'misread': {
      const characters = problem.characters.join(', ')
      return <Trans>A card code never holds {characters}. Check these characters against the card.</Trans>
    }
    case 'unknown':
      return <Trans>No card has this code. Check it and try again.</Trans>
    case 'taken':
      return <Trans>This card has already been activated by someone else.</Trans>
    case 'throttled': {
      if (problem.retryAt === undefined) {
        return <Trans>Too many tries. Wait a minute and try again.</Trans>
      }
      const at = i18n.date(new Date(problem.retryAt), { timeStyle: 'medium' })
      const wait = formatSeconds(waitSeconds)
      return (
        <Trans>
          Too many tries. You can try again at {at} (in {wait}).
        </Trans>
      )
    }
    case 'unusable':
      return <>{i18n._(problem.message)}</>
    case 'other':
      return <>{typeof problem.message === 'string' ? problem.message : i18n._(problem.message)}</>
  }
}

/** The looked-up card: its face and what it holds, and whether it can be added. */
function CardPreviewPanel({ card }: { card: CardPreview }) {
  const mine = card.status !== 'issued'
  return (
    <div className="grid gap-4" data-testid="card-lookup-result" data-status={card.status}>
      <CardFace
        title={card.card.title}
        programTitle={card.program.title}
        type={card.card.type.code}
        imageUrl={card.card.image_url}
        orientation={card.card.orientation}
        amount={card.status === 'issued' ? card.value : card.balance}
        value={card.value}
        currency={card.currency}
        useNumber={card.use_number}
        usesLeft={card.status === 'issued' ? undefined : card.uses_left}
        expiresAt={card.expires_at}
        status={card.status}
        token={card.token}
      />
      {mine && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-primary-200 bg-primary-50/60 px-4 py-3 text-sm"
          data-testid="card-lookup-yours"
        >
          <p>
            <Trans>This card is already in your cards.</Trans>
          </p>
          <Button size="sm" asChild>
            <Link to="/cards/$token" params={{ token: card.token }} data-testid="card-lookup-open">
              <Trans>Open the card</Trans>
            </Link>
          </Button>
        </div>
      )}
      <CardDetails card={card} />
    </div>
  )
}
