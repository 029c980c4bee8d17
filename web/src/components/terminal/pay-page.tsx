import { Trans, useLingui } from '@lingui/react/macro'
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import {
  CameraIcon,
  CameraOffIcon,
  CircleAlertIcon,
  LoaderCircleIcon,
  LockIcon,
  ScanLineIcon,
} from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Money } from '~/components/finances/amount.tsx'
import { type CheckoutStart, checkoutQueryOptions, isPayable } from '~/components/payments/queries.ts'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardHeader } from '~/components/ui/card.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'
import { Skeleton } from '~/components/ui/skeleton.tsx'
import { type Answer, ApiError, api } from '~/lib/api.ts'
import { describeApiError, genericErrorMessage, serverErrorMessage } from '~/lib/api-messages.ts'
import { notify } from '~/lib/notify.tsx'
import { qrRefusals } from './messages.ts'
import { CameraView, useQrCamera } from './qr-camera.tsx'
import { previewQueryOptions, tokenFromText } from './queries.ts'

/** A code already used in this tab leads back to its checkout (reload, back button). */
const claimedKey = (token: string) => `qr-pay:${token.slice(-22)}`

function claimedCheckout(token: string): string | null {
  try {
    return sessionStorage.getItem(claimedKey(token))
  } catch {
    return null
  }
}

/**
 * Where a payer goes once the code is theirs: with one method on offer, straight to the provider's
 * page (the checkout starts it, as its Pay button would: one attempt, charged once); else, or when
 * anything is unclear, the checkout, where they choose and which says how the payment stands.
 */
async function providerPageOf(queryClient: QueryClient, uuid: string): Promise<string | null> {
  try {
    const checkout = await queryClient.fetchQuery(checkoutQueryOptions(uuid))
    const only = checkout.methods.length === 1 ? checkout.methods[0] : undefined
    if (!only || checkout.open_method || !isPayable(checkout.status)) return null
    const started = await api.post<CheckoutStart>(`/payment/checkout/${encodeURIComponent(uuid)}`, {
      method: only.id,
    })
    return started.redirect_url ?? null
  } catch {
    return null
  }
}

/**
 * `/pay` (spec: "QR pay"): the payer scans a payment QR code with the phone's camera (permission
 * asked when they press Scan) or opens its link; sees the shop, the cashpoint and the amount first,
 * then what for; and with one press of Pay goes to the provider's page when the program takes one
 * method, else to the checkout to choose. A code that cannot be used says why, and nothing is
 * charged.
 */
export function PayPage({ token }: { token: string | undefined }) {
  const navigate = useNavigate()
  const open = (next: string) => navigate({ to: '/pay', search: { token: next }, replace: true })
  return (
    <div className="mx-auto grid w-full max-w-md gap-4" data-testid="pay-page">
      {token ? (
        <QrPayment key={token} token={token} onScanAgain={() => navigate({ to: '/pay', search: {} })} />
      ) : (
        <Scanner onToken={open} />
      )}
      <p className="flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
        <LockIcon aria-hidden="true" className="size-3.5" />
        <Trans>Card details are entered on the payment provider’s secure page, never here.</Trans>
      </p>
    </div>
  )
}

function QrPayment({ token, onScanAgain }: { token: string; onScanAgain: () => void }) {
  const { i18n } = useLingui()
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const [leaving, setLeaving] = useState(false)
  // A code this tab already used leads to its checkout. Looked up once, when the page runs in the
  // browser: paying stores it too, and must not be overtaken by this on the next render.
  const [earlier, setEarlier] = useState<string | null>()
  useEffect(() => {
    const used = claimedCheckout(token)
    setEarlier(used)
    if (!used) return
    setLeaving(true)
    window.location.assign(`/checkout/${used}`)
  }, [token])
  const preview = useQuery({ ...previewQueryOptions(token), enabled: earlier === null })
  // Set on the first press, before React renders the busy button: a double tap uses the code once.
  const pressed = useRef(false)
  // Back from the provider's page, the browser may show this page as it was left (busy): the code
  // is used by then, so go on to its checkout, which says how the payment stands.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      const used = event.persisted ? claimedCheckout(token) : null
      if (used) window.location.replace(`/checkout/${used}`)
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [token])

  const pay = useMutation({
    mutationFn: () =>
      api.post<Answer<'/payment/qr-pay', 'post'>>('/payment/qr-pay', { token }, { session: false }),
    onSuccess: async ({ checkout_uuid }) => {
      try {
        sessionStorage.setItem(claimedKey(token), checkout_uuid)
      } catch {
        // No storage: a reload shows that the code was used.
      }
      setLeaving(true)
      window.location.assign(
        (await providerPageOf(queryClient, checkout_uuid)) ?? `/checkout/${checkout_uuid}`,
      )
    },
    onError: (error) => {
      pressed.current = false
      if (!(error instanceof ApiError && error.reason && qrRefusals[error.reason]))
        notify.error(describeApiError(error))
    },
  })

  const refusal =
    (preview.error instanceof ApiError && preview.error.reason) ||
    (pay.error instanceof ApiError && pay.error.reason) ||
    null
  if (refusal && qrRefusals[refusal]) {
    const words = qrRefusals[refusal]
    return (
      <Card data-testid="pay-refused" data-reason={refusal}>
        <CardContent className="flex flex-col items-center gap-3 py-4 text-center" role="alert">
          <CircleAlertIcon aria-hidden="true" className="size-10 text-amber-600" />
          <h1 className="text-lg font-semibold">{i18n._(words.title)}</h1>
          <p className="text-sm text-muted-foreground">{i18n._(words.text)}</p>
          <Button variant="outline" onClick={onScanAgain} data-testid="pay-scan-again">
            <ScanLineIcon aria-hidden="true" />
            <Trans>Scan another code</Trans>
          </Button>
        </CardContent>
      </Card>
    )
  }
  if (preview.isError) {
    const message =
      preview.error instanceof ApiError && preview.error.code === 'network'
        ? describeApiError(preview.error)
        : preview.error instanceof ApiError && preview.error.status >= 500
          ? serverErrorMessage
          : genericErrorMessage
    return (
      <Card data-testid="pay-error">
        <CardContent className="flex flex-col items-center gap-3 py-4 text-center" role="alert">
          <CircleAlertIcon aria-hidden="true" className="size-8 text-destructive" />
          <p className="text-sm">{i18n._(message)}</p>
          <Button variant="outline" onClick={() => preview.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </CardContent>
      </Card>
    )
  }
  if (!preview.data) {
    return (
      <Card data-testid="pay-skeleton">
        <span className="sr-only">
          <Trans>Loading…</Trans>
        </span>
        <CardContent className="grid gap-4">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-7 w-48" />
          <Skeleton className="h-9 w-32" />
          <Skeleton className="h-11 w-full" />
        </CardContent>
      </Card>
    )
  }
  const p = preview.data
  const { merchant, cashpoint } = p
  const busy = pay.isPending || leaving
  return (
    <Card className="gap-5" data-testid="pay-preview">
      <CardHeader className="gap-3">
        <div className="grid gap-0.5">
          <h1 className="text-xl font-semibold tracking-tight break-words" data-testid="pay-merchant">
            <Trans>Pay {merchant}</Trans>
          </h1>
          {cashpoint && (
            <p className="text-sm text-muted-foreground" data-testid="pay-cashpoint">
              <Trans>Cashpoint: {cashpoint}</Trans>
            </p>
          )}
        </div>
        <Money
          amount={p.amount}
          currency={p.currency}
          className="text-4xl font-semibold tracking-tight"
          testId="pay-amount"
        />
        {p.description && (
          <p className="text-sm break-words text-muted-foreground" data-testid="pay-description">
            {p.description}
          </p>
        )}
      </CardHeader>
      <CardContent className="grid gap-3">
        <Button
          size="lg"
          className="w-full"
          onClick={() => {
            if (pressed.current) return
            pressed.current = true
            pay.mutate()
          }}
          disabled={!hydrated || busy}
          aria-busy={busy}
          data-testid="pay-continue"
        >
          {busy ? (
            <>
              <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
              <Trans>Opening the payment…</Trans>
            </>
          ) : (
            <span>
              <Trans>
                Pay <Money amount={p.amount} currency={p.currency} />
              </Trans>
            </span>
          )}
        </Button>
        <p className="text-center text-xs text-muted-foreground">
          <Trans>
            This code works once. Valid until{' '}
            <time dateTime={p.expires}>{i18n.date(p.expires, { timeStyle: 'short' })}</time>.
          </Trans>
        </p>
      </CardContent>
    </Card>
  )
}

/**
 * Reads a payment QR code with the camera (the browser asks for permission when Scan is pressed,
 * not before), or the payer pastes the link. Anything that is not a `/pay` link is said to be so,
 * under the field. One field checked in the browser and never sent: a guest page under the
 * weight budget, so it does without react-hook-form and zod.
 */
function Scanner({ onToken }: { onToken: (token: string) => void }) {
  const hydrated = useHydrated()
  const camera = useQrCamera((text) => tokenFromText(text) || null, onToken)
  const { state, active } = camera
  const [link, setLink] = useState('')
  const [linkError, setLinkError] = useState(false)

  const submitLink = (event: React.FormEvent) => {
    event.preventDefault()
    const token = tokenFromText(link)
    if (token) onToken(token)
    else setLinkError(true)
  }

  return (
    <Card className="gap-5" data-testid="pay-scanner">
      <CardHeader className="gap-2">
        <h1 className="text-xl font-semibold tracking-tight">
          <Trans>Pay with a QR code</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Scan the code the merchant shows you. You see the amount before you pay.</Trans>
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <CameraView camera={camera} />
        <div role="status" aria-live="polite" className="text-sm">
          {state === 'scanning' && (
            <p className="text-muted-foreground">
              {camera.wrongCode ? (
                <Trans>That is not a payment QR code. Point the camera at the merchant’s code.</Trans>
              ) : (
                <Trans>Point the camera at the QR code.</Trans>
              )}
            </p>
          )}
          {state === 'denied' && (
            <p className="text-red-700" data-testid="pay-camera-denied">
              <Trans>
                Camera access was refused. Allow the camera for this site in your browser’s settings, or open
                the link of the QR code with your phone’s camera app.
              </Trans>
            </p>
          )}
          {state === 'unavailable' && (
            <p className="text-red-700">
              <Trans>
                No camera can be used here. Open the link of the QR code with your phone’s camera app instead.
              </Trans>
            </p>
          )}
        </div>
        {active ? (
          <Button variant="outline" onClick={camera.stop}>
            <CameraOffIcon aria-hidden="true" />
            <Trans>Stop the camera</Trans>
          </Button>
        ) : (
          <Button size="lg" onClick={camera.start} disabled={!hydrated} data-testid="pay-scan">
            <CameraIcon aria-hidden="true" />
            <Trans>Scan QR code</Trans>
          </Button>
        )}
        <form onSubmit={submitLink} className="grid gap-2 border-t pt-4" noValidate>
          <Label htmlFor="pay-link">
            <Trans>Or paste the payment link</Trans>
          </Label>
          <div className="flex gap-2">
            <Input
              id="pay-link"
              value={link}
              onChange={(e) => {
                setLink(e.target.value)
                setLinkError(false)
              }}
              aria-invalid={linkError}
              aria-describedby={linkError ? 'pay-link-error' : undefined}
              autoComplete="off"
              inputMode="url"
            />
            <Button type="submit" variant="outline" disabled={!hydrated}>
              <Trans context="verb">Open</Trans>
            </Button>
          </div>
          {linkError && (
            <p id="pay-link-error" role="alert" className="text-[13px] font-medium text-destructive">
              <Trans>That is not a payment link.</Trans>
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  )
}
