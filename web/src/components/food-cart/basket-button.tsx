import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ShoppingBasketIcon } from 'lucide-react'
import { cn } from '~/lib/utils.ts'
import { basketCount, basketQueryOptions } from './queries.ts'
import { useFoodSessionId } from './session.ts'

/**
 * The basket in the food frame: a link to `/food/cart/{session}` with the number of dishes in it.
 * Shown once the device has a food session (never in the server's HTML: the session is the
 * device's); `floating` puts it at the bottom right for the signed-in frame, which has no food bar.
 */
export function BasketButton({ floating = false }: { floating?: boolean }) {
  const { t } = useLingui()
  const session = useFoodSessionId()
  const basket = useQuery({ ...basketQueryOptions(session ?? ''), enabled: Boolean(session) })
  if (!session) return null
  const count = basketCount(basket.data)
  if (floating && count === 0) return null
  return (
    <Link
      to="/food/cart/$id"
      params={{ id: session }}
      className={cn(
        'relative inline-flex items-center justify-center rounded-md text-primary-700 hover:bg-primary-50 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none',
        floating
          ? 'fixed right-4 bottom-4 z-30 size-14 rounded-full bg-primary text-primary-foreground shadow-lg hover:bg-primary-700'
          : 'size-9',
      )}
      aria-label={t`Basket: ${plural(count, { one: '# dish', other: '# dishes' })}`}
      data-testid="basket-button"
      data-count={count}
    >
      <ShoppingBasketIcon aria-hidden="true" className="size-5" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -top-1 -right-1 min-w-5 rounded-full bg-gray-900 px-1 text-center text-[11px] leading-5 font-semibold text-white tabular-nums"
          data-testid="basket-count"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  )
}
