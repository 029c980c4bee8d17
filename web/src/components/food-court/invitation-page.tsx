import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import {
  ArrowLeftIcon,
  CheckCircle2Icon,
  CheckIcon,
  ClockIcon,
  ExternalLinkIcon,
  LoaderCircleIcon,
  RotateCwIcon,
  XCircleIcon,
  XIcon,
} from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { ConfirmButton } from '~/components/shared/confirm-button.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { Checkbox } from '~/components/ui/checkbox.tsx'
import { Label } from '~/components/ui/label.tsx'
import { formatMoney } from '~/lib/money.ts'
import { notify } from '~/lib/notify.tsx'
import { cn } from '~/lib/utils.ts'
import {
  courtKeys,
  declineInvite,
  type Invitation,
  invitationQueryOptions,
  inviteStatuses,
  onboardingState,
  startOnboarding,
} from './api.ts'
import { courtErrorMessage, isInviteGone } from './errors.ts'
import { InviteStatusBadge } from './labels.tsx'
import { CourtFee } from './wizard-steps.tsx'

type Step = 1 | 2 | 3 | 4

/**
 * `/food-court/invitations/{uuid}`: a food court's invitation as the invited restaurant's owner
 * reads it, and the accept flow of spec food.md section 4 — 1 the court's terms, 2 processing
 * (accepting and opening the restaurant's account at the court's payment provider), 3 success with
 * the redirect to the provider's onboarding page (the sandbox's in development), 4 failure: the
 * invitation is reset, the owner tries again. The provider's page sends the owner back here, and the
 * page then asks the provider where the onboarding stands (webhooks may be late), every few seconds
 * while it is pending. A withdrawn invitation (404 notFount) says so.
 */
export function InvitationPage({ uuid }: { uuid: string }) {
  const { i18n } = useLingui()
  const invitation = useQuery(invitationQueryOptions(uuid))
  if (invitation.isPending) return <RowsSkeleton rows={6} />
  if (invitation.isError) {
    return (
      <Card data-testid="invitation-missing">
        <CardHeader>
          <CardTitle>
            <h1 id="screen-title" data-testid="screen-title">
              <Trans>Food court invitation</Trans>
            </h1>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {isInviteGone(invitation.error) ? (
            <p data-testid="invitation-withdrawn">{i18n._(courtErrorMessage(invitation.error))}</p>
          ) : (
            <LoadError onRetry={() => invitation.refetch()} />
          )}
          <BackToPrograms />
        </CardContent>
      </Card>
    )
  }
  return <InvitationView key={invitation.data.invite_uuid} invitation={invitation.data} />
}

function BackToPrograms() {
  return (
    <Button variant="ghost" size="sm" asChild className="w-fit">
      <Link to="/programs">
        <ArrowLeftIcon aria-hidden="true" />
        <Trans>Programs</Trans>
      </Link>
    </Button>
  )
}

function InvitationView({ invitation }: { invitation: Invitation }) {
  const { i18n } = useLingui()
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const court = invitation.court
  const courtTitle = court.title
  const [step, setStep] = useState<Step | null>(null)
  const [agreed, setAgreed] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const active = invitation.status === inviteStatuses.active
  // After accepting (or back from the provider): ask the provider, again every few seconds while pending.
  const onboarding = useQuery({
    queryKey: courtKeys.onboarding(invitation.restaurant_uuid, court.uuid),
    queryFn: () => onboardingState(invitation.restaurant_uuid, court.uuid),
    enabled: active && !invitation.is_split_payments_enabled && step === null,
    refetchInterval: (query) =>
      query.state.data && !query.state.data.is_split_payments_enabled && query.state.data.step === 3
        ? 3000
        : false,
  })
  const enabled = invitation.is_split_payments_enabled || onboarding.data?.is_split_payments_enabled === true
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: courtKeys.invitation(invitation.invite_uuid) })
    void queryClient.invalidateQueries({ queryKey: courtKeys.received(invitation.restaurant_uuid) })
  }

  const accept = async () => {
    setStep(2)
    try {
      const state = await startOnboarding(invitation.restaurant_uuid, court.uuid, window.location.href)
      if (state.step === 4) {
        setFailure(i18n._(msg`The payment provider refused the onboarding. Try again.`))
        setStep(4)
        return
      }
      setStep(3)
      if (state.ccvpay_url && !state.is_split_payments_enabled) {
        // Step 3: to the provider's onboarding page, which sends the owner back here.
        window.location.assign(state.ccvpay_url)
      } else reload()
    } catch (error) {
      setFailure(i18n._(courtErrorMessage(error)))
      setStep(4)
    }
  }
  const decline = async () => {
    try {
      await declineInvite(invitation.restaurant_uuid, court.uuid)
      notify.success(msg`Invitation declined`)
    } catch (error) {
      notify.error(courtErrorMessage(error))
    } finally {
      reload()
    }
  }

  const shownStep: Step =
    step ?? (invitation.status === inviteStatuses.pending ? 1 : onboarding.data?.step === 4 ? 4 : 3)
  const stepNames = [msg`Terms`, msg`Processing`, msg`Done`]
  const failed = shownStep === 4

  return (
    <div className="grid grid-cols-1 gap-6" data-testid="invitation-page" data-step={shownStep}>
      <BackToPrograms />
      <header className="grid gap-1">
        <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
          <Trans>Invitation of {courtTitle}</Trans>
        </h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Trans>For your restaurant {invitation.restaurant_title}</Trans>
          <InviteStatusBadge status={invitation.status} testId="invitation-status" />
        </p>
      </header>

      {invitation.status !== inviteStatuses.declined && (
        <ol className="grid grid-cols-3 gap-2" aria-label={i18n._(msg`Steps`)} data-testid="accept-steps">
          {stepNames.map((name, i) => {
            const n = (i + 1) as Step
            const current = !failed && n === shownStep
            const done = !failed && n < shownStep
            return (
              <li
                key={name.id}
                aria-current={current ? 'step' : undefined}
                className={cn(
                  'flex items-center gap-2 rounded-lg border px-3 py-2 text-sm',
                  current && 'border-primary-500 bg-primary-50 font-medium',
                  done && 'text-muted-foreground',
                )}
              >
                <span className="grid size-6 shrink-0 place-content-center rounded-full border text-xs">
                  {done ? <CheckIcon aria-hidden="true" className="size-3.5" /> : n}
                </span>
                <span className="min-w-0 truncate">{i18n._(name)}</span>
              </li>
            )
          })}
        </ol>
      )}

      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>The terms of the food court</Trans>
          </CardTitle>
          {court.description && <CardDescription>{court.description}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-5">
          <dl className="grid gap-3 text-sm sm:grid-cols-2" data-testid="invite-terms">
            <Term label={<Trans>Fee of the food court</Trans>} testId="invite-fee">
              <CourtFee court={court} />
            </Term>
            <Term label={<Trans>Minimum order of the food court</Trans>}>
              {court.food_court_min_order_amount
                ? formatMoney(court.food_court_min_order_amount, court.currency, i18n.locale)
                : '—'}
            </Term>
            <Term label={<Trans>Payout</Trans>}>
              <Trans>
                When you have delivered the order, at the latest {court.payout_after_days} days after payment
              </Trans>
            </Term>
            <Term label={<Trans>Domain name</Trans>}>{court.domain_name || '—'}</Term>
            <Term label={<Trans>Address</Trans>}>{court.address || '—'}</Term>
            <Term label={<Trans>Food court owner</Trans>}>{court.owner_name || '—'}</Term>
          </dl>

          {shownStep === 1 && invitation.status === inviteStatuses.pending && (
            <section className="grid gap-4 border-t pt-5" data-testid="accept-terms-step">
              <p className="text-sm text-muted-foreground">
                <Trans>
                  Guests pay the food court once for their whole basket. Your part, less the fee of the food
                  court, is paid out to your account at the payment provider when you have delivered the
                  order. After accepting you set up that account at the payment provider.
                </Trans>
              </p>
              <div className="flex items-start gap-2">
                <Checkbox
                  id="accept-terms"
                  checked={agreed}
                  onCheckedChange={(c) => setAgreed(c === true)}
                  disabled={!hydrated}
                  data-testid="accept-terms"
                />
                <Label htmlFor="accept-terms" className="leading-snug">
                  <Trans>I accept the terms of the food court</Trans>
                </Label>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button onClick={accept} disabled={!agreed || !hydrated} data-testid="accept-confirm">
                  <CheckIcon aria-hidden="true" />
                  <Trans>Accept and set up payouts</Trans>
                </Button>
                <ConfirmButton
                  testId="invite-decline"
                  title={<Trans>Decline the invitation of {courtTitle}?</Trans>}
                  description={<Trans>The food court can invite you again later.</Trans>}
                  confirmLabel={<Trans>Decline</Trans>}
                  onConfirm={decline}
                >
                  <XIcon aria-hidden="true" />
                  <Trans>Decline</Trans>
                </ConfirmButton>
              </div>
            </section>
          )}

          {shownStep === 2 && (
            <p
              className="flex items-center gap-2 border-t pt-5 text-sm"
              role="status"
              data-testid="accept-processing"
            >
              <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
              <Trans>Accepting the invitation and opening your account at the payment provider…</Trans>
            </p>
          )}

          {shownStep === 3 && (
            <section className="grid gap-3 border-t pt-5" role="status" data-testid="accept-success">
              {enabled ? (
                <p
                  className="flex items-center gap-2 font-medium text-green-800"
                  data-testid="onboarding-done"
                >
                  <CheckCircle2Icon aria-hidden="true" className="size-5" />
                  <Trans>You are part of {courtTitle}. Guests can order from you; payouts are set up.</Trans>
                </p>
              ) : step === 3 ? (
                <p className="flex items-center gap-2 text-sm">
                  <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
                  <Trans>Accepted. On to the payment provider…</Trans>
                </p>
              ) : (
                <>
                  <p className="flex items-center gap-2 text-sm" data-testid="onboarding-pending">
                    <ClockIcon aria-hidden="true" className="size-4 text-amber-700" />
                    <Trans>
                      Accepted. Finish your onboarding at the payment provider: until then guests of the food
                      court cannot order from you.
                    </Trans>
                  </p>
                  {onboarding.data?.ccvpay_url && (
                    <Button asChild className="w-fit" data-testid="onboarding-continue">
                      <a href={onboarding.data.ccvpay_url}>
                        <ExternalLinkIcon aria-hidden="true" />
                        <Trans>Go to the payment provider</Trans>
                      </a>
                    </Button>
                  )}
                </>
              )}
            </section>
          )}

          {shownStep === 4 && (
            <section className="grid gap-3 border-t pt-5" data-testid="accept-failure">
              <p className="flex items-center gap-2 font-medium text-destructive" role="alert">
                <XCircleIcon aria-hidden="true" className="size-5" />
                {failure ?? i18n._(msg`The payment provider refused the onboarding. Try again.`)}
              </p>
              <p className="text-sm text-muted-foreground">
                <Trans>The invitation is as it was: you can try again.</Trans>
              </p>
              <Button
                className="w-fit"
                onClick={() => {
                  setFailure(null)
                  setAgreed(false)
                  setStep(1)
                  reload()
                }}
                data-testid="accept-retry"
              >
                <RotateCwIcon aria-hidden="true" />
                <Trans>Try again</Trans>
              </Button>
            </section>
          )}
        </CardContent>
      </Card>
    </div>
  )
}

function Term({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-0.5" data-testid={testId}>
      <dt className="text-[13px] text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  )
}
