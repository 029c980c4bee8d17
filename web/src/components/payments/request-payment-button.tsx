import { Trans } from '@lingui/react/macro'
import { LoaderCircleIcon, PlusIcon } from 'lucide-react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '~/components/ui/dialog.tsx'

// The form (zod and react-hook-form, about 34 KiB compressed) loads when the dialog first opens,
// or when the pointer comes to the button, instead of with every transactions list.
const loadForm = () => import('./request-payment-dialog.tsx')
const RequestPaymentContent = lazy(() => loadForm().then((m) => ({ default: m.RequestPaymentContent })))

/**
 * "Request a payment" for program owners and acceptors: an amount and what it is for make a
 * payment link, shown at once with Copy and Open, to send to the payer any way they like.
 */
export function RequestPaymentButton() {
  // Disabled until the page runs in the browser, so an early click is not lost (as useHydrated).
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          disabled={!hydrated}
          data-testid="request-payment"
          onPointerEnter={() => void loadForm()}
          onFocus={() => void loadForm()}
        >
          <PlusIcon aria-hidden="true" />
          <Trans>Request a payment</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="request-payment-dialog" onOpenAutoFocus={(e) => e.preventDefault()}>
        {/* Mounted per opening: a fresh form and a fresh Idempotency-Key each time. */}
        {open && (
          <Suspense fallback={<FormLoading />}>
            <RequestPaymentContent onDone={() => setOpen(false)} />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  )
}

/** The moment the form is still on its way: the dialog has its title already. */
function FormLoading() {
  return (
    <div role="status" className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
      <DialogTitle className="sr-only">
        <Trans>Request a payment</Trans>
      </DialogTitle>
      <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
      <Trans>Loading…</Trans>
    </div>
  )
}
