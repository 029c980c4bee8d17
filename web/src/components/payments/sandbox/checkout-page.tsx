import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  ArrowLeftIcon,
  CircleAlertIcon,
  CircleCheckIcon,
  CircleXIcon,
  ClockIcon,
  CreditCardIcon,
  FileSearchIcon,
  LandmarkIcon,
  LoaderCircleIcon,
  LockIcon,
  RotateCwIcon,
  ShieldCheckIcon,
  SmartphoneIcon,
  WalletIcon,
} from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { Money } from '~/components/finances/amount.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Skeleton } from '~/components/ui/skeleton.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs.tsx'
import { ApiError } from '~/lib/api.ts'
import { describeApiError, genericErrorMessage, serverErrorMessage } from '~/lib/api-messages.ts'
import { notify } from '~/lib/notify.tsx'
import { cn } from '~/lib/utils.ts'
import { FailureMessage, MethodLabel } from '../labels.tsx'
import { methodNames } from '../messages.ts'
import { CardForm } from './card-form.tsx'
import {
  isFinished,
  offeredMethods,
  type SandboxCheckout,
  sandboxAction,
  sandboxCheckoutQueryOptions,
  sandboxKeys,
} from './queries.ts'

/** How long the payer sees the outcome before going back to the merchant. */
const returnDelayMs = 800

/**
 * The sandbox provider's hosted payment page (`/sandbox/checkout/{id}`), where a merchant sends
 * its payer: what is paid to whom, then a card form, an iDEAL bank choice or PayPal, as the
 * merchant asked. A declined card keeps the page open for another card; 3-D Secure cards and
 * iDEAL have a confirmation step. Once the payment is finished the payer goes back to the
 * merchant's return address.
 */
export function SandboxCheckoutPage({ id }: { id: string }) {
  const checkout = useQuery({
    ...sandboxCheckoutQueryOptions(id),
  })
  if (checkout.isPending) return <PageSkeleton />
  if (checkout.isError) return <LoadFailure error={checkout.error} onRetry={() => checkout.refetch()} />
  return <CheckoutView checkout={checkout.data} />
}

/** The actions of the page; each answers the payment as it is now, which replaces the shown one. */
function useSandboxAction(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ action, body }: { action: 'card' | 'bank' | 'confirm' | 'cancel'; body: unknown }) =>
      sandboxAction(id, action, body),
    onSuccess: (view) => queryClient.setQueryData(sandboxKeys.checkout(id), view),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        // Finished or expired meanwhile: show what it is now. A step that does not fit the
        // payment's current state (`reason` open or requires_action) is worth a word too.
        void queryClient.invalidateQueries({ queryKey: sandboxKeys.checkout(id) })
        if (error.reason === 'open' || error.reason === 'requires_action') notify.error(genericErrorMessage)
        return
      }
      // A card's 400 is shown under its fields by the card form itself.
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) return
      notify.error(describeApiError(error))
    },
  })
}

export type SandboxActionMutation = ReturnType<typeof useSandboxAction>

function CheckoutView({ checkout }: { checkout: SandboxCheckout }) {
  const action = useSandboxAction(checkout.id)
  const finished = isFinished(checkout.status)
  return (
    <div
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      data-testid="sandbox-checkout"
      data-status={checkout.status}
    >
      <Summary checkout={checkout} />
      <div className="px-6 py-6">
        {finished ? (
          <Finished checkout={checkout} />
        ) : checkout.status === 'requires_action' ? (
          <Confirmation checkout={checkout} action={action} />
        ) : (
          <MethodTabs checkout={checkout} action={action} />
        )}
      </div>
      {!finished && <CancelBar checkout={checkout} action={action} />}
    </div>
  )
}

function Summary({ checkout }: { checkout: SandboxCheckout }) {
  return (
    <div className="grid gap-1 border-b border-slate-200 bg-slate-50 px-6 py-5">
      <p className="text-sm text-slate-500" data-testid="sandbox-merchant">
        {checkout.merchant}
      </p>
      <Money
        amount={checkout.amount}
        currency={checkout.currency}
        className="text-3xl font-semibold tracking-tight"
        testId="sandbox-amount"
      />
      <p className="text-sm break-words text-slate-600" data-testid="sandbox-description">
        {checkout.description}
      </p>
    </div>
  )
}

const methodIcons = { card: CreditCardIcon, ideal: LandmarkIcon, paypal: WalletIcon } as const

function MethodTabs({ checkout, action }: { checkout: SandboxCheckout; action: SandboxActionMutation }) {
  const { i18n, t } = useLingui()
  const methods = offeredMethods(checkout.method)
  const [tab, setTab] = useState<string>(() =>
    checkout.chosen_method && methods.includes(checkout.chosen_method as never)
      ? checkout.chosen_method
      : (methods[0] ?? 'card'),
  )
  return (
    <Tabs value={tab} onValueChange={setTab} className="gap-5">
      <TabsList aria-label={t`Payment method`} className="w-full">
        {methods.map((m) => {
          const Icon = methodIcons[m]
          return (
            <TabsTrigger key={m} value={m} data-testid={`sandbox-tab-${m}`}>
              <Icon aria-hidden="true" className="size-4" />
              {i18n._(methodNames[m] ?? methodNames.card!)}
            </TabsTrigger>
          )
        })}
      </TabsList>
      {checkout.failure_message && (
        <div
          role="alert"
          className="flex gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-800"
          data-testid="sandbox-failure"
        >
          <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>
            <FailureMessage code={checkout.failure_code} text={checkout.failure_message} />{' '}
            <Trans>Try another card or payment method.</Trans>
          </p>
        </div>
      )}
      <TabsContent value="card">
        <CardForm checkout={checkout} action={action} />
      </TabsContent>
      <TabsContent value="ideal">
        <BankChoice checkout={checkout} action={action} />
      </TabsContent>
      <TabsContent value="paypal">
        <PayPal checkout={checkout} action={action} />
      </TabsContent>
    </Tabs>
  )
}

function BankChoice({ checkout, action }: { checkout: SandboxCheckout; action: SandboxActionMutation }) {
  const hydrated = useHydrated()
  return (
    <div className="grid gap-3" data-testid="sandbox-banks">
      <p className="text-sm font-medium">
        <Trans>Choose your bank</Trans>
      </p>
      <div className="grid grid-cols-2 gap-2">
        {checkout.banks.map((bank) => (
          <Button
            key={bank.id}
            variant="outline"
            className="h-11 justify-start"
            disabled={!hydrated || action.isPending}
            onClick={() => action.mutate({ action: 'bank', body: { bank: bank.id } })}
            data-testid={`sandbox-bank-${bank.id}`}
          >
            <LandmarkIcon aria-hidden="true" className="text-slate-500" />
            {bank.name}
          </Button>
        ))}
      </div>
    </div>
  )
}

function PayPal({ checkout, action }: { checkout: SandboxCheckout; action: SandboxActionMutation }) {
  const hydrated = useHydrated()
  const merchant = checkout.merchant
  return (
    <div className="grid gap-4" data-testid="sandbox-paypal">
      <p className="text-sm text-slate-600">
        <Trans>
          In test mode no PayPal account is needed: approve or refuse the payment to {merchant} as the PayPal
          account holder would.
        </Trans>
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button
          variant={null}
          size="lg"
          className="bg-[#ffc439] text-slate-900 shadow-sm shadow-primary-900/10 hover:bg-[#f2b92f] active:bg-[#e6ae27]"
          disabled={!hydrated || action.isPending}
          aria-busy={action.isPending}
          onClick={() => action.mutate({ action: 'confirm', body: { approve: true } })}
          data-testid="sandbox-paypal-approve"
        >
          <Trans>Approve with PayPal</Trans>
        </Button>
        <Button
          size="lg"
          variant="outline"
          disabled={!hydrated || action.isPending}
          onClick={() => action.mutate({ action: 'confirm', body: { approve: false } })}
          data-testid="sandbox-paypal-refuse"
        >
          <Trans>Refuse</Trans>
        </Button>
      </div>
    </div>
  )
}

/** The confirmation step: 3-D Secure for a card, the banking app for iDEAL (and PayPal's approval). */
function Confirmation({ checkout, action }: { checkout: SandboxCheckout; action: SandboxActionMutation }) {
  const hydrated = useHydrated()
  const bank = checkout.banks.find((b) => b.id === checkout.bank)?.name ?? checkout.bank ?? ''
  const merchant = checkout.merchant
  const isBank = checkout.chosen_method === 'ideal'
  const isCard = checkout.chosen_method === 'card' || checkout.chosen_method === null
  const approve = () => action.mutate({ action: 'confirm', body: { approve: true } })
  const refuse = () => action.mutate({ action: 'confirm', body: { approve: false } })
  return (
    <div className="grid gap-5" data-testid="sandbox-confirmation" data-method={checkout.chosen_method}>
      <div className="flex items-start gap-3">
        <span className="grid size-11 shrink-0 place-content-center rounded-full bg-slate-900 text-white [&_svg]:size-5">
          {isBank ? <SmartphoneIcon aria-hidden="true" /> : <ShieldCheckIcon aria-hidden="true" />}
        </span>
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold" data-testid="sandbox-confirmation-title">
            {isBank ? (
              <Trans>Approve in your banking app</Trans>
            ) : isCard ? (
              <Trans>Confirm with your bank (3-D Secure)</Trans>
            ) : (
              <Trans>Approve the payment</Trans>
            )}
          </h2>
          <p className="text-sm text-slate-600">
            {isBank ? (
              <Trans>
                {bank} asks you to approve the payment of{' '}
                <Money amount={checkout.amount} currency={checkout.currency} /> to {merchant}.
              </Trans>
            ) : (
              <Trans>
                Your bank asks you to confirm the payment of{' '}
                <Money amount={checkout.amount} currency={checkout.currency} /> to {merchant}.
              </Trans>
            )}
          </p>
          {checkout.card_last4 && (
            <p className="text-sm text-slate-500">
              <MethodLabel method="card" brand={checkout.card_brand} last4={checkout.card_last4} />
            </p>
          )}
        </div>
      </div>
      <p className="rounded-lg bg-slate-50 px-3.5 py-2.5 text-[13px] text-slate-600">
        <Trans>Test mode: choose what the payer does in the bank’s screen.</Trans>
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button
          size="lg"
          disabled={!hydrated || action.isPending}
          aria-busy={action.isPending}
          onClick={approve}
          data-testid="sandbox-approve"
          variant={null}
          className="bg-slate-900 text-primary-foreground shadow-sm shadow-primary-900/10 hover:bg-slate-800 active:bg-slate-700"
        >
          <CircleCheckIcon aria-hidden="true" />
          <Trans>Approve</Trans>
        </Button>
        <Button
          size="lg"
          variant="outline"
          disabled={!hydrated || action.isPending}
          onClick={refuse}
          data-testid="sandbox-refuse"
        >
          <CircleXIcon aria-hidden="true" />
          <Trans>Refuse</Trans>
        </Button>
      </div>
    </div>
  )
}

function CancelBar({ checkout, action }: { checkout: SandboxCheckout; action: SandboxActionMutation }) {
  const hydrated = useHydrated()
  const merchant = checkout.merchant
  return (
    <div className="flex items-center justify-between gap-3 border-t border-slate-200 px-6 py-3">
      <p className="flex items-center gap-1.5 text-xs text-slate-500">
        <LockIcon aria-hidden="true" className="size-3.5" />
        <Trans>Secured by Cardpay Sandbox</Trans>
      </p>
      <Button
        variant="ghost"
        size="sm"
        disabled={!hydrated || action.isPending}
        onClick={() => action.mutate({ action: 'cancel', body: {} })}
        data-testid="sandbox-cancel"
      >
        <ArrowLeftIcon aria-hidden="true" />
        <Trans>Cancel and return to {merchant}</Trans>
      </Button>
    </div>
  )
}

/** Paid, failed, cancelled or expired: say so and go back to the merchant. */
function Finished({ checkout }: { checkout: SandboxCheckout }) {
  const merchant = checkout.merchant
  const returnUrl = checkout.return_url
  useEffect(() => {
    if (!returnUrl) return
    const timer = setTimeout(() => window.location.assign(returnUrl), returnDelayMs)
    return () => clearTimeout(timer)
  }, [returnUrl])

  const outcome: Record<SandboxCheckout['status'], { icon: ReactNode; tone: string; title: ReactNode }> = {
    paid: {
      icon: <CircleCheckIcon aria-hidden="true" />,
      tone: 'bg-emerald-50 text-emerald-700',
      title: <Trans>Payment successful</Trans>,
    },
    failed: {
      icon: <CircleXIcon aria-hidden="true" />,
      tone: 'bg-red-50 text-red-700',
      title: <Trans>Payment failed</Trans>,
    },
    cancelled: {
      icon: <CircleXIcon aria-hidden="true" />,
      tone: 'bg-slate-100 text-slate-600',
      title: <Trans>Payment cancelled</Trans>,
    },
    expired: {
      icon: <ClockIcon aria-hidden="true" />,
      tone: 'bg-slate-100 text-slate-600',
      title: <Trans>This payment page has expired</Trans>,
    },
    open: { icon: null, tone: '', title: null },
    requires_action: { icon: null, tone: '', title: null },
  }
  const shown = outcome[checkout.status]
  return (
    <div
      className="flex flex-col items-center gap-2 py-4 text-center"
      role="status"
      data-testid="sandbox-finished"
    >
      <span className={cn('grid size-12 place-content-center rounded-full [&_svg]:size-6', shown.tone)}>
        {shown.icon}
      </span>
      <h2 className="text-lg font-semibold">{shown.title}</h2>
      {checkout.status === 'failed' && checkout.failure_message && (
        <p className="text-sm text-slate-600">
          <FailureMessage code={checkout.failure_code} text={checkout.failure_message} />
        </p>
      )}
      {returnUrl && (
        <>
          <p className="flex items-center gap-1.5 text-sm text-slate-500">
            <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
            <Trans>Returning you to {merchant}…</Trans>
          </p>
          <a href={returnUrl} className="text-sm font-medium text-slate-900 underline underline-offset-4">
            <Trans>Return to {merchant}</Trans>
          </a>
        </>
      )}
    </div>
  )
}

function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { i18n } = useLingui()
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return (
      <div
        className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center"
        data-testid="sandbox-not-found"
      >
        <FileSearchIcon aria-hidden="true" className="size-10 text-slate-400" />
        <h1 className="text-lg font-semibold">
          <Trans>Payment not found</Trans>
        </h1>
        <p className="text-sm text-slate-600">
          <Trans>This payment page does not exist. Go back to the shop and start paying again.</Trans>
        </p>
      </div>
    )
  }
  const message = error instanceof ApiError && error.status >= 500 ? serverErrorMessage : genericErrorMessage
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center"
    >
      <CircleAlertIcon aria-hidden="true" className="size-8 text-red-600" />
      <p className="text-sm">{i18n._(message)}</p>
      <Button variant="outline" onClick={onRetry}>
        <RotateCwIcon aria-hidden="true" />
        <Trans>Try again</Trans>
      </Button>
    </div>
  )
}

function PageSkeleton() {
  return (
    <div
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-6"
      data-testid="sandbox-skeleton"
    >
      <span className="sr-only">
        <Trans>Loading…</Trans>
      </span>
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-9 w-40" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  )
}
