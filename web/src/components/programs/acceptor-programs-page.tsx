import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import {
  ArrowLeftIcon,
  CheckIcon,
  LayersIcon,
  LoaderCircleIcon,
  LockIcon,
  MailOpenIcon,
  SearchXIcon,
  XIcon,
} from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { FoodStaffSections } from '~/components/food-owner/program-sections.tsx'
import { ConfirmButton } from '~/components/shared/confirm-button.tsx'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import {
  AcceptorStatusBadge,
  ProgramStatusBadge,
  ProgramTypeName,
} from '~/components/shared/program-labels.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { Skeleton } from '~/components/ui/skeleton.tsx'
import { ApiError } from '~/lib/api.ts'
import { notify } from '~/lib/notify.tsx'
import { cn } from '~/lib/utils.ts'
import { answerInvitation } from './actions.ts'
import { Cashpoints } from './cashpoints.tsx'
import { isNotFound, programErrorMessage } from './errors.ts'
import {
  type AcceptorProgram,
  acceptorProgramsQueryOptions,
  acceptorStatuses,
  invitationQueryOptions,
  type ProgramAcceptor,
  programKeys,
  programStatuses,
  programTypes,
} from './queries.ts'

/** The invitation an e-mail link opened: `/programs?invitation=<uuid>&invite=<token>`. */
export interface InvitationLink {
  invitation: string
  invite?: string | undefined
}

/**
 * The acceptor portal's `/programs`: invitations to answer (accept or decline), the programs the
 * acceptor takes part in with their cashpoints, and programs that are blocked shown as unavailable.
 * An invitation link from the e-mail opens its invitation on top, answered with the link's token
 * (also when the acceptor signed in with another address than the one invited).
 */
export function AcceptorProgramsPage({
  link,
  onLinkDone,
}: {
  link?: InvitationLink | undefined
  onLinkDone: () => void
}) {
  const { i18n } = useLingui()
  const places = useQuery(acceptorProgramsQueryOptions())
  const all = places.data?.results ?? []
  const pending = all.filter((p) => p.status.id === acceptorStatuses.pending && p.uuid !== link?.invitation)
  const joined = all.filter((p) => p.status.id !== acceptorStatuses.pending)

  return (
    <div className="grid grid-cols-1 gap-6">
      <header>
        <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
          <Trans>Programs</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>The programs you take part in, your cashpoints in them, and invitations to answer.</Trans>
        </p>
      </header>

      {link && <LinkedInvitation link={link} onDone={onLinkDone} />}

      {places.isPending ? (
        <RowsSkeleton rows={4} />
      ) : places.isError ? (
        <LoadError onRetry={() => places.refetch()}>{i18n._(programErrorMessage(places.error))}</LoadError>
      ) : (
        <>
          {pending.length > 0 && (
            <section aria-labelledby="invitations-title" className="grid gap-3" data-testid="invitations">
              <h2 id="invitations-title" className="text-lg font-semibold">
                <Trans>Invitations</Trans>
              </h2>
              {pending.map((place) => (
                <InvitationCard key={place.uuid} invitation={place} />
              ))}
            </section>
          )}
          <section aria-labelledby="my-programs-title" className="grid gap-3" data-testid="my-programs">
            <h2 id="my-programs-title" className="text-lg font-semibold">
              <Trans>Your programs</Trans>
            </h2>
            {joined.length === 0 ? (
              <EmptyState icon={<LayersIcon aria-hidden="true" className="size-6" />}>
                {pending.length > 0 || link ? (
                  <Trans>Accept an invitation to take part in its program.</Trans>
                ) : (
                  <Trans>
                    You do not take part in any program yet. A program owner invites you by e-mail; the
                    invitation appears here.
                  </Trans>
                )}
              </EmptyState>
            ) : (
              joined.map((place) => <PlaceCard key={place.uuid} place={place} />)
            )}
          </section>
        </>
      )}
    </div>
  )
}

/**
 * The acceptor portal's `/programs/{uuid}`: one program the acceptor takes part in (or is invited
 * to), with their cashpoints. It is where a program page opened before signing in leads back to.
 */
export function AcceptorProgramPage({ uuid }: { uuid: string }) {
  const { i18n } = useLingui()
  const places = useQuery(acceptorProgramsQueryOptions())
  const place = places.data?.results.find((p) => p.program.uuid === uuid)
  return (
    <div className="grid grid-cols-1 gap-6">
      <Button variant="ghost" size="sm" asChild className="w-fit">
        <Link to="/programs" data-testid="program-back">
          <ArrowLeftIcon aria-hidden="true" />
          <Trans>Programs</Trans>
        </Link>
      </Button>
      {places.isPending ? (
        <RowsSkeleton rows={3} />
      ) : places.isError ? (
        <LoadError onRetry={() => places.refetch()}>{i18n._(programErrorMessage(places.error))}</LoadError>
      ) : !place ? (
        <Card data-testid="program-not-found" className="mx-auto w-full max-w-lg">
          <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
            <SearchXIcon aria-hidden="true" className="size-10 text-muted-foreground" />
            <h1 id="screen-title" data-testid="screen-title" className="text-xl font-semibold">
              <Trans>Program not found</Trans>
            </h1>
            <p className="text-sm text-muted-foreground">
              <Trans>You do not take part in this program, or it no longer exists.</Trans>
            </p>
          </CardContent>
        </Card>
      ) : (
        <>
          <h1 id="screen-title" data-testid="screen-title" className="sr-only">
            {place.program.title}
          </h1>
          {place.status.id === acceptorStatuses.pending ? (
            <InvitationCard invitation={place} />
          ) : (
            <PlaceCard place={place} />
          )}
          {place.program.type.id === programTypes.foodsManagement &&
            place.status.id === acceptorStatuses.active &&
            place.program.status.id !== programStatuses.blocked && (
              <FoodStaffSections program={place.program.uuid} currency={place.program.currency} />
            )}
        </>
      )}
    </div>
  )
}

function ProgramMeta({ program }: { program: ProgramAcceptor['program'] }) {
  const owner = program.owner.name
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
      <ProgramTypeName type={program.type} />
      {owner && (
        <>
          <span aria-hidden="true">·</span>
          <span>
            <Trans>by {owner}</Trans>
          </span>
        </>
      )}
    </span>
  )
}

/** Answers an invitation; `inviteToken` when it came from a link not yet tied to this account. */
function useAnswer(invitation: ProgramAcceptor, inviteToken?: string, onAnswered?: () => void) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null)
  const title = invitation.program.title
  const answer = async (choice: 'accept' | 'decline') => {
    setBusy(choice)
    try {
      await answerInvitation(invitation.uuid, choice, inviteToken)
      if (choice === 'accept') {
        notify.success(msg`You joined “${title}”`, {
          description: msg`Open a cashpoint to start taking payments.`,
        })
      } else notify.info(msg`Invitation declined`)
      await queryClient.invalidateQueries({ queryKey: programKeys.all })
      onAnswered?.()
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) notify.error(msg`Not found`)
      else notify.error(programErrorMessage(error))
      await queryClient.invalidateQueries({ queryKey: programKeys.all })
    } finally {
      setBusy(null)
    }
  }
  return { busy, answer }
}

function InvitationCard({
  invitation,
  inviteToken,
  onAnswered,
  highlighted = false,
}: {
  invitation: ProgramAcceptor
  inviteToken?: string | undefined
  onAnswered?: () => void
  highlighted?: boolean
}) {
  const { i18n } = useLingui()
  const hydrated = useHydrated()
  const { busy, answer } = useAnswer(invitation, inviteToken, onAnswered)
  const title = invitation.program.title
  const invitedOn = i18n.date(invitation.invited, { dateStyle: 'long' })
  // A blocked or expired program cannot be joined (the API answers 422); a draft or active one can.
  const unavailable =
    invitation.program.status.id === programStatuses.blocked ||
    invitation.program.status.id === programStatuses.expired
  return (
    <Card
      className={cn(highlighted && 'border-primary-300 ring-4 ring-primary-100')}
      data-testid="invitation"
      data-uuid={invitation.uuid}
      data-program={invitation.program.uuid}
    >
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <MailOpenIcon aria-hidden="true" className="size-5 text-primary-600" />
          <CardTitle data-testid="invitation-title">
            <Trans>Invitation to “{title}”</Trans>
          </CardTitle>
        </div>
        <CardDescription>
          <ProgramMeta program={invitation.program} />
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm">
          <Trans>
            You are invited to take part in this program as an acceptor: you take payments in it at your
            cashpoints. Invited on <time dateTime={invitation.invited}>{invitedOn}</time>.
          </Trans>
        </p>
        {unavailable && (
          <p className="text-[13px] text-amber-800" data-testid="invitation-unavailable">
            <Trans>
              This program is not available at the moment; it cannot be joined until it is unblocked.
            </Trans>
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() => void answer('accept')}
            disabled={busy !== null || !hydrated || unavailable}
            aria-busy={busy === 'accept'}
            data-testid="invitation-accept"
          >
            {busy === 'accept' ? (
              <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
            ) : (
              <CheckIcon aria-hidden="true" />
            )}
            <Trans>Accept</Trans>
          </Button>
          <ConfirmButton
            variant="outline"
            disabled={busy !== null}
            testId="invitation-decline"
            title={<Trans>Decline the invitation to “{title}”?</Trans>}
            description={
              <Trans>The program owner sees that you declined. They can invite you again later.</Trans>
            }
            confirmLabel={<Trans>Decline</Trans>}
            onConfirm={() => answer('decline')}
          >
            <XIcon aria-hidden="true" />
            <Trans>Decline</Trans>
          </ConfirmButton>
        </div>
      </CardContent>
    </Card>
  )
}

/** The invitation an e-mail link points at, read with its token. */
function LinkedInvitation({ link, onDone }: { link: InvitationLink; onDone: () => void }) {
  const invitation = useQuery({
    ...invitationQueryOptions(link.invitation, link.invite),
  })
  if (invitation.isPending) {
    return (
      <Card data-testid="invitation-loading">
        <span className="sr-only">
          <Trans>Loading…</Trans>
        </span>
        <CardContent className="grid gap-3">
          <Skeleton className="h-6 w-72" />
          <Skeleton className="h-4 w-48" />
        </CardContent>
      </Card>
    )
  }
  if (invitation.isError) {
    return isNotFound(invitation.error) ? (
      <LinkNotice testId="invitation-not-found" onDone={onDone}>
        <Trans>
          Not found: this invitation no longer exists. It was withdrawn, answered elsewhere, or the link is
          out of date.
        </Trans>
      </LinkNotice>
    ) : (
      <LoadError onRetry={() => invitation.refetch()} />
    )
  }
  const data = invitation.data
  const title = data.program.title
  if (data.status.id === acceptorStatuses.pending) {
    return <InvitationCard invitation={data} inviteToken={link.invite} onAnswered={onDone} highlighted />
  }
  return (
    <LinkNotice testId="invitation-answered" onDone={onDone}>
      {data.status.id === acceptorStatuses.active ? (
        <Trans>You already take part in “{title}”.</Trans>
      ) : data.status.id === acceptorStatuses.rejected ? (
        <Trans>You declined the invitation to “{title}”.</Trans>
      ) : (
        <>
          <Trans>The invitation to “{title}” cannot be answered any more.</Trans>{' '}
          <AcceptorStatusBadge status={data.status} />
        </>
      )}
    </LinkNotice>
  )
}

function LinkNotice({
  children,
  onDone,
  testId,
}: {
  children: ReactNode
  onDone: () => void
  testId: string
}) {
  return (
    <div
      role="status"
      data-testid={testId}
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-background px-4 py-3 text-sm"
    >
      <p>{children}</p>
      <Button variant="ghost" size="sm" onClick={onDone}>
        <Trans>Dismiss</Trans>
      </Button>
    </div>
  )
}

/** A program the acceptor takes part in, with their cashpoints in it. */
function PlaceCard({ place }: { place: AcceptorProgram }) {
  const program = place.program
  const programBlocked = program.status.id === programStatuses.blocked
  const programUsable = program.status.id === programStatuses.active
  const blockedHere = place.status.id === acceptorStatuses.blocked
  const usable = programUsable && !blockedHere
  return (
    <Card
      data-testid="my-program"
      data-program={program.uuid}
      data-available={usable}
      className={cn(!usable && 'bg-muted/30')}
    >
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="flex flex-wrap items-center gap-2">
            <Link
              to="/programs/$uuid"
              params={{ uuid: program.uuid }}
              className="hover:text-primary-700 hover:underline"
              data-testid="my-program-title"
            >
              {program.title}
            </Link>
          </CardTitle>
          <div className="flex flex-wrap gap-1.5">
            {programBlocked ? (
              <Badge variant="destructive" data-testid="my-program-unavailable">
                <LockIcon aria-hidden="true" />
                <Trans>Unavailable</Trans>
              </Badge>
            ) : (
              !programUsable && <ProgramStatusBadge status={program.status} testId="my-program-status" />
            )}
            <AcceptorStatusBadge status={place.status} testId="my-program-membership" />
          </div>
        </div>
        <CardDescription>
          <ProgramMeta program={program} />
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {programBlocked && (
          <p className="text-[13px] text-destructive" data-testid="my-program-blocked-notice">
            <Trans>
              This program is blocked: no payments can be taken in it and its cashpoints cannot be changed
              until it is unblocked.
            </Trans>
          </p>
        )}
        {!programBlocked && blockedHere && (
          <p className="text-[13px] text-destructive" data-testid="my-program-acceptor-blocked">
            <Trans>The program owner has blocked you in this program: you cannot take payments in it.</Trans>
          </p>
        )}
        {!programBlocked && !blockedHere && !programUsable && (
          <p className="text-[13px] text-muted-foreground">
            <Trans>This program is not active at the moment.</Trans>
          </p>
        )}
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">
            <Trans>Cashpoints</Trans>
          </h3>
          <Cashpoints
            program={program.uuid}
            cashpoints={place.cashpoints}
            usable={usable}
            terminal={program.type.id === programTypes.paymentManagement}
            acceptCards={program.type.id === programTypes.card}
          />
        </div>
      </CardContent>
    </Card>
  )
}
