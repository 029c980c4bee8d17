import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import {
  ArrowRightIcon,
  CreditCardIcon,
  GiftIcon,
  LayersIcon,
  LifeBuoyIcon,
  type LucideIcon,
  PlusIcon,
  QrCodeIcon,
  TicketIcon,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { CardStatusBadge, ExpiryDate, UsesLabel } from '~/components/cards/labels.tsx'
import { type HeldCard, heldCardsQueryOptions } from '~/components/cards/queries.ts'
import { lastGroup } from '~/components/cards/token.ts'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { formatMoney } from '~/lib/money.ts'
import { cn } from '~/lib/utils.ts'

/** How many cards Home shows; all of them are under Cards. */
const shownCards = 4

/** Usable cards first (newest activation first), then the ones that can no longer be spent. */
const usable = (card: HeldCard) => card.status === 'active' || card.status === 'issued'
function byUse(a: HeldCard, b: HeldCard): number {
  return Number(usable(b)) - Number(usable(a)) || (b.activated_at ?? '').localeCompare(a.activated_at ?? '')
}

/**
 * The card holder's `/home`: their vouchers and gift cards at a glance (what is left on each, each
 * leading to its page), and the ways on: add a card, pay with a QR code, programs, help. Bills and
 * food orders join here when those modules arrive.
 */
export function HolderHomePage() {
  const cards = useQuery(heldCardsQueryOptions())
  const count = cards.data?.length ?? 0
  const shown = cards.data ? [...cards.data].sort(byUse).slice(0, shownCards) : []

  return (
    <div className="grid grid-cols-1 gap-8">
      <header>
        <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
          <Trans>Home</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Your cards at a glance, and what you can do next.</Trans>
        </p>
      </header>

      <section aria-labelledby="home-cards" className="grid gap-3" data-testid="home-cards">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="home-cards" className="text-lg font-semibold">
            <Trans>Your cards</Trans>
          </h2>
          {count > shownCards && (
            <Link
              to="/cards"
              className="text-sm font-medium text-primary-700 underline-offset-4 hover:underline"
              data-testid="home-all-cards"
            >
              <Trans>All cards ({count})</Trans>
            </Link>
          )}
        </div>
        {cards.isPending ? (
          <RowsSkeleton rows={2} />
        ) : cards.isError ? (
          <LoadError onRetry={() => cards.refetch()}>
            <Trans>Your cards could not be loaded.</Trans>
          </LoadError>
        ) : count === 0 ? (
          <EmptyState icon={CreditCardIcon} title={<Trans>No cards yet</Trans>}>
            <span className="grid justify-items-center gap-4">
              <span>
                <Trans>
                  Got a voucher or gift card? Add it with the code printed on it, and you see here what is
                  left on it.
                </Trans>
              </span>
              <Button asChild>
                <Link to="/cards/add" data-testid="home-add-card-empty">
                  <PlusIcon aria-hidden="true" />
                  <Trans>Add a card</Trans>
                </Link>
              </Button>
            </span>
          </EmptyState>
        ) : (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {shown.map((card) => (
              <li key={card.uuid}>
                <HeldCardRow card={card} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="home-shortcuts" className="grid gap-3">
        <h2 id="home-shortcuts" className="text-lg font-semibold">
          <Trans>What you can do</Trans>
        </h2>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Shortcut to="/cards/add" icon={PlusIcon} testId="home-add-card" title={<Trans>Add a card</Trans>}>
            <Trans>With the 16-character code or the QR code on the card.</Trans>
          </Shortcut>
          <Shortcut to="/pay" icon={QrCodeIcon} testId="home-pay" title={<Trans>Pay with a QR code</Trans>}>
            <Trans>Scan the code the business shows you at the counter.</Trans>
          </Shortcut>
          <Shortcut to="/programs" icon={LayersIcon} testId="home-programs" title={<Trans>Programs</Trans>}>
            <Trans>Card programs and the businesses that take their cards.</Trans>
          </Shortcut>
          <Shortcut to="/help" icon={LifeBuoyIcon} testId="home-help" title={<Trans>Help</Trans>}>
            <Trans>Answers to common questions, and contact with support.</Trans>
          </Shortcut>
        </ul>
        <p className="text-sm text-muted-foreground">
          <Trans>Your bills and food orders will appear here too, once your programs send them.</Trans>
        </p>
      </section>
    </div>
  )
}

/** One card as a line: what it is, what is left on it and until when; leads to its page. */
function HeldCardRow({ card }: { card: HeldCard }) {
  const { i18n } = useLingui()
  const TypeIcon = card.card.type.code === 'gift' ? GiftIcon : TicketIcon
  const issued = card.status === 'issued'
  const amount = issued ? card.value : card.balance
  const flexible = card.card.type.code === 'gift' && card.value === 0 && card.balance === 0
  return (
    <Link
      to="/cards/$token"
      params={{ token: card.token }}
      data-testid="home-card"
      data-token={card.token}
      className={cn(
        'flex items-center gap-3 rounded-xl border bg-background px-4 py-3 transition-colors hover:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none',
        !usable(card) && 'opacity-80',
      )}
    >
      <span
        aria-hidden="true"
        className="grid size-10 shrink-0 place-content-center rounded-lg bg-primary-50 text-primary-700"
      >
        <TypeIcon className="size-5" />
      </span>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium" data-testid="home-card-title">
            {card.card.title}
          </span>
          <CardStatusBadge status={card.status} />
        </span>
        <span className="truncate text-[13px] text-muted-foreground">
          {card.program.title} · <span className="font-mono">•••• {lastGroup(card.token)}</span>
        </span>
        <span className="text-[13px] text-muted-foreground">
          <UsesLabel useNumber={card.use_number} usesLeft={issued ? undefined : card.uses_left} />
          {card.expires_at && (
            <>
              {' · '}
              <Trans>
                until <ExpiryDate at={card.expires_at} />
              </Trans>
            </>
          )}
        </span>
      </span>
      <span className="shrink-0 text-right font-semibold tabular-nums" data-testid="home-card-amount">
        {flexible ? <Trans>Flexible</Trans> : formatMoney(amount, card.currency, i18n.locale)}
      </span>
    </Link>
  )
}

function Shortcut({
  to,
  icon: Icon,
  title,
  children,
  testId,
}: {
  to: '/cards/add' | '/pay' | '/programs' | '/help'
  icon: LucideIcon
  title: ReactNode
  children: ReactNode
  testId: string
}) {
  return (
    <li>
      <Link
        to={to}
        data-testid={testId}
        className="flex h-full items-start gap-3 rounded-xl border bg-background px-4 py-3.5 transition-colors hover:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
      >
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-700" />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="font-medium">{title}</span>
          <span className="text-[13px] text-muted-foreground">{children}</span>
        </span>
        <ArrowRightIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      </Link>
    </li>
  )
}
