import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowLeftIcon, CheckIcon, CreditCardIcon, ShieldAlertIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Skeleton } from '~/components/ui/skeleton.tsx'
import { CardDetails } from './card-details.tsx'
import { CardFace, faceOf } from './card-face.tsx'
import { CardHistory } from './card-history.tsx'
import { tokenRefusal } from './errors.ts'
import { CardStatusBadge } from './labels.tsx'
import { type CardPreview, cardLookupQueryOptions, heldCardsQueryOptions } from './queries.ts'
import { formatToken, isCompleteToken } from './token.ts'

/**
 * `/cards/{token}`: one of the card holder's cards: its face, value and balance, uses left,
 * validity, status and program. A code that is not among their cards is looked up: a card nobody
 * has activated yet offers to add it, someone else's or an unknown code says so.
 */
export function CardPage({ token }: { token: string }) {
  const { i18n } = useLingui()
  const code = formatToken(token)
  const valid = isCompleteToken(code)
  const held = useQuery(heldCardsQueryOptions())
  const mine = held.data?.find((card) => formatToken(card.token) === code)
  // The holder's own card is read by its token too (which never counts as a try): that answer
  // carries where it was spent. Any other code is looked up.
  const lookup = useQuery({
    ...cardLookupQueryOptions(code),
    enabled: valid && held.isSuccess,
  })

  if (!valid) return <Missing kind="unknown" />
  if (held.isPending) return <CardSkeleton />
  if (held.isError) return <LoadError onRetry={() => held.refetch()} />
  if (mine) {
    return (
      <CardView
        card={lookup.data ?? mine}
        history={{ loading: lookup.isPending, onRetry: lookup.isError ? () => lookup.refetch() : undefined }}
      />
    )
  }
  if (lookup.isPending) return <CardSkeleton />
  if (lookup.isError) {
    const refusal = tokenRefusal(lookup.error, i18n.locale)
    if (refusal.kind === 'unknown') return <Missing kind="unknown" />
    if (refusal.kind === 'taken') return <Missing kind="taken" />
    return <LoadError onRetry={() => lookup.refetch()} />
  }
  return <CardView card={lookup.data} />
}

/** Back to the card holder's cards. */
export function BackToCards() {
  return (
    <Button variant="ghost" size="sm" asChild className="w-fit">
      <Link to="/cards" data-testid="cards-back">
        <ArrowLeftIcon aria-hidden="true" />
        <Trans>Cards</Trans>
      </Link>
    </Button>
  )
}

function CardView({
  card,
  history,
}: {
  card: CardPreview
  /** How the holder's own card's history is coming along (not shown for a card not added yet). */
  history?: { loading: boolean; onRetry: (() => void) | undefined }
}) {
  const notYetAdded = card.status === 'issued'
  return (
    <div className="grid grid-cols-1 gap-6" data-testid="card-page" data-token={card.token}>
      <BackToCards />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1
              id="screen-title"
              data-testid="screen-title"
              className="text-2xl font-semibold tracking-tight"
            >
              {card.card.title}
            </h1>
            <CardStatusBadge status={card.status} testId="card-status" />
          </div>
          <p className="text-sm text-muted-foreground" data-testid="card-program">
            {card.program.title}
          </p>
        </div>
        {notYetAdded && (
          <Button asChild>
            <Link to="/cards/add" search={{ token: card.token }} data-testid="card-page-activate">
              <CheckIcon aria-hidden="true" />
              <Trans>Add this card</Trans>
            </Link>
          </Button>
        )}
      </header>
      {notYetAdded && (
        <p
          role="status"
          className="rounded-lg border border-primary-200 bg-primary-50/60 px-4 py-3 text-sm"
          data-testid="card-not-added"
        >
          <Trans>Nobody has activated this card yet. Add it to make it yours.</Trans>
        </p>
      )}
      {card.status === 'blocked' && (
        <Notice>
          <Trans>This card is blocked: it cannot be used. Ask the program that issued it why.</Trans>
        </Notice>
      )}
      {card.status === 'used' && (
        <p
          role="status"
          className="rounded-lg border bg-muted/40 px-4 py-3 text-sm text-muted-foreground"
          data-testid="card-used-up"
        >
          <Trans>This card is used up: nothing is left on it to spend.</Trans>
        </p>
      )}
      {card.status === 'expired' && (
        <Notice>
          <Trans>This card has expired: what was left on it can no longer be spent.</Trans>
        </Notice>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        <div className="flex justify-center lg:justify-start">
          <CardFace {...faceOf(card)} />
        </div>
        <CardDetails card={card} withCode />
      </div>
      {history && (
        <CardHistory
          redemptions={card.redemptions}
          currency={card.currency}
          loading={history.loading}
          onRetry={history.onRetry}
        />
      )}
    </div>
  )
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      data-testid="card-unusable"
      className="flex gap-3 rounded-lg border border-destructive/25 bg-destructive/5 px-3.5 py-3 text-[13px] text-destructive"
    >
      <ShieldAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>{children}</p>
    </div>
  )
}

function Missing({ kind }: { kind: 'unknown' | 'taken' }) {
  return (
    <div className="grid grid-cols-1 gap-6" data-testid="card-missing" data-kind={kind}>
      <BackToCards />
      <EmptyState
        icon={kind === 'taken' ? ShieldAlertIcon : CreditCardIcon}
        title={kind === 'taken' ? <Trans>Not your card</Trans> : <Trans>Card not found</Trans>}
      >
        <span className="grid justify-items-center gap-4">
          <span>
            {kind === 'taken' ? (
              <Trans>This card has already been activated by someone else.</Trans>
            ) : (
              <Trans>No card has this code. Check the code, or add the card again.</Trans>
            )}
          </span>
          <Button asChild variant="outline">
            <Link to="/cards/add">
              <Trans>Add a card</Trans>
            </Link>
          </Button>
        </span>
      </EmptyState>
    </div>
  )
}

function CardSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-6" data-testid="rows-skeleton">
      <span className="sr-only">
        <Trans>Loading…</Trans>
      </span>
      <Skeleton className="h-8 w-24" />
      <Skeleton className="h-8 w-64" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        <Skeleton className="aspect-[85.6/54] w-full max-w-sm rounded-2xl" />
        <Skeleton className="h-56 w-full rounded-xl" />
      </div>
    </div>
  )
}
