import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import { ChevronRightIcon, CreditCardIcon, QrCodeIcon } from 'lucide-react'
import {
  acceptorProgramsQueryOptions,
  acceptorStatuses,
  programStatuses,
  programTypes,
} from '~/components/programs/queries.ts'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { useTerminalPlaces } from './places.ts'

/**
 * `/terminal`: where the phone can take payments. An acceptor sees their open cashpoints in the
 * payment programs they take part in, and those in card programs where they take card holders'
 * cards; a program owner every open cashpoint of their payment programs.
 */
export function TerminalPicker() {
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const places = useTerminalPlaces(portal)
  const acceptor = portal === 'acceptor'
  const cardPrograms = useQuery({ ...acceptorProgramsQueryOptions(), enabled: acceptor })
  const usable = (places.data ?? []).filter((p) => p.cashpoints.length > 0)
  const cardPlaces = (acceptor ? (cardPrograms.data?.results ?? []) : [])
    .filter((p) => p.program.type.id === programTypes.card && p.status.id === acceptorStatuses.active)
    .map((p) => ({ program: p.program, cashpoints: p.cashpoints.filter((c) => c.is_active) }))
    .filter((p) => p.cashpoints.length > 0)
  return (
    <div className="grid gap-6" data-testid="terminal-picker">
      <header>
        <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
          <Trans>Terminal</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Take a payment with this phone: choose the cashpoint you are at.</Trans>
        </p>
      </header>
      {places.isError || cardPrograms.isError ? (
        <LoadError
          onRetry={() => {
            if (places.isError) void places.refetch()
            if (cardPrograms.isError) void cardPrograms.refetch()
          }}
        />
      ) : places.isPending || (acceptor && cardPrograms.isPending) ? (
        <RowsSkeleton rows={3} />
      ) : usable.length === 0 && cardPlaces.length === 0 ? (
        <EmptyState icon={<QrCodeIcon aria-hidden="true" className="size-6" />}>
          {portal === 'acceptor' ? (
            <Trans>You have no open cashpoint in a payment or card program. Open one under Programs.</Trans>
          ) : (
            <Trans>None of your active payment programs has an open cashpoint yet.</Trans>
          )}
        </EmptyState>
      ) : (
        <div className="grid gap-4">
          {usable.map((place) => (
            <section key={place.program.uuid} className="grid gap-2" aria-label={place.program.title}>
              <h2 className="flex items-center gap-2 text-sm font-semibold text-muted-foreground">
                {place.program.title}
                {!place.program.active && (
                  <Badge variant="muted">
                    <Trans>Takes no payments now</Trans>
                  </Badge>
                )}
              </h2>
              <ul className="divide-y rounded-lg border">
                {place.cashpoints.map((c) => (
                  <li key={c.uuid}>
                    <Link
                      to="/terminal/$cashpoint"
                      params={{ cashpoint: c.uuid }}
                      className="flex items-center justify-between gap-3 px-4 py-3 text-sm font-medium hover:bg-muted"
                      data-testid="terminal-cashpoint"
                    >
                      <span className="flex items-center gap-2">
                        <QrCodeIcon aria-hidden="true" className="size-4 text-muted-foreground" />
                        {c.title}
                      </span>
                      <ChevronRightIcon aria-hidden="true" className="size-4 text-muted-foreground" />
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {cardPlaces.map((place) => (
            <section
              key={place.program.uuid}
              className="grid gap-2"
              aria-label={place.program.title}
              data-testid="terminal-card-program"
            >
              <h2 className="flex items-center gap-2 text-sm font-semibold text-muted-foreground">
                {place.program.title}
                <Badge variant="outline">
                  <Trans>Cards</Trans>
                </Badge>
                {place.program.status.id !== programStatuses.active && (
                  <Badge variant="muted">
                    <Trans>Takes no cards now</Trans>
                  </Badge>
                )}
              </h2>
              <ul className="divide-y rounded-lg border">
                {place.cashpoints.map((c) => (
                  <li key={c.uuid}>
                    <Link
                      to="/terminal/cards/$cashpoint"
                      params={{ cashpoint: c.uuid }}
                      className="flex items-center justify-between gap-3 px-4 py-3 text-sm font-medium hover:bg-muted"
                      data-testid="terminal-card-cashpoint"
                    >
                      <span className="flex items-center gap-2">
                        <CreditCardIcon aria-hidden="true" className="size-4 text-muted-foreground" />
                        {c.title}
                        <span className="font-normal text-muted-foreground">
                          · <Trans>Accept a card</Trans>
                        </span>
                      </span>
                      <ChevronRightIcon aria-hidden="true" className="size-4 text-muted-foreground" />
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  )
}
