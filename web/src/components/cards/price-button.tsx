import { Trans, useLingui } from '@lingui/react/macro'
import { LoaderCircleIcon, PencilIcon } from 'lucide-react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '~/components/ui/dialog.tsx'
import { cardTypeNames } from './labels.tsx'
import type { CardType } from './queries.ts'

/** The highest price of one card an admin can set: €1,000 (a card's fee, not its face value). */
export const maxCardPriceMinor = 100_000n

/** VAT on a price in minor units at a percentage, rounded half up to a whole minor unit. */
export function vatOn(price: number, rate: number): number {
  return Math.round((price * rate) / 100)
}

// The form (zod and react-hook-form, about 34 KiB compressed) loads when the dialog first opens,
// or when the pointer comes to the button, instead of with the cards page of every portal.
const loadForm = () => import('./price-dialog.tsx')
const PriceForm = lazy(() => loadForm().then((m) => ({ default: m.PriceForm })))

/**
 * An admin sets what one card of a type costs a program owner in a currency, in the currency's
 * units as people write them (`0,50`), excluding VAT; the price including VAT follows as they type.
 */
export function PriceDialog({
  type,
  currency,
  price,
  vatRate,
}: {
  type: CardType
  currency: string
  price: number | undefined
  vatRate: number
}) {
  // Disabled until the page runs in the browser, so an early click is not lost (as useHydrated).
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const { t, i18n } = useLingui()
  const [open, setOpen] = useState(false)
  const name = cardTypeNames[type.code] ? i18n._(cardTypeNames[type.code]) : type.title
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          disabled={!hydrated}
          data-testid="card-price-edit"
          aria-label={t`Change the price: ${name}, ${currency}`}
          onPointerEnter={() => void loadForm()}
          onFocus={() => void loadForm()}
        >
          <PencilIcon aria-hidden="true" />
          <Trans>Change</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="card-price-dialog">
        {open && (
          <Suspense fallback={<FormLoading name={name} />}>
            <PriceForm
              type={type}
              name={name}
              currency={currency}
              price={price}
              vatRate={vatRate}
              onDone={() => setOpen(false)}
            />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  )
}

/** The moment the form is still on its way: the dialog has its title already. */
function FormLoading({ name }: { name: string }) {
  return (
    <div role="status" className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
      <DialogTitle className="sr-only">{name}</DialogTitle>
      <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
      <Trans>Loading…</Trans>
    </div>
  )
}
