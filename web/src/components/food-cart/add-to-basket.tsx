import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { MinusIcon, PlusIcon, ShoppingBasketIcon } from 'lucide-react'
import { type FormEvent, useId, useRef, useState } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { formatMoney } from '~/lib/money.ts'
import { notify } from '~/lib/notify.tsx'
import { cn } from '~/lib/utils.ts'
import { clampQuantity, quantityInBasket } from './basket-lines.ts'
import { basketQueryOptions, cartKeys, ensureSession, putBasketLine } from './queries.ts'
import { describeOrderingError, orderingErrorMessage } from './refusals.ts'
import { useFoodSessionId } from './session.ts'

interface Option {
  uuid: string
  title: string
  price: number
  /** What comes with it, in words (`250 g`). */
  detail?: string
}

/**
 * Adds one dish to the basket: its variant (or the regular one), extras and a count. The line's
 * count on the server becomes what the basket held plus this count; prices are the server's.
 * Without a food session yet, one is started from this dish (the location comes later).
 */
export function AddToBasket({
  product,
  price,
  currency,
  variants,
  extras,
  disabled,
}: {
  product: string
  price: number
  currency: string
  variants: Option[]
  extras: Option[]
  disabled?: boolean
}) {
  const { i18n, t } = useLingui()
  const id = useId()
  const queryClient = useQueryClient()
  const session = useFoodSessionId()
  const [variant, setVariant] = useState<string | null>(null)
  const [chosen, setChosen] = useState<string[]>([])
  const [count, setCount] = useState(1)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const submitting = useRef(false)
  const each =
    price +
    (variants.find((v) => v.uuid === variant)?.price ?? 0) +
    extras.filter((e) => chosen.includes(e.uuid)).reduce((sum, e) => sum + e.price, 0)

  async function add(event: FormEvent) {
    event.preventDefault()
    if (submitting.current) return
    submitting.current = true
    setBusy(true)
    setProblem(null)
    try {
      const uuid = await ensureSession({ product_uuid: product })
      const basket = await queryClient.fetchQuery({ ...basketQueryOptions(uuid), staleTime: 5_000 })
      const had = quantityInBasket(basket, product, variant, chosen)
      const next = await putBasketLine(uuid, {
        product_id: product,
        quantity: clampQuantity(had + count),
        variant_uuid: variant,
        extra_uuids: chosen,
      })
      queryClient.setQueryData(cartKeys.basket(uuid), next)
      notify.success(msg`Added to your basket`)
      setCount(1)
    } catch (error) {
      setProblem(describeOrderingError(i18n, error))
    } finally {
      submitting.current = false
      setBusy(false)
    }
  }

  return (
    <form
      onSubmit={add}
      className="grid gap-4 rounded-2xl border bg-background p-4"
      data-testid="add-to-basket"
    >
      {variants.length > 0 ? (
        <fieldset className="grid gap-2" data-testid="product-variants">
          <legend className="mb-1 text-lg font-semibold">
            <Trans>Variants</Trans>
          </legend>
          {[{ uuid: '', title: t`Regular`, price: 0 }, ...variants].map((v) => (
            <label
              key={v.uuid || 'regular'}
              className="flex min-h-10 items-center gap-3 text-sm"
              data-testid="variant-choice"
            >
              <input
                type="radio"
                name={`${id}-variant`}
                value={v.uuid}
                checked={(variant ?? '') === v.uuid}
                onChange={() => setVariant(v.uuid || null)}
                className="size-4.5 accent-primary-700"
              />
              <span className="min-w-0 flex-1 break-words">
                {v.title}
                {v.detail ? <span className="text-muted-foreground"> · {v.detail}</span> : null}
              </span>
              <span className="tabular-nums text-muted-foreground">
                {v.price > 0 ? (
                  `+ ${formatMoney(v.price, currency, i18n.locale)}`
                ) : v.uuid ? (
                  <Trans>Base price</Trans>
                ) : null}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {extras.length > 0 ? (
        <fieldset className="grid gap-2" data-testid="product-extras">
          <legend className="mb-1 text-lg font-semibold">
            <Trans>Extras</Trans>
          </legend>
          {extras.map((e) => (
            <label
              key={e.uuid}
              className="flex min-h-10 items-center gap-3 text-sm"
              data-testid="extra-choice"
            >
              <input
                type="checkbox"
                checked={chosen.includes(e.uuid)}
                onChange={(event) =>
                  setChosen((old) =>
                    event.target.checked ? [...old, e.uuid] : old.filter((x) => x !== e.uuid),
                  )
                }
                className="size-4.5 accent-primary-700"
              />
              <span className="min-w-0 flex-1 break-words">
                {e.title}
                {e.detail ? <span className="text-muted-foreground"> · {e.detail}</span> : null}
              </span>
              <span className="tabular-nums text-muted-foreground">
                {e.price > 0 ? `+ ${formatMoney(e.price, currency, i18n.locale)}` : <Trans>Free</Trans>}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Stepper value={count} min={1} onChange={setCount} label={t`Number`} />
        <Button
          type="submit"
          size="lg"
          disabled={busy || disabled}
          aria-busy={busy || undefined}
          data-testid="add-to-basket-submit"
        >
          <ShoppingBasketIcon aria-hidden="true" />
          <Trans>Add · {formatMoney(each * count, currency, i18n.locale)}</Trans>
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-destructive" data-testid="add-to-basket-problem">
          {problem}
        </p>
      ) : null}
      {session ? (
        <Link
          to="/food/cart/$id"
          params={{ id: session }}
          className="w-fit text-sm font-medium text-primary-700 underline-offset-4 hover:underline"
        >
          <Trans>Go to your basket</Trans>
        </Link>
      ) : null}
    </form>
  )
}

/** A count with − and + buttons, typed too: whole numbers, `min` … 9999. */
export function Stepper({
  value,
  min = 0,
  onChange,
  label,
  testId = 'stepper',
  busy,
}: {
  value: number
  min?: number
  onChange: (n: number) => void
  label: string
  testId?: string
  busy?: boolean
}) {
  const { t } = useLingui()
  // Typing keeps a draft; it counts when the field is left or Enter is pressed, so clearing the
  // field to type another number does not remove the line on the way.
  const [draft, setDraft] = useState<string | null>(null)
  const set = (n: number) => {
    setDraft(null)
    const next = Math.max(min, clampQuantity(n))
    if (next !== value) onChange(next)
  }
  return (
    <div
      className={cn('inline-flex items-center rounded-lg border', busy && 'opacity-70')}
      data-testid={testId}
    >
      <Button
        variant="ghost"
        size="icon"
        onClick={() => set(value - 1)}
        disabled={value <= min || busy}
        aria-label={t`Fewer`}
        data-testid={`${testId}-minus`}
      >
        <MinusIcon aria-hidden="true" />
      </Button>
      <input
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        value={draft ?? String(value)}
        onChange={(e) => setDraft(e.target.value.replace(/\D/g, '').slice(0, 4))}
        onBlur={() => {
          if (draft !== null) set(draft === '' ? value : Number(draft))
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && draft !== null) {
            e.preventDefault()
            set(draft === '' ? value : Number(draft))
          }
        }}
        aria-label={label}
        className="h-10 w-12 [appearance:textfield] bg-transparent text-center text-sm tabular-nums focus-visible:outline-none [&::-webkit-inner-spin-button]:appearance-none"
        data-testid={`${testId}-value`}
      />
      <Button
        variant="ghost"
        size="icon"
        onClick={() => set(value + 1)}
        disabled={value >= 9999 || busy}
        aria-label={t`More`}
        data-testid={`${testId}-plus`}
      >
        <PlusIcon aria-hidden="true" />
      </Button>
    </div>
  )
}

/** The menu's quick add for a dish without choices: one more of it, no page change. */
export function QuickAdd({ product, title }: { product: string; title: string }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  async function add() {
    if (busy) return
    setBusy(true)
    try {
      const uuid = await ensureSession({ product_uuid: product })
      const basket = await queryClient.fetchQuery({ ...basketQueryOptions(uuid), staleTime: 5_000 })
      const next = await putBasketLine(uuid, {
        product_id: product,
        quantity: clampQuantity(quantityInBasket(basket, product, null, []) + 1),
        variant_uuid: null,
        extra_uuids: [],
      })
      queryClient.setQueryData(cartKeys.basket(uuid), next)
      notify.success(msg`Added to your basket`)
    } catch (error) {
      notify.error(orderingErrorMessage(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button
      variant="secondary"
      size="icon"
      className="size-9 rounded-full shadow-sm"
      onClick={() => void add()}
      disabled={busy}
      aria-busy={busy || undefined}
      aria-label={t`Add ${title} to your basket`}
      data-testid="quick-add"
    >
      <PlusIcon aria-hidden="true" />
    </Button>
  )
}
