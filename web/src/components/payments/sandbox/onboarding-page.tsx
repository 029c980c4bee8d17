import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  BuildingIcon,
  CircleAlertIcon,
  CircleCheckIcon,
  CircleXIcon,
  FileSearchIcon,
  LoaderCircleIcon,
  RotateCwIcon,
} from 'lucide-react'
import { useEffect, useState } from 'react'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Skeleton } from '~/components/ui/skeleton.tsx'
import { ApiError } from '~/lib/api.ts'
import { describeApiError, genericErrorMessage, serverErrorMessage } from '~/lib/api-messages.ts'
import { notify } from '~/lib/notify.tsx'
import {
  type SandboxOnboarding,
  sandboxKeys,
  sandboxOnboard,
  sandboxOnboardingQueryOptions,
} from './queries.ts'

/**
 * The sandbox provider's hosted onboarding page (`/sandbox/onboarding/{id}`): a merchant the
 * platform signed up confirms its details; in test mode the verification is approved or fails at
 * a click. Then back to the platform's return address.
 */
export function SandboxOnboardingPage({ id }: { id: string }) {
  const { i18n } = useLingui()
  const onboarding = useQuery({
    ...sandboxOnboardingQueryOptions(id),
  })
  if (onboarding.isPending) {
    return (
      <div className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-6">
        <span className="sr-only">
          <Trans>Loading…</Trans>
        </span>
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-24 w-full" />
      </div>
    )
  }
  if (onboarding.isError) {
    const error = onboarding.error
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return (
        <div
          className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center"
          data-testid="sandbox-not-found"
        >
          <FileSearchIcon aria-hidden="true" className="size-10 text-slate-400" />
          <h1 className="text-lg font-semibold">
            <Trans>Onboarding not found</Trans>
          </h1>
          <p className="text-sm text-slate-600">
            <Trans>This onboarding page does not exist. Start again from the platform.</Trans>
          </p>
        </div>
      )
    }
    const message =
      error instanceof ApiError && error.status >= 500 ? serverErrorMessage : genericErrorMessage
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center"
      >
        <CircleAlertIcon aria-hidden="true" className="size-8 text-red-600" />
        <p className="text-sm">{i18n._(message)}</p>
        <Button variant="outline" onClick={() => onboarding.refetch()}>
          <RotateCwIcon aria-hidden="true" />
          <Trans>Try again</Trans>
        </Button>
      </div>
    )
  }
  return <OnboardingView onboarding={onboarding.data} />
}

function OnboardingView({ onboarding }: { onboarding: SandboxOnboarding }) {
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const [leaving, setLeaving] = useState(false)
  const finish = useMutation({
    mutationFn: (approve: boolean) => sandboxOnboard(onboarding.id, approve),
    onSuccess: (view) => queryClient.setQueryData(sandboxKeys.onboarding(onboarding.id), view),
    onError: (error) => notify.error(describeApiError(error)),
  })
  const returnUrl = finish.data?.return_url ?? null
  useEffect(() => {
    if (!returnUrl) return
    setLeaving(true)
    const timer = setTimeout(() => window.location.assign(returnUrl), 800)
    return () => clearTimeout(timer)
  }, [returnUrl])

  const name = onboarding.name
  const pending = onboarding.status === 'pending'
  return (
    <div
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      data-testid="sandbox-onboarding"
      data-status={onboarding.status}
    >
      <div className="flex items-start gap-3 border-b border-slate-200 bg-slate-50 px-6 py-5">
        <span className="grid size-11 shrink-0 place-content-center rounded-full bg-slate-900 text-white">
          <BuildingIcon aria-hidden="true" className="size-5" />
        </span>
        <div className="grid gap-1">
          <h1 className="text-lg font-semibold">
            <Trans>Activate payments for {name}</Trans>
          </h1>
          <p className="text-sm text-slate-600">
            <Trans>Confirm the business details to receive payments through Cardpay Sandbox.</Trans>
          </p>
        </div>
      </div>
      <div className="grid gap-5 px-6 py-6">
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div className="grid gap-0.5">
            <dt className="text-[13px] text-slate-500">
              <Trans>Business</Trans>
            </dt>
            <dd className="break-words">{onboarding.name}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-[13px] text-slate-500">
              <Trans>E-mail</Trans>
            </dt>
            <dd className="break-words">{onboarding.email}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-[13px] text-slate-500">
              <Trans>Country</Trans>
            </dt>
            <dd>{onboarding.country}</dd>
          </div>
        </dl>
        {pending ? (
          <>
            <p className="rounded-lg bg-slate-50 px-3.5 py-2.5 text-[13px] text-slate-600">
              <Trans>Test mode: choose the outcome of the identity and business verification.</Trans>
            </p>
            <div className="grid gap-2 sm:grid-cols-2">
              <Button
                variant={null}
                size="lg"
                className="bg-slate-900 text-primary-foreground shadow-sm shadow-primary-900/10 hover:bg-slate-800 active:bg-slate-700"
                disabled={!hydrated || finish.isPending}
                aria-busy={finish.isPending}
                onClick={() => finish.mutate(true)}
                data-testid="sandbox-onboarding-approve"
              >
                <CircleCheckIcon aria-hidden="true" />
                <Trans>Approve verification</Trans>
              </Button>
              <Button
                size="lg"
                variant="outline"
                disabled={!hydrated || finish.isPending}
                onClick={() => finish.mutate(false)}
                data-testid="sandbox-onboarding-reject"
              >
                <CircleXIcon aria-hidden="true" />
                <Trans>Fail verification</Trans>
              </Button>
            </div>
          </>
        ) : (
          <div
            className="grid justify-items-center gap-2 py-2 text-center"
            role="status"
            data-testid="sandbox-onboarding-done"
          >
            {onboarding.status === 'active' ? (
              <>
                <CircleCheckIcon aria-hidden="true" className="size-8 text-emerald-600" />
                <p className="font-semibold">
                  <Trans>Verification approved: {name} can receive payments.</Trans>
                </p>
              </>
            ) : (
              <>
                <CircleXIcon aria-hidden="true" className="size-8 text-red-600" />
                <p className="font-semibold">
                  <Trans>Verification failed: {name} cannot receive payments yet.</Trans>
                </p>
              </>
            )}
            {leaving && (
              <p className="flex items-center gap-1.5 text-sm text-slate-500">
                <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
                <Trans>Returning you to the platform…</Trans>
              </p>
            )}
            {onboarding.return_url && (
              <a
                href={onboarding.return_url}
                className="text-sm font-medium text-slate-900 underline underline-offset-4"
              >
                <Trans>Return to the platform</Trans>
              </a>
            )}
          </div>
        )}
      </div>
    </div>
  )
}
