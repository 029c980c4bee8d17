import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { BanknoteIcon, MinusIcon, PlusIcon, QrCodeIcon, Trash2Icon } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'
import { describeApiError } from '~/lib/api-messages.ts'
import { notify } from '~/lib/notify.tsx'
import { ordersKeys } from './api.ts'
import {
  type CounterAnswer,
  type CounterLine,
  type CounterPayment,
  type CounterProduct,
  counterMenuQueryOptions,
  lineKey,
  linePrice,
  takeCounterOrder,
} from './counter-api.ts'
import { OptionsDialog } from './counter-options-dialog.tsx'
import { CounterPaymentPanel } from './counter-payment.tsx'
import { Money } from './order-parts.tsx'

/**
 * The order a staff member takes at the counter: dishes from the menu (a dish with variants or
 * extras asks for them first), counts, eat in or take away, the customer's name if they give one,
 * and how it is paid: the payment QR the customer scans with their phone, or cash in hand.
 * Totals shown here are the menu's; the API prices the order again and its answer is what counts.
 */
export function CounterOrder({ program, currency }: { program: string; currency: string }) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const menu = useQuery(counterMenuQueryOptions(program))
  const [lines, setLines] = useState<CounterLine[]>([])
  const [eatIn, setEatIn] = useState(false)
  const [name, setName] = useState('')
  const [choosing, setChoosing] = useState<CounterProduct | null>(null)
  const [busy, setBusy] = useState<CounterPayment | null>(null)
  const [placed, setPlaced] = useState<CounterAnswer | null>(null)
  // One key per order being taken: a retry after a lost answer gets the same order, never two.
  const attempt = useRef<string | null>(null)
  const nameId = useId()

  const add = (
    product: CounterProduct,
    variant: CounterLine['variant'],
    extras: CounterLine['extras'],
    n = 1,
  ) => {
    const key = lineKey(
      product.uuid,
      variant?.uuid ?? null,
      extras.map((e) => e.uuid),
    )
    attempt.current = null
    setLines((all) => {
      const found = all.find((l) => l.key === key)
      if (found) return all.map((l) => (l.key === key ? { ...l, quantity: Math.min(99, l.quantity + n) } : l))
      return [...all, { key, product, variant, extras, quantity: n }]
    })
  }
  const setCount = (key: string, quantity: number) => {
    attempt.current = null
    setLines((all) =>
      quantity <= 0
        ? all.filter((l) => l.key !== key)
        : all.map((l) => (l.key === key ? { ...l, quantity } : l)),
    )
  }
  const total = lines.reduce((s, l) => s + linePrice(l), 0)

  const submit = async (payment: CounterPayment) => {
    setBusy(payment)
    attempt.current ??= crypto.randomUUID()
    try {
      const answer = await takeCounterOrder(
        program,
        { lines, eat_in: eatIn, name, payment, language: i18n.locale },
        `${attempt.current}-${payment}`,
      )
      setPlaced(answer)
      void queryClient.invalidateQueries({ queryKey: ordersKeys.program(program) })
      if (payment === 'cash') notify.success(msg`The order is on the kitchen board.`)
    } catch (error) {
      notify.error(describeApiError(error))
    } finally {
      setBusy(null)
    }
  }
  const next = () => {
    setPlaced(null)
    setLines([])
    setName('')
    setEatIn(false)
    attempt.current = null
  }

  if (placed) return <CounterPaymentPanel program={program} placed={placed} onNext={next} />

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <section aria-labelledby="counter-menu-title" className="min-w-0 space-y-4">
        <h2 id="counter-menu-title" className="font-semibold text-lg">
          <Trans>Menu</Trans>
        </h2>
        {menu.isPending ? (
          <RowsSkeleton rows={6} />
        ) : menu.isError ? (
          <LoadError onRetry={() => menu.refetch()} />
        ) : menu.data.length === 0 ? (
          <EmptyState title={<Trans>The menu has no active dishes</Trans>}>
            <Trans>Add dishes to the menu on the restaurant’s program page first.</Trans>
          </EmptyState>
        ) : (
          menu.data.map(({ category, products }) => (
            <div key={category.uuid} className="space-y-2">
              <h3 className="font-medium text-muted-foreground text-sm uppercase tracking-wide">
                {category.title}
              </h3>
              <ul className="grid gap-2 sm:grid-cols-2">
                {products.map((p) => (
                  <li key={p.uuid}>
                    <button
                      type="button"
                      className="flex min-h-14 w-full items-center justify-between gap-3 rounded-lg border bg-card px-4 py-3 text-start hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary"
                      onClick={() =>
                        p.variants.length > 0 || p.extras.length > 0 ? setChoosing(p) : add(p, null, [])
                      }
                      data-testid="counter-product"
                    >
                      <span className="min-w-0">
                        <span className="block font-medium">{p.title}</span>
                        {(p.variants.length > 0 || p.extras.length > 0) && (
                          <span className="block text-muted-foreground text-xs">
                            <Trans>Choose options</Trans>
                          </span>
                        )}
                      </span>
                      <span className="flex shrink-0 items-center gap-2 tabular-nums">
                        <Money amount={p.price} currency={p.currency} />
                        <PlusIcon aria-hidden="true" className="size-5 text-primary" />
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))
        )}
      </section>

      <Card className="h-fit min-w-0 lg:sticky lg:top-4">
        <CardHeader>
          <CardTitle>
            <Trans>This order</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {lines.length === 0 ? (
            <p className="text-muted-foreground text-sm" data-testid="counter-empty">
              <Trans>Tap a dish to add it.</Trans>
            </p>
          ) : (
            <ul className="space-y-3" data-testid="counter-lines">
              {lines.map((l) => (
                <li key={l.key} className="flex items-start justify-between gap-2" data-testid="counter-line">
                  <div className="min-w-0">
                    <p className="font-medium">
                      {l.product.title}
                      {l.variant ? ` (${l.variant.title})` : ''}
                    </p>
                    {l.extras.length > 0 && (
                      <p className="text-muted-foreground text-sm">
                        + {l.extras.map((e) => e.title).join(', ')}
                      </p>
                    )}
                    <p className="text-sm tabular-nums">
                      <Money amount={linePrice(l)} currency={currency} />
                    </p>
                  </div>
                  <div className="flex shrink-0 items-center gap-1">
                    <Button
                      type="button"
                      variant="outline"
                      size="icon"
                      aria-label={i18n._(msg`One ${l.product.title} less`)}
                      onClick={() => setCount(l.key, l.quantity - 1)}
                    >
                      {l.quantity === 1 ? (
                        <Trash2Icon aria-hidden="true" />
                      ) : (
                        <MinusIcon aria-hidden="true" />
                      )}
                    </Button>
                    <span className="w-7 text-center font-semibold tabular-nums" aria-live="polite">
                      {l.quantity}
                    </span>
                    <Button
                      type="button"
                      variant="outline"
                      size="icon"
                      aria-label={i18n._(msg`One ${l.product.title} more`)}
                      disabled={l.quantity >= 99}
                      onClick={() => setCount(l.key, l.quantity + 1)}
                    >
                      <PlusIcon aria-hidden="true" />
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <p className="flex justify-between border-t pt-3 font-semibold text-lg">
            <span>
              <Trans>Total</Trans>
            </span>
            <span className="tabular-nums" data-testid="counter-total">
              <Money amount={total} currency={currency} />
            </span>
          </p>
          <fieldset className="space-y-2">
            <legend className="mb-1 font-medium text-sm">
              <Trans>Where does the customer eat?</Trans>
            </legend>
            <div className="grid grid-cols-2 gap-2">
              {[
                { value: false, label: <Trans>Take away</Trans> },
                { value: true, label: <Trans>Eat in</Trans> },
              ].map((o) => (
                <label
                  key={String(o.value)}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 has-[:checked]:border-primary has-[:checked]:bg-primary/10"
                >
                  <input
                    type="radio"
                    name={`eat-in-${program}`}
                    checked={eatIn === o.value}
                    onChange={() => setEatIn(o.value)}
                    className="size-4 accent-primary"
                  />
                  {o.label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-1">
            <Label htmlFor={nameId}>
              <Trans>Customer name (optional)</Trans>
            </Label>
            <Input
              id={nameId}
              value={name}
              maxLength={255}
              autoComplete="off"
              onChange={(e) => setName(e.target.value)}
              data-testid="counter-name"
            />
          </div>
          <div className="grid gap-2">
            <Button
              type="button"
              size="lg"
              disabled={lines.length === 0 || busy !== null}
              onClick={() => submit('terminal')}
              // Its Dutch and German labels are wider than a phone's card: they wrap.
              className="h-auto min-h-11 whitespace-normal py-2"
              data-testid="counter-pay-qr"
            >
              <QrCodeIcon aria-hidden="true" />
              <Trans>Pay with the customer’s phone (QR)</Trans>
            </Button>
            <Button
              type="button"
              size="lg"
              variant="outline"
              disabled={lines.length === 0 || busy !== null}
              onClick={() => submit('cash')}
              data-testid="counter-pay-cash"
            >
              <BanknoteIcon aria-hidden="true" />
              <Trans>Paid in cash</Trans>
            </Button>
          </div>
        </CardContent>
      </Card>
      <OptionsDialog
        product={choosing}
        onClose={() => setChoosing(null)}
        onAdd={(variant, extras, n) => {
          if (choosing) add(choosing, variant, extras, n)
          setChoosing(null)
        }}
      />
    </div>
  )
}
