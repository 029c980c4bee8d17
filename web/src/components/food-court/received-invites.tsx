import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowRightIcon } from 'lucide-react'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { type Invitation, inviteStatuses, receivedInvitesQueryOptions } from './api.ts'
import { courtErrorMessage } from './errors.ts'
import { InviteStatusBadge } from './labels.tsx'
import { StatementSection } from './statement.tsx'
import { CourtFee } from './wizard-steps.tsx'

/**
 * A restaurant's invitations from food courts, on its program's page: each court with its fee, its
 * status and where the onboarding at the court's payment provider stands; the invitation's own page
 * has the terms and the accept flow. Nothing is shown while no court has invited the restaurant.
 */
export function ReceivedInvitesSection({ restaurant }: { restaurant: string }) {
  const { i18n } = useLingui()
  const invites = useQuery(receivedInvitesQueryOptions(restaurant))
  if (invites.isSuccess && invites.data.length === 0) return null
  const joined = invites.data?.some((i) => i.status === inviteStatuses.active) ?? false
  return (
    <>
      <Card data-testid="received-invites">
        <CardHeader>
          <CardTitle>
            <Trans>Food court invitations</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>
              Food courts that invite your restaurant. Guests of a food court order from several restaurants
              in one basket; your part of each order is paid out to you when you have delivered it.
            </Trans>
          </CardDescription>
        </CardHeader>
        <CardContent>
          {invites.isPending ? (
            <RowsSkeleton rows={2} />
          ) : invites.isError ? (
            <LoadError onRetry={() => invites.refetch()}>
              {i18n._(courtErrorMessage(invites.error))}
            </LoadError>
          ) : (
            <ul className="grid divide-y">
              {invites.data.map((invite) => (
                <ReceivedInvite key={invite.invite_uuid} invite={invite} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {joined && <StatementSection own={restaurant} currency={invites.data?.[0]?.court.currency ?? 'EUR'} />}
    </>
  )
}

function ReceivedInvite({ invite }: { invite: Invitation }) {
  const courtTitle = invite.court.title
  const waiting = invite.status === inviteStatuses.active && !invite.is_split_payments_enabled
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 py-3"
      data-testid="received-invite"
      data-status={invite.status}
    >
      <div className="grid min-w-0 flex-1 gap-1">
        <span className="font-medium" data-testid="received-invite-title">
          {courtTitle}
        </span>
        <span className="text-sm text-muted-foreground">
          <CourtFee court={invite.court} />
        </span>
        <span className="flex flex-wrap items-center gap-2">
          <InviteStatusBadge status={invite.status} testId="received-invite-status" />
          {waiting && (
            <span className="text-xs text-amber-800" data-testid="received-invite-onboarding">
              <Trans>Onboarding at the payment provider not finished</Trans>
            </span>
          )}
        </span>
      </div>
      <Button size="sm" variant={invite.status === inviteStatuses.pending ? 'primary' : 'outline'} asChild>
        <Link
          to="/food-court/invitations/$uuid"
          params={{ uuid: invite.invite_uuid }}
          data-testid="received-invite-open"
        >
          {invite.status === inviteStatuses.pending ? (
            <Trans>Review the invitation</Trans>
          ) : waiting ? (
            <Trans>Continue onboarding</Trans>
          ) : (
            <Trans context="verb">Open</Trans>
          )}
          <ArrowRightIcon aria-hidden="true" />
        </Link>
      </Button>
    </li>
  )
}
