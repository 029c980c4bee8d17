import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { MinusIcon, PlusIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '~/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog.tsx'
import type { CounterLine, CounterProduct } from './counter-api.ts'
import { Money } from './order-parts.tsx'

/** A dish's variant (one, or the dish as it is), its extras (any) and how many, before it is added. */
export function OptionsDialog({
  product,
  onClose,
  onAdd,
}: {
  product: CounterProduct | null
  onClose: () => void
  onAdd: (variant: CounterLine['variant'], extras: CounterLine['extras'], quantity: number) => void
}) {
  const { i18n } = useLingui()
  const [variant, setVariant] = useState<string>('')
  const [extras, setExtras] = useState<ReadonlySet<string>>(new Set())
  const [quantity, setQuantity] = useState(1)
  useEffect(() => {
    if (!product) return
    setVariant('')
    setExtras(new Set())
    setQuantity(1)
  }, [product])
  if (!product) return null
  const chosenVariant = product.variants.find((v) => v.uuid === variant) ?? null
  const chosenExtras = product.extras.filter((e) => extras.has(e.uuid))
  const unit = product.price + (chosenVariant?.price ?? 0) + chosenExtras.reduce((s, e) => s + e.price, 0)
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md" data-testid="counter-options">
        <DialogHeader>
          <DialogTitle>{product.title}</DialogTitle>
          <DialogDescription>
            <Trans>Choose a size and extras.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault()
            onAdd(chosenVariant, chosenExtras, quantity)
          }}
        >
          {product.variants.length > 0 && (
            <fieldset className="space-y-2">
              <legend className="mb-1 font-medium text-sm">
                <Trans>Size</Trans>
              </legend>
              {[{ uuid: '', title: i18n._(msg`Standard`), price: 0 }, ...product.variants].map((v) => (
                <label
                  key={v.uuid || 'standard'}
                  className="flex min-h-11 cursor-pointer items-center justify-between gap-2 rounded-md border px-3 has-[:checked]:border-primary"
                >
                  <span className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="counter-variant"
                      value={v.uuid}
                      checked={variant === v.uuid}
                      onChange={() => setVariant(v.uuid)}
                      className="size-4 accent-primary"
                    />
                    {v.title}
                  </span>
                  {v.price > 0 && (
                    <span className="text-muted-foreground text-sm tabular-nums">
                      + <Money amount={v.price} currency={product.currency} />
                    </span>
                  )}
                </label>
              ))}
            </fieldset>
          )}
          {product.extras.length > 0 && (
            <fieldset className="space-y-2">
              <legend className="mb-1 font-medium text-sm">
                <Trans>Extras</Trans>
              </legend>
              {product.extras.map((e) => (
                <label
                  key={e.uuid}
                  className="flex min-h-11 cursor-pointer items-center justify-between gap-2 rounded-md border px-3 has-[:checked]:border-primary"
                >
                  <span className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      checked={extras.has(e.uuid)}
                      onChange={(ev) => {
                        const next = new Set(extras)
                        if (ev.target.checked) next.add(e.uuid)
                        else next.delete(e.uuid)
                        setExtras(next)
                      }}
                      className="size-4 accent-primary"
                    />
                    {e.title}
                  </span>
                  <span className="text-muted-foreground text-sm tabular-nums">
                    + <Money amount={e.price} currency={product.currency} />
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          <div className="flex items-center justify-between gap-3">
            <div className="flex items-center gap-1">
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label={i18n._(msg`Fewer`)}
                disabled={quantity <= 1}
                onClick={() => setQuantity((n) => Math.max(1, n - 1))}
              >
                <MinusIcon aria-hidden="true" />
              </Button>
              <span className="w-8 text-center font-semibold tabular-nums" aria-live="polite">
                {quantity}
              </span>
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label={i18n._(msg`More`)}
                disabled={quantity >= 99}
                onClick={() => setQuantity((n) => Math.min(99, n + 1))}
              >
                <PlusIcon aria-hidden="true" />
              </Button>
            </div>
            <Button type="submit" size="lg" data-testid="counter-options-add">
              <Trans>Add</Trans> · <Money amount={unit * quantity} currency={product.currency} />
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
