import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowLeftIcon, InfoIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { AddToBasket } from '~/components/food-cart/add-to-basket.tsx'
import { LoadError } from '~/components/shared/states.tsx'
import { FoodPicture } from './food-image.tsx'
import { money, openingLine, optionPrice, quantityLabel } from './labels.tsx'
import { type GuestProduct, type ProductOption, productQueryOptions } from './queries.ts'

/**
 * `/food/product/{uuid}`: one dish with its picture, price and amount, its variants (what each
 * adds to the price) and extras, nutrition facts and notes, and whether its restaurant takes
 * orders now. While the restaurant takes orders online, the variants and extras are choices of the
 * "Add to basket" form (food-cart); in read-only mode or with ordering off they are only listed.
 */
export function ProductPage({ uuid }: { uuid: string }) {
  const product = useQuery(productQueryOptions(uuid))
  if (product.isPending) {
    return (
      <p className="text-sm text-muted-foreground" aria-live="polite">
        <Trans>Loading the dish…</Trans>
      </p>
    )
  }
  if (product.isError) return <LoadError onRetry={() => void product.refetch()} />
  return <ProductView product={product.data} />
}

function ProductView({ product: p }: { product: GuestProduct }) {
  const { i18n, t } = useLingui()
  const restaurantTitle = p.restaurant.title
  // Menu only (read-only mode) or ordering switched off: nothing to put in a basket.
  const orderable =
    p.restaurant.closed_reason !== 'read_only' && p.restaurant.closed_reason !== 'ordering_disabled'
  return (
    <article className="grid gap-5" data-testid="product-page">
      <Link
        to="/food/place/$uuid"
        params={{ uuid: p.restaurant.uuid }}
        className="inline-flex w-fit items-center gap-1.5 rounded-md text-sm font-medium text-primary-700 underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
        data-testid="product-restaurant-link"
      >
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        <Trans>Menu of {restaurantTitle}</Trans>
      </Link>
      <div className="overflow-hidden rounded-2xl">
        <FoodPicture
          image={p.image}
          sizes="(max-width: 768px) 100vw, 736px"
          priority
          className="aspect-[4/3] w-full"
        />
      </div>
      <header className="grid gap-2">
        <h1
          id="screen-title"
          data-testid="screen-title"
          className="text-2xl font-semibold tracking-tight break-words"
        >
          {p.title}
        </h1>
        <p className="flex flex-wrap items-baseline gap-x-3">
          <span className="text-xl font-semibold" data-testid="product-price">
            {money(i18n, p.price, p.currency)}
          </span>
          <span className="text-sm text-muted-foreground">{quantityLabel(i18n, p.quantity, p.unit)}</span>
        </p>
        {p.description ? <p className="text-[15px] text-muted-foreground">{p.description}</p> : null}
        {p.restaurant_closed ? (
          <p
            role="note"
            className="flex gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            data-testid="product-closed"
          >
            <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              {openingLine(i18n, p.restaurant)}
              {p.restaurant.closed_message ? ` · ${p.restaurant.closed_message}` : null}
            </span>
          </p>
        ) : null}
      </header>

      {orderable ? (
        <AddToBasket
          product={p.uuid}
          price={p.price}
          currency={p.currency}
          variants={p.variants.map((o) => ({ ...o, detail: quantityLabel(i18n, o.quantity, o.unit) }))}
          extras={p.extras.map((o) => ({ ...o, detail: quantityLabel(i18n, o.quantity, o.unit) }))}
        />
      ) : null}
      {!orderable && p.variants.length > 0 ? (
        <OptionList
          testId="product-variants"
          title={<Trans>Variants</Trans>}
          options={p.variants}
          currency={p.currency}
          free={<Trans>Base price</Trans>}
        />
      ) : null}
      {!orderable && p.extras.length > 0 ? (
        <OptionList
          testId="product-extras"
          title={<Trans>Extras</Trans>}
          options={p.extras}
          currency={p.currency}
          free={<Trans>Free</Trans>}
        />
      ) : null}

      {p.nutrition_facts.trim() ? (
        <section className="grid gap-1.5" aria-labelledby="nutrition-title">
          <h2 id="nutrition-title" className="text-lg font-semibold">
            <Trans>Nutrition facts</Trans>
          </h2>
          <p className="text-sm whitespace-pre-line text-muted-foreground">{p.nutrition_facts}</p>
        </section>
      ) : null}
      {p.notes.trim() ? (
        <section className="grid gap-1.5" aria-labelledby="notes-title">
          <h2 id="notes-title" className="text-lg font-semibold">
            <Trans>Good to know</Trans>
          </h2>
          <p className="text-sm whitespace-pre-line text-muted-foreground">{p.notes}</p>
        </section>
      ) : null}
      {p.keywords.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={t`Keywords`} data-testid="product-keywords">
          {p.keywords.map((keyword) => (
            <li key={keyword} className="rounded-full bg-muted px-2.5 py-1 text-xs text-muted-foreground">
              {keyword}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  )
}

function OptionList({
  testId,
  title,
  options,
  currency,
  free,
}: {
  testId: string
  title: ReactNode
  options: ProductOption[]
  currency: string
  free: ReactNode
}) {
  const { i18n } = useLingui()
  return (
    <section className="grid gap-2" data-testid={testId}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="grid divide-y rounded-2xl border bg-background text-sm">
        {options.map((option) => (
          <li key={option.uuid} className="flex items-center justify-between gap-3 px-3.5 py-2.5">
            <span className="min-w-0 break-words">
              {option.title}
              <span className="text-muted-foreground">
                {' '}
                · {quantityLabel(i18n, option.quantity, option.unit)}
              </span>
            </span>
            <span className="shrink-0 font-medium tabular-nums">
              {optionPrice(i18n, option, currency) ?? free}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
