import { Plural, Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CreditCardIcon, PlusIcon } from 'lucide-react'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Skeleton } from '~/components/ui/skeleton.tsx'
import { CardFace, faceOf } from './card-face.tsx'
import { type HeldCard, heldCardsQueryOptions } from './queries.ts'

/** Usable cards first, then used-up, blocked and expired ones; within each, the newest activation first. */
const statusOrder: Record<HeldCard['status'], number> = {
  active: 0,
  issued: 1,
  used: 2,
  blocked: 3,
  expired: 4,
}

function byUse(a: HeldCard, b: HeldCard): number {
  return (
    (statusOrder[a.status] ?? 9) - (statusOrder[b.status] ?? 9) ||
    (b.activated_at ?? '').localeCompare(a.activated_at ?? '')
  )
}

/**
 * `/cards` on the card-holder portal: the vouchers and gift cards the card holder has activated,
 * each as its card face leading to its detail, with "Add a card" for the code of a new one.
 */
export function HeldCardsPage() {
  const cards = useQuery(heldCardsQueryOptions())
  const count = cards.data?.length ?? 0

  return (
    <div className="grid grid-cols-1 gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
            <Trans>Cards</Trans>
          </h1>
          <p className="text-sm text-muted-foreground">
            {cards.data && count > 0 ? (
              <Plural
                value={count}
                one="# voucher or gift card, with what is left on it."
                other="# vouchers and gift cards, with what is left on them."
              />
            ) : (
              <Trans>Your vouchers and gift cards, with what is left on them.</Trans>
            )}
          </p>
        </div>
        {count > 0 && <AddCardButton />}
      </header>

      {cards.isPending ? (
        <CardsSkeleton />
      ) : cards.isError ? (
        <LoadError onRetry={() => cards.refetch()}>
          <Trans>Your cards could not be loaded.</Trans>
        </LoadError>
      ) : count === 0 ? (
        <EmptyState icon={CreditCardIcon} title={<Trans>No cards yet</Trans>}>
          <span className="grid justify-items-center gap-4">
            <span>
              <Trans>
                Got a voucher or a gift card? Add it with the code printed on it and it appears here, with its
                balance and until when you can use it.
              </Trans>
            </span>
            <AddCardButton />
          </span>
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3" data-testid="held-cards">
          {[...cards.data].sort(byUse).map((card) => (
            <li key={card.uuid} className="flex justify-center sm:justify-start">
              <HeldCardLink card={card} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function AddCardButton() {
  return (
    <Button asChild>
      <Link to="/cards/add" data-testid="cards-add">
        <PlusIcon aria-hidden="true" />
        <Trans>Add a card</Trans>
      </Link>
    </Button>
  )
}

function HeldCardLink({ card }: { card: HeldCard }) {
  return (
    // Named by what the card shows (all of it text), so two cards of one program differ by their
    // code's last group and balance instead of sharing the title.
    <Link
      to="/cards/$token"
      params={{ token: card.token }}
      data-testid="held-card"
      data-token={card.token}
      className="block w-full max-w-sm rounded-2xl transition-transform hover:-translate-y-0.5 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      {/* Held cards are activated: their balance and uses left. The list lays every card flat. */}
      <CardFace {...faceOf(card)} orientation="horizontal" maskToken className="max-w-none" />
    </Link>
  )
}

function CardsSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3" data-testid="rows-skeleton">
      <span className="sr-only">
        <Trans>Loading…</Trans>
      </span>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="aspect-[85.6/54] w-full max-w-sm rounded-2xl" />
      ))}
    </div>
  )
}
