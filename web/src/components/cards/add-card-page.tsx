import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { CheckIcon, LoaderCircleIcon } from 'lucide-react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { formatSeconds } from '~/components/auth/countdown.ts'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent } from '~/components/ui/card.tsx'
import { notify } from '~/lib/notify.tsx'
import { CardDetails } from './card-details.tsx'
import { CardFace, faceOf } from './card-face.tsx'
import { BackToCards } from './card-page.tsx'
import {
  CardCodeField,
  LookUpButton,
  MessageText,
  TokenShapeText,
  useLookupWait,
  WaitOr,
} from './code-field.tsx'
import { type TokenRefusal, tokenRefusal } from './errors.ts'
import { activateCard, type CardPreview, cardKeys, cardLookupQueryOptions, type HeldCard } from './queries.ts'
import {
  formatToken,
  isCompleteToken,
  type TokenShapeProblem,
  tokenFromText,
  tokenShapeProblem,
} from './token.ts'

type FieldProblem = TokenShapeProblem | TokenRefusal

/**
 * `/cards/add`: the card holder types (or pastes, or arrives by a printed card's link with
 * `?token=`) the code of a voucher or gift card, sees the card it belongs to and activates it.
 * The code field groups what is typed as `XXXX-XXXX-XXXX-XXXX`; every refusal is said on the
 * field: no card with this code, a card someone else activated, or too many tries (with when to
 * try again, and the buttons waiting until then).
 */
export function AddCardPage({ initialToken }: { initialToken?: string }) {
  const { i18n, t } = useLingui()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const inputRef = useRef<HTMLInputElement>(null)
  const [token, setToken] = useState(() => tokenFromText(initialToken ?? ''))
  const [problem, setProblem] = useState<FieldProblem | null>(null)
  const [preview, setPreview] = useState<CardPreview | null>(null)
  const { waitSeconds, waiting, showProblem } = useLookupWait(problem)

  const lookup = useMutation({
    mutationFn: (code: string) => queryClient.fetchQuery(cardLookupQueryOptions(code)),
    onSuccess: (card) => {
      setPreview(card)
      setProblem(null)
    },
    onError: (error) => {
      setPreview(null)
      setProblem(tokenRefusal(error, i18n.locale))
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
    onError: (error) => setProblem(tokenRefusal(error, i18n.locale)),
  })

  const busy = lookup.isPending || activate.isPending

  const check = (code: string): boolean => {
    const shape = tokenShapeProblem(code)
    if (!shape) return true
    setProblem(shape)
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

  return (
    <div className="grid grid-cols-1 gap-6">
      <BackToCards />
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
              <CardCodeField
                inputRef={inputRef}
                value={token}
                onChange={change}
                description={
                  <>
                    <Trans>16 letters and digits, in four groups.</Trans>{' '}
                    <Trans>A card code never holds the digits 0 and 1 or the letters O and I.</Trans>
                  </>
                }
                error={
                  problem && showProblem
                    ? {
                        kind: problem.kind,
                        text: <ProblemText problem={problem} waitSeconds={waitSeconds} />,
                      }
                    : null
                }
              />
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
                  <LookUpButton
                    disabled={!hydrated || busy || waiting}
                    pending={lookup.isPending}
                    waitSeconds={waiting ? waitSeconds : 0}
                  />
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

function ProblemText({ problem, waitSeconds }: { problem: FieldProblem; waitSeconds: number }) {
  const { i18n } = useLingui()
  switch (problem.kind) {
    case 'incomplete':
    case 'misread':
      return <TokenShapeText problem={problem} />
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
    case 'other':
      return <MessageText message={problem.message} />
  }
}

/** The looked-up card: its face and what it holds, and whether it can be added. */
function CardPreviewPanel({ card }: { card: CardPreview }) {
  const mine = card.status !== 'issued'
  return (
    <div className="grid gap-4" data-testid="card-lookup-result" data-status={card.status}>
      <CardFace {...faceOf(card)} />
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
