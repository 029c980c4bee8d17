import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { CreditCardIcon, FileTextIcon, MailOpenIcon, SearchXIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { lastGroup } from '~/components/cards/token.ts'
import { acceptorStatuses } from '~/components/programs/queries.ts'
import { ProgramTypeName } from '~/components/shared/program-labels.tsx'
import { Skeleton } from '~/components/ui/skeleton.tsx'
import type { PendingInvitation } from '~/lib/guard.ts'
import { isMissing } from '~/lib/queries/load.ts'
import { cn } from '~/lib/utils.ts'
import { invitationPreviewQueryOptions } from './link-queries.ts'

/**
 * What the sign-in page says about the link a visitor came from: an acceptor's invitation e-mail
 * (which program, who invites, to which address, whether it is still open) or a printed card's
 * code, or a bill of a reminder e-mail. Signing in then leads back to it (lib/guard.ts, `takePendingDestination`).
 */

function Notice({
  tone = 'info',
  icon,
  testId,
  title,
  children,
}: {
  tone?: 'info' | 'warning'
  icon: ReactNode
  testId: string
  title: ReactNode
  children: ReactNode
}) {
  return (
    <section
      data-testid={testId}
      aria-labelledby={`${testId}-title`}
      className={cn(
        'flex gap-3 rounded-lg border px-3.5 py-3 text-[13px] leading-relaxed',
        tone === 'info' ? 'border-primary-200 bg-primary-50 text-foreground' : 'border-amber-300 bg-amber-50',
      )}
    >
      <span aria-hidden="true" className="mt-0.5 shrink-0 text-primary-700 [&_svg]:size-4">
        {icon}
      </span>
      <div className="grid min-w-0 gap-1">
        <h2 id={`${testId}-title`} className="font-semibold">
          {title}
        </h2>
        {children}
      </div>
    </section>
  )
}

/** The invitation of an e-mail link, read with the link's secret before signing in. */
export function InvitationNotice({ link, gone = false }: { link: PendingInvitation; gone?: boolean }) {
  const preview = useQuery({ ...invitationPreviewQueryOptions(link.invitation, link.invite), enabled: !gone })
  if (gone || (preview.isError && isMissing(preview.error))) return <InvitationGone />
  if (preview.isPending) {
    return (
      <div className="grid gap-2 rounded-lg border px-3.5 py-3" data-testid="invitation-preview-loading">
        <span className="sr-only">
          <Trans>Loading…</Trans>
        </span>
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    )
  }
  // Any other failure: the form matters more than the notice, which simply stays away.
  if (preview.isError) return null
  const { program, inviter, email, status } = preview.data
  const title = program.title
  return (
    <Notice
      icon={<MailOpenIcon />}
      testId="invitation-preview"
      title={<Trans>You are invited to “{title}”</Trans>}
    >
      <p>
        {inviter ? (
          <Trans>
            {inviter} invites your business to take part in this program (
            <ProgramTypeName type={program.type} />
            ).
          </Trans>
        ) : (
          <Trans>
            You are invited to take part in this program (<ProgramTypeName type={program.type} />
            ).
          </Trans>
        )}
      </p>
      {status.id === acceptorStatuses.pending ? (
        <p className="text-muted-foreground">
          <Trans>
            It was sent to <span className="font-medium break-all text-foreground">{email}</span>. Sign in to
            accept or decline it; you go straight to the invitation.
          </Trans>
        </p>
      ) : status.id === acceptorStatuses.active ? (
        <p className="text-muted-foreground">
          <Trans>You accepted this invitation already. Sign in to work in the program.</Trans>
        </p>
      ) : (
        <p className="text-muted-foreground">
          <Trans>This invitation has been answered already. Sign in to see your programs.</Trans>
        </p>
      )}
    </Notice>
  )
}

/** An invitation link whose invitation was withdrawn, or that a newer e-mail replaced. */
function InvitationGone() {
  return (
    <Notice
      tone="warning"
      icon={<SearchXIcon />}
      testId="invitation-preview-gone"
      title={<Trans>This invitation link no longer works</Trans>}
    >
      <p>
        <Trans>
          The invitation was withdrawn, or a newer e-mail replaced this link. Sign in to see the invitations
          that are still open under Programs.
        </Trans>
      </p>
    </Notice>
  )
}

/** A printed card's link (`/cards/add?token=<code>`): signing in adds the card. */
export function CardLinkNotice({ token }: { token: string }) {
  const last = lastGroup(token)
  return (
    <Notice
      icon={<CreditCardIcon />}
      testId="card-link-notice"
      title={<Trans>Sign in to add your card</Trans>}
    >
      <p className="text-muted-foreground">
        <Trans>
          After signing in you can add the card ending in{' '}
          <span className="font-mono text-foreground">{last}</span> to your cards. No account yet? Create one
          first.
        </Trans>
      </p>
    </Notice>
  )
}

/** A bill's link of an e-mail (`/bills/<uuid>`, or its pay link): signing in opens the bill. */
export function BillLinkNotice({ pay }: { pay: boolean }) {
  return (
    <Notice
      icon={<FileTextIcon />}
      testId="bill-link-notice"
      title={pay ? <Trans>Sign in to pay your bill</Trans> : <Trans>Sign in to see your bill</Trans>}
    >
      <p className="text-muted-foreground">
        {pay ? (
          <Trans>
            After signing in you go straight on to paying the bill from the e-mail. Use the e-mail address the
            bill was sent to.
          </Trans>
        ) : (
          <Trans>
            After signing in you go straight to the bill from the e-mail. Use the e-mail address the bill was
            sent to.
          </Trans>
        )}
      </p>
    </Notice>
  )
}
