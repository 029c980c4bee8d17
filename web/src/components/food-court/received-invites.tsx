import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  CheckCircle2Icon,
  CheckIcon,
  ExternalLinkIcon,
  LoaderCircleIcon,
  RotateCwIcon,
  XCircleIcon,
  XIcon,
} from 'lucide-react'
import { useEffect, useState } from 'react'
import { ConfirmButton } from '~/components/shared/confirm-button.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { Checkbox } from '~/components/ui/checkbox.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog.tsx'
import { Label } from '~/components/ui/label.tsx'
import { formatMoney } from '~/lib/money.ts'
import { notify } from '~/lib/notify.tsx'
import {
  courtKeys,
  declineInvite,
  type Invitation,
  inviteStatuses,
  onboardingState,
  receivedInvitesQueryOptions,
  startOnboarding,
} from './api.ts'
import { courtErrorMessage, isInviteGone } from './errors.ts'
import { InviteStatusBadge } from './labels.tsx'
import { CourtFee } from './wizard-steps.tsx'

/**
 * A restaurant's invitations from food courts (spec food.md section 4), on its program's page: the
 * court's terms (its fee, its minimum order, its domain) and the accept flow in four steps — 1 the
 * terms, 2 processing (the answer and the start of the onboarding at the court's payment provider),
 * 3 success with the way to the provider's onboarding page (the sandbox's in development), 4
 * failure, after which the invitation is as it was and the restaurant can try again. An invitation
 * the court withdrew meanwhile answers notFount: said so, and the list is read again.
 */
export function ReceivedInvitesSection({ restaurant }: { restaurant: string }) {
  const { i18n } = useLingui()
  const invites = useQuery(receivedInvitesQueryOptions(restaurant))
  const shown = invites.data?.filter((i) => i.status !== inviteStatuses.unsent) ?? []
  if (invites.isSuccess && shown.length === 0) return null
  return (
    <Card data-testid="received-invites">
      <CardHeader>
        <CardTitle>
          <Trans>Food court invitations</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Food courts that invite your restaurant. Guests of a food court order from several restaurants in
            one basket; your part of each order is paid out to you when you deliver it.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {invites.isPending ? (
          <RowsSkeleton rows={2} />
        ) : invites.isError ? (
          <LoadError onRetry={() => invites.refetch()}>{i18n._(courtErrorMessage(invites.error))}</LoadError>
        ) : (
          <ul className="grid divide-y">
            {shown.map((invite) => (
              <ReceivedInvite key={invite.invite_uuid} invite={invite} restaurant={restaurant} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function CourtTerms({ invite }: { invite: Invitation }) {
  const { i18n } = useLingui()
  const court = invite.court
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-3" data-testid="invite-terms">
      <div className="grid gap-0.5">
        <dt className="text-[13px] text-muted-foreground">
          <Trans>Fee of the food court</Trans>
        </dt>
        <dd data-testid="invite-fee">
          <CourtFee court={court} />
        </dd>
      </div>
      <div className="grid gap-0.5">
        <dt className="text-[13px] text-muted-foreground">
          <Trans>Minimum order of the food court</Trans>
        </dt>
        <dd>
          {court.food_court_min_order_amount
            ? formatMoney(court.food_court_min_order_amount, court.currency, i18n.locale)
            : '—'}
        </dd>
      </div>
      <div className="grid gap-0.5">
        <dt className="text-[13px] text-muted-foreground">
          <Trans>Domain name</Trans>
        </dt>
        <dd className="break-all">{court.domain_name || '—'}</dd>
      </div>
    </dl>
  )
}

function ReceivedInvite({ invite, restaurant }: { invite: Invitation; restaurant: string }) {
  const courtTitle = invite.court.title
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [resuming, setResuming] = useState(false)
  const reload = () => void queryClient.invalidateQueries({ queryKey: courtKeys.received(restaurant) })
  const decline = async () => {
    try {
      await declineInvite(restaurant, invite.court.uuid)
      notify.success(msg`Invitation declined`)
    } catch (error) {
      notify.error(courtErrorMessage(error))
    } finally {
      reload()
    }
  }
  const resume = async () => {
    setResuming(true)
    try {
      const state = await startOnboarding(restaurant, invite.court.uuid, window.location.href)
      if (state.step === 3 && state.ccvpay_url && !state.is_split_payments_enabled) {
        window.location.assign(state.ccvpay_url)
        return
      }
      if (state.step === 4) notify.error(msg`The payment provider refused the onboarding. Try again.`)
      setResuming(false)
      reload()
    } catch (error) {
      notify.error(courtErrorMessage(error))
      setResuming(false)
    }
  }
  const onboarded = invite.is_split_payments_enabled
  const waiting = invite.status === inviteStatuses.active && !onboarded
  // Back from the provider's page, or webhooks late: ask the provider once where it stands.
  useEffect(() => {
    if (!waiting) return
    let gone = false
    onboardingState(restaurant, invite.court.uuid)
      .then((state) => {
        if (!gone && (state.is_split_payments_enabled || state.status !== inviteStatuses.active))
          void queryClient.invalidateQueries({ queryKey: courtKeys.received(restaurant) })
      })
      .catch(() => undefined)
    return () => {
      gone = true
    }
  }, [waiting, restaurant, invite.court.uuid, queryClient])
  return (
    <li className="grid gap-3 py-4" data-testid="received-invite" data-status={invite.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <span className="font-medium" data-testid="received-invite-title">
            {invite.court.title}
          </span>
          {invite.court.description && (
            <p className="text-sm text-muted-foreground">{invite.court.description}</p>
          )}
        </div>
        <InviteStatusBadge status={invite.status} testId="received-invite-status" />
      </div>
      <CourtTerms invite={invite} />
      {invite.status === inviteStatuses.active && (
        <p
          className={onboarded ? 'text-sm text-green-800' : 'text-sm text-amber-800'}
          data-testid="received-invite-onboarding"
          data-onboarded={onboarded}
        >
          {onboarded ? (
            <Trans>Payouts are set up. Guests of the food court can order from you.</Trans>
          ) : (
            <Trans>
              Finish your onboarding at the payment provider: until then guests of the food court cannot order
              from you.
            </Trans>
          )}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {invite.status === inviteStatuses.pending && (
          <>
            <Button size="sm" onClick={() => setOpen(true)} disabled={!hydrated} data-testid="invite-accept">
              <CheckIcon aria-hidden="true" />
              <Trans>Review and accept</Trans>
            </Button>
            <ConfirmButton
              size="sm"
              testId="invite-decline"
              title={<Trans>Decline the invitation of {courtTitle}?</Trans>}
              description={<Trans>The food court can invite you again later.</Trans>}
              confirmLabel={<Trans>Decline</Trans>}
              onConfirm={decline}
            >
              <XIcon aria-hidden="true" />
              <Trans>Decline</Trans>
            </ConfirmButton>
          </>
        )}
        {invite.status === inviteStatuses.active && !onboarded && (
          <Button
            size="sm"
            onClick={resume}
            disabled={resuming || !hydrated}
            aria-busy={resuming}
            data-testid="invite-onboarding"
          >
            {resuming ? (
              <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
            ) : (
              <ExternalLinkIcon aria-hidden="true" />
            )}
            <Trans>Continue onboarding</Trans>
          </Button>
        )}
      </div>
      {open && (
        <AcceptFlow
          invite={invite}
          restaurant={restaurant}
          onClose={() => {
            setOpen(false)
            reload()
          }}
        />
      )}
    </li>
  )
}

type Step = 1 | 2 | 3 | 4

/** The four steps of accepting (spec section 4) in one dialog. */
function AcceptFlow({
  invite,
  restaurant,
  onClose,
}: {
  invite: Invitation
  restaurant: string
  onClose: () => void
}) {
  const courtTitle = invite.court.title
  const { i18n } = useLingui()
  const [step, setStep] = useState<Step>(1)
  const [agreed, setAgreed] = useState(false)
  const [url, setUrl] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const accept = async () => {
    setStep(2)
    try {
      const state = await startOnboarding(restaurant, invite.court.uuid, window.location.href)
      if (state.step === 4) {
        // The provider refused: the API put the invitation back to pending, the restaurant retries.
        setFailure(i18n._(msg`The payment provider refused the onboarding. Try again.`))
        setStep(4)
        return
      }
      setUrl(state.is_split_payments_enabled ? null : state.ccvpay_url)
      setStep(3)
    } catch (error) {
      // The API puts the invitation back as it was (spec: failure resets it): the restaurant retries.
      setFailure(
        isInviteGone(error)
          ? i18n._(msg`This invitation is no longer there: the food court withdrew it.`)
          : i18n._(courtErrorMessage(error)),
      )
      setStep(4)
    }
  }

  return (
    <Dialog open onOpenChange={(next) => !next && step !== 2 && onClose()}>
      <DialogContent data-testid="accept-flow" data-step={step}>
        {step === 1 && (
          <>
            <DialogHeader>
              <DialogTitle>
                <Trans>Join {courtTitle}</Trans>
              </DialogTitle>
              <DialogDescription>
                <Trans>Step 1 of 3: the terms of the food court.</Trans>
              </DialogDescription>
            </DialogHeader>
            <CourtTerms invite={invite} />
            <p className="text-sm text-muted-foreground">
              <Trans>
                Guests pay the food court once for their whole basket. Your part, less the fee of the food
                court, is paid out to your account at the payment provider when you have delivered the order.
                Next you set up that account.
              </Trans>
            </p>
            <div className="flex items-start gap-2">
              <Checkbox
                id="accept-terms"
                checked={agreed}
                onCheckedChange={(c) => setAgreed(c === true)}
                data-testid="accept-terms"
              />
              <Label htmlFor="accept-terms" className="leading-snug">
                <Trans>I accept the terms of the food court</Trans>
              </Label>
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                <Trans>Cancel</Trans>
              </Button>
              <Button onClick={accept} disabled={!agreed} data-testid="accept-confirm">
                <CheckIcon aria-hidden="true" />
                <Trans>Accept</Trans>
              </Button>
            </DialogFooter>
          </>
        )}
        {step === 2 && (
          <>
            <DialogHeader>
              <DialogTitle>
                <Trans>Processing</Trans>
              </DialogTitle>
              <DialogDescription>
                <Trans>
                  Step 2 of 3: we accept the invitation and open your account at the payment provider.
                </Trans>
              </DialogDescription>
            </DialogHeader>
            <p className="flex items-center gap-2 text-sm" role="status" data-testid="accept-processing">
              <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
              <Trans>One moment…</Trans>
            </p>
          </>
        )}
        {step === 3 && (
          <>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2">
                <CheckCircle2Icon aria-hidden="true" className="size-5 text-green-700" />
                <Trans>You joined {courtTitle}</Trans>
              </DialogTitle>
              <DialogDescription>
                <Trans>
                  Step 3 of 3: set up your account at the payment provider, so that your part of each order
                  can be paid out to you.
                </Trans>
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                <Trans>Later</Trans>
              </Button>
              {url && (
                <Button asChild data-testid="accept-onboarding">
                  <a href={url}>
                    <ExternalLinkIcon aria-hidden="true" />
                    <Trans>Go to the payment provider</Trans>
                  </a>
                </Button>
              )}
            </DialogFooter>
          </>
        )}
        {step === 4 && (
          <>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2">
                <XCircleIcon aria-hidden="true" className="size-5 text-destructive" />
                <Trans>That did not work</Trans>
              </DialogTitle>
              <DialogDescription data-testid="accept-failure">{failure}</DialogDescription>
            </DialogHeader>
            <p className="text-sm text-muted-foreground">
              <Trans>The invitation is as it was: you can try again.</Trans>
            </p>
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                <Trans>Close</Trans>
              </Button>
              <Button
                onClick={() => {
                  setFailure(null)
                  setStep(1)
                }}
                data-testid="accept-retry"
              >
                <RotateCwIcon aria-hidden="true" />
                <Trans>Try again</Trans>
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
