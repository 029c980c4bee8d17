import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import {
  ArrowLeftIcon,
  CreditCardIcon,
  GiftIcon,
  LayersIcon,
  PlusIcon,
  StoreIcon,
  TicketIcon,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { CardStatusBadge, CardTypeName } from '~/components/cards/labels.tsx'
import { heldCardsQueryOptions } from '~/components/cards/queries.ts'
import { lastGroup } from '~/components/cards/token.ts'
import { NotFound } from '~/components/not-found.tsx'
import { UseModeText, ValidityText } from '~/components/programs/card-labels.tsx'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { formatMoney } from '~/lib/money.ts'
import { publicProgramQueryOptions } from './queries.ts'

/**
 * The card holder's program information page (`/programs/{uuid}`): what the program is and who
 * runs it, its card (value, uses, validity), the businesses that take its cards, and the holder's
 * own cards of it, with the way to add one.
 */
export function PublicProgramPage({ uuid }: { uuid: string }) {
  const { i18n } = useLingui()
  const program = useQuery(publicProgramQueryOptions(uuid))
  const held = useQuery(heldCardsQueryOptions())

  const back = (
    <Button variant="ghost" size="sm" asChild className="w-fit">
      <Link to="/programs" data-testid="program-back">
        <ArrowLeftIcon aria-hidden="true" />
        <Trans>Programs</Trans>
      </Link>
    </Button>
  )
  if (program.isPending) {
    return (
      <div className="grid grid-cols-1 gap-6">
        {back}
        <RowsSkeleton rows={4} />
      </div>
    )
  }
  if (program.isError) {
    return (
      <div className="grid grid-cols-1 gap-6">
        {back}
        <LoadError onRetry={() => program.refetch()}>
          <Trans>This program could not be loaded.</Trans>
        </LoadError>
      </div>
    )
  }

  const { title, description, owner, card, acceptors } = program.data
  const TypeIcon = card.type.code === 'gift' ? GiftIcon : TicketIcon
  const mine = (held.data ?? []).filter((c) => c.program.uuid === uuid)
  const ownerName = owner.name

  return (
    <div className="grid grid-cols-1 gap-6" data-testid="public-program-page">
      {back}
      <header className="grid gap-1">
        <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
          {title}
        </h1>
        {ownerName && (
          <p className="text-sm text-muted-foreground" data-testid="public-program-owner">
            <Trans>A program of {ownerName}</Trans>
          </p>
        )}
        {description && (
          <p className="mt-2 max-w-prose text-sm leading-relaxed whitespace-pre-line">{description}</p>
        )}
      </header>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card data-testid="public-program-card">
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              <TypeIcon aria-hidden="true" className="size-5 text-primary-700" />
              <CardTypeName code={card.type.code} />
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            {card.image_url && (
              <img
                src={card.image_url}
                alt=""
                className="aspect-[85.6/54] w-full max-w-sm rounded-xl object-cover ring-1 ring-black/5"
              />
            )}
            <div className="grid gap-1">
              <p className="font-semibold">{card.title}</p>
              {card.description && (
                <p className="text-sm leading-relaxed whitespace-pre-line text-muted-foreground">
                  {card.description}
                </p>
              )}
            </div>
            <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
              <Fact label={<Trans>Value</Trans>} testId="public-program-value">
                {card.value.value > 0 ? (
                  formatMoney(card.value.value, card.value.currency, i18n.locale)
                ) : (
                  <Trans>Flexible amount</Trans>
                )}
              </Fact>
              <Fact label={<Trans>Uses</Trans>}>
                <UseModeText useNumber={card.value.use_number} />
              </Fact>
              <Fact label={<Trans>Valid</Trans>}>
                <ValidityText validity={card.validity} programEnd={card.expiry_date} />
              </Fact>
            </dl>
          </CardContent>
        </Card>

        <Card data-testid="public-program-acceptors">
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              <StoreIcon aria-hidden="true" className="size-5 text-primary-700" />
              <Trans>Where you can use it</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {acceptors.length === 0 ? (
              <EmptyState>
                <Trans>No business takes the cards of this program yet.</Trans>
              </EmptyState>
            ) : (
              <ul className="grid gap-2 text-sm">
                {acceptors.map((acceptor, index) => (
                  <li
                    // Names can repeat (two branches of one business); the order is the API's.
                    // biome-ignore lint/suspicious/noArrayIndexKey: a name is not unique
                    key={`${acceptor.name}-${index}`}
                    className="flex items-center gap-2"
                    data-testid="public-program-acceptor"
                  >
                    <StoreIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                    {acceptor.name}
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>

      <section aria-labelledby="program-my-cards" className="grid gap-3" data-testid="public-program-mine">
        <h2 id="program-my-cards" className="text-lg font-semibold">
          <Trans>Your cards of this program</Trans>
        </h2>
        {held.isPending ? (
          <RowsSkeleton rows={1} />
        ) : mine.length === 0 ? (
          <EmptyState icon={CreditCardIcon}>
            <span className="grid justify-items-center gap-3">
              <span>
                <Trans>
                  You have no card of this program yet. Got one? Add it with the code printed on it.
                </Trans>
              </span>
              <Button asChild size="sm">
                <Link to="/cards/add" data-testid="public-program-add-card">
                  <PlusIcon aria-hidden="true" />
                  <Trans>Add a card</Trans>
                </Link>
              </Button>
            </span>
          </EmptyState>
        ) : (
          <ul className="grid gap-2">
            {mine.map((c) => (
              <li key={c.uuid}>
                <Link
                  to="/cards/$token"
                  params={{ token: c.token }}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border bg-background px-4 py-3 text-sm hover:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
                >
                  <span className="font-medium">{c.card.title}</span>
                  <span className="font-mono text-muted-foreground">•••• {lastGroup(c.token)}</span>
                  <CardStatusBadge status={c.status} />
                  <span className="ml-auto font-semibold tabular-nums">
                    {formatMoney(c.status === 'issued' ? c.value : c.balance, c.currency, i18n.locale)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

function Fact({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-[13px] text-muted-foreground">{label}</dt>
      <dd className="font-medium" data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}

/** A program that is not open to card holders (private, ended, blocked) or does not exist. */
export function PublicProgramNotFound() {
  return (
    <NotFound
      testId="program-not-found"
      icon={LayersIcon}
      title={<Trans>Program not found</Trans>}
      back={{ to: '/programs', label: <Trans>All programs</Trans> }}
    >
      <Trans>
        This program is not open to card holders, or it no longer exists. It may have ended or been stopped by
        its owner.
      </Trans>
    </NotFound>
  )
}
