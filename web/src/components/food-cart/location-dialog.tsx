import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { MapPinIcon, ShoppingBagIcon } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { cn } from '~/lib/utils.ts'
import { sessionQueryOptions } from './queries.ts'
import { useFoodSessionId } from './session.ts'

// The form comes when the popup opens: a menu's first load carries only the button.
const LocationForm = lazy(() => import('./location-form.tsx').then((m) => ({ default: m.LocationForm })))

/**
 * The location popup (spec section 2): delivery to a zip code, house number and apartment, or
 * pickup in the restaurant (which clears the address). Saving creates the device's food session
 * or patches it; on a restaurant's page the answer says whether it delivers there
 * (`restaurant_available`). A native `<dialog>`: focus stays inside, Escape closes, no library.
 */
export function LocationButton({ restaurant, className }: { restaurant?: string; className?: string }) {
  const { t } = useLingui()
  const session = useFoodSessionId()
  const current = useQuery({ ...sessionQueryOptions(session ?? ''), enabled: Boolean(session) })
  const dialog = useRef<HTMLDialogElement>(null)
  const [open, setOpen] = useState(false)
  const s = current.data
  const label = !s
    ? t`Delivery or pickup?`
    : s.pickup_in_restaurant
      ? t`Pickup at the restaurant`
      : s.zip_code
        ? [s.zip_code, s.house_number, s.apartment].filter(Boolean).join(' ')
        : t`Delivery or pickup?`
  useEffect(() => {
    const el = dialog.current
    if (!el) return
    if (open && !el.open) el.showModal()
    if (!open && el.open) el.close()
  }, [open])
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className={cn('max-w-full', className)}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="location-button"
      >
        {s?.pickup_in_restaurant ? <ShoppingBagIcon aria-hidden="true" /> : <MapPinIcon aria-hidden="true" />}
        <span className="truncate">{label}</span>
      </Button>
      <dialog
        ref={dialog}
        onClose={() => setOpen(false)}
        aria-labelledby="location-title"
        className="m-auto w-[min(100vw-2rem,28rem)] rounded-2xl border bg-background p-0 text-foreground shadow-xl backdrop:bg-black/40"
        data-testid="location-dialog"
      >
        {open ? (
          <Suspense fallback={<div className="h-64" />}>
            <LocationForm
              restaurant={restaurant}
              initial={
                s
                  ? {
                      pickup_in_restaurant: s.pickup_in_restaurant,
                      zip_code: s.zip_code ?? '',
                      house_number: s.house_number ?? '',
                      apartment: s.apartment ?? '',
                    }
                  : undefined
              }
              onDone={() => setOpen(false)}
            />
          </Suspense>
        ) : null}
      </dialog>
    </>
  )
}
