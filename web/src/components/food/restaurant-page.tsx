import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { BikeIcon, ClockIcon, InfoIcon, MapPinIcon, PhoneIcon, ShoppingBagIcon } from 'lucide-react'
import { LocationButton } from '~/components/food-cart/location-dialog.tsx'
import { QuickAdd } from '~/components/food-cart/quick-add.tsx'
import { LoadError } from '~/components/shared/states.tsx'
import { cn } from '~/lib/utils.ts'
import { Announcements } from './announcements.tsx'
import { FoodPicture } from './food-image.tsx'
import { calendarDate, money, openingLine, quantityLabel, todayHours, weekdayName } from './labels.tsx'
import { type MenuDish, type RestaurantPageData as Restaurant, restaurantQueryOptions } from './queries.ts'
import { dishPictureSizes } from './srcset.ts'

/** Dishes in the first screen of a phone load their pictures at once; the rest as they scroll near. */
const eagerDishes = 3

/**
 * `/food/place/{uuid}`: a restaurant with its menu (categories in the owner's order, each with its
 * dishes), whether it is open now and why not, its announcements, and the week's hours from today
 * on with the exceptions of those days applied. Rendered on the server with all of it.
 */
export function RestaurantPage({ uuid }: { uuid: string }) {
  const restaurant = useQuery(restaurantQueryOptions(uuid))
  if (restaurant.isPending) {
    return (
      <p className="text-sm text-muted-foreground" aria-live="polite">
        <Trans>Loading the menu…</Trans>
      </p>
    )
  }
  if (restaurant.isError) return <LoadError onRetry={() => void restaurant.refetch()} />
  return <RestaurantView restaurant={restaurant.data} />
}

function RestaurantView({ restaurant: r }: { restaurant: Restaurant }) {
  const { i18n, t } = useLingui()
  const hours = todayHours(r)
  const categories = r.categories.filter((c) => c.products.length > 0)
  let dishIndex = 0
  return (
    <article className="grid gap-5" data-testid="restaurant-page">
      <header className="grid gap-3">
        <div className="overflow-hidden rounded-2xl">
          <FoodPicture
            image={r.image}
            sizes="(max-width: 768px) 100vw, 736px"
            priority
            className="aspect-[16/9] w-full"
          />
        </div>
        <div className="grid gap-1.5">
          <h1
            id="screen-title"
            data-testid="screen-title"
            className="text-2xl font-semibold tracking-tight break-words"
          >
            {r.title}
          </h1>
          {r.description ? <p className="text-[15px] text-muted-foreground">{r.description}</p> : null}
        </div>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm">
          <span
            className={cn(
              'rounded-full px-2.5 py-1 text-xs font-semibold',
              r.closed ? 'bg-gray-900 text-white' : 'bg-green-700 text-white',
            )}
            data-testid="restaurant-state"
            data-closed={r.closed ? '' : undefined}
          >
            {openingLine(i18n, r)}
          </span>
          <span className="inline-flex items-center gap-1.5 text-muted-foreground">
            <ClockIcon aria-hidden="true" className="size-4" />
            {hours ? <Trans>Today {hours}</Trans> : <Trans>Closed today</Trans>}
          </span>
        </p>
        <OrderingNotice restaurant={r} />
        <PausedNotice restaurant={r} />
        {orderable(r) ? <LocationButton restaurant={r.uuid} className="w-fit" /> : null}
      </header>

      <Announcements items={r.announcements} />

      <RestaurantFacts restaurant={r} />

      {categories.length > 1 ? (
        <nav aria-label={t`Menu categories`} className="-mx-4 overflow-x-auto px-4 [scrollbar-width:none]">
          <ul className="flex w-max gap-2">
            {categories.map((category) => (
              <li key={category.uuid}>
                <a
                  href={`#category-${category.uuid}`}
                  className="inline-flex h-9 items-center rounded-full border bg-background px-3.5 text-sm font-medium whitespace-nowrap hover:bg-primary-50 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
                >
                  {category.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {categories.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
          <Trans>This restaurant has not put any dishes on its menu yet.</Trans>
        </p>
      ) : (
        <div className="grid gap-6" data-testid="restaurant-menu">
          {categories.map((category) => (
            <section
              key={category.uuid}
              id={`category-${category.uuid}`}
              aria-labelledby={`category-title-${category.uuid}`}
              className="food-menu-category grid scroll-mt-20 gap-2"
              style={{ containIntrinsicHeight: `auto ${categoryHeight(category.products.length)}px` }}
              data-testid="menu-category"
            >
              <h2 id={`category-title-${category.uuid}`} className="text-lg font-semibold">
                {category.title}
              </h2>
              <ul className="grid divide-y overflow-hidden rounded-2xl border bg-background">
                {category.products.map((product) => (
                  <li key={product.uuid} className="relative">
                    <DishRow product={product} currency={r.currency} eager={dishIndex++ < eagerDishes} />
                    {orderable(r) && !product.has_options ? (
                      <span className="absolute right-4 bottom-4">
                        <QuickAdd product={product.uuid} title={product.title} />
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}

      <WeekHours restaurant={r} />
    </article>
  )
}

/**
 * About how tall a category is before the browser lays it out (`.food-menu-category` skips the
 * ones off screen): its heading and a 121 px row per dish. Once drawn, its real height is kept.
 */
const categoryHeight = (dishes: number) => 36 + 121 * dishes

/** Guests may fill a basket unless the restaurant shows its menu only or ordering is off. */
const orderable = (r: Restaurant) => !r.read_only_mode && r.online_ordering

/** The kitchen paused new orders for a while (`paused_until`): until when, on the restaurant's clock. */
function PausedNotice({ restaurant: r }: { restaurant: Restaurant }) {
  const { i18n } = useLingui()
  if (!r.paused_until) return null
  const until = new Intl.DateTimeFormat(i18n.locale, { timeStyle: 'short', timeZone: r.time_zone }).format(
    new Date(r.paused_until),
  )
  return (
    <p
      role="note"
      className="flex gap-2.5 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="paused-notice"
    >
      <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <Trans>The kitchen has paused new orders until {until}. You can still fill your basket.</Trans>
    </p>
  )
}

/** Read-only mode and online ordering off, said plainly with the owner's own words. */
function OrderingNotice({ restaurant: r }: { restaurant: Restaurant }) {
  if (!r.read_only_mode && r.online_ordering) return null
  return (
    <div
      role="note"
      className="flex gap-2.5 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="ordering-notice"
    >
      <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-1">
        <p className="font-medium">
          {r.read_only_mode ? (
            <Trans>This restaurant shows its menu here but does not take orders online.</Trans>
          ) : (
            <Trans>Online ordering is switched off for now.</Trans>
          )}
        </p>
        {r.closed_message ? <p className="break-words">{r.closed_message}</p> : null}
      </div>
    </div>
  )
}

function RestaurantFacts({ restaurant: r }: { restaurant: Restaurant }) {
  const { i18n } = useLingui()
  const pickupFee = r.pickup_fee
    ? [r.pickup_fee_heading.trim(), money(i18n, r.pickup_fee, r.currency)].filter(Boolean).join(' ')
    : ''
  const facts = [
    r.address && (
      <li key="address" className="flex gap-2.5">
        <MapPinIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span className="break-words">{r.address}</span>
      </li>
    ),
    r.phone && (
      <li key="phone" className="flex gap-2.5">
        <PhoneIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <a href={`tel:${r.phone.replace(/[^\d+]/g, '')}`} className="underline-offset-4 hover:underline">
          {r.phone}
        </a>
      </li>
    ),
    r.delivery_cost !== null && (
      <li key="delivery" className="flex gap-2.5">
        <BikeIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span>
          {r.delivery_cost === 0 ? (
            <Trans>Free delivery</Trans>
          ) : (
            <Trans>Delivery from {money(i18n, r.delivery_cost, r.currency)}</Trans>
          )}
          {r.min_order_amount > 0 ? (
            <span className="text-muted-foreground">
              {' · '}
              <Trans>minimum order {money(i18n, r.min_order_amount, r.currency)}</Trans>
            </span>
          ) : null}
        </span>
      </li>
    ),
    r.can_pickup_in_rest && (
      <li key="pickup" className="flex gap-2.5">
        <ShoppingBagIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span>
          {r.pickup_fee ? (
            <Trans>Pickup at the restaurant: {pickupFee}</Trans>
          ) : (
            <Trans>Pickup at the restaurant</Trans>
          )}
        </span>
      </li>
    ),
  ].filter(Boolean)
  if (facts.length === 0) return null
  return (
    <ul className="grid gap-2 rounded-2xl border bg-background p-3.5 text-sm" data-testid="restaurant-facts">
      {facts}
    </ul>
  )
}

function DishRow({ product: p, currency, eager }: { product: MenuDish; currency: string; eager: boolean }) {
  const { i18n } = useLingui()
  return (
    <Link to="/food/product/$uuid" params={{ uuid: p.uuid }} className="food-dish" data-testid="dish">
      <div className="food-dish-text">
        <h3 className="food-dish-title" data-testid="dish-title">
          {p.title}
        </h3>
        {p.description ? <p className="food-dish-description">{p.description}</p> : null}
        <p className="food-dish-facts">
          <span className="font-semibold" data-testid="dish-price">
            {money(i18n, p.price, currency)}
          </span>
          <span className="text-muted-foreground">{quantityLabel(i18n, p.quantity, p.unit)}</span>
          {p.has_options ? (
            <span className="text-primary-700">
              <Trans>Options</Trans>
            </span>
          ) : null}
        </p>
      </div>
      <div className="food-dish-picture">
        <FoodPicture image={p.image} sizes={dishPictureSizes} eager={eager} className="size-full" />
      </div>
    </Link>
  )
}

/** `2026-11-28` plus `days`, on the calendar (no time zone involved). */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number)
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10)
}

/**
 * The next seven days from today, Monday to Sunday in the reader's order of the week starting
 * today: each day's hours, or its exception when the owner set one for that date (closed, or
 * other times). Today is marked. Further exceptions follow as a list.
 */
function WeekHours({ restaurant: r }: { restaurant: Restaurant }) {
  const { i18n } = useLingui()
  const exceptions = new Map(r.working_hours_exceptions.map((e) => [e.date, e]))
  const days = [0, 1, 2, 3, 4, 5, 6].map((offset) => {
    const day = ((r.current_day_of_week - 1 + offset) % 7) + 1
    const date = addDays(r.today.date, offset)
    const exception = exceptions.get(date)
    const regular = r.working_hours.find((h) => h.day_of_week === day && h.enabled)
    const hours = exception
      ? exception.closed || !exception.start_time || !exception.end_time
        ? null
        : `${exception.start_time}–${exception.end_time}`
      : regular
        ? `${regular.start_time}–${regular.end_time}`
        : null
    return { day, date, hours, exception: Boolean(exception), today: offset === 0 }
  })
  const shownDates = new Set(days.map((d) => d.date))
  const later = r.working_hours_exceptions.filter((e) => !shownDates.has(e.date) && e.date > r.today.date)
  return (
    <section aria-labelledby="hours-title" className="grid gap-2" data-testid="restaurant-hours">
      <h2 id="hours-title" className="text-lg font-semibold">
        <Trans>Opening hours</Trans>
      </h2>
      <ul className="grid divide-y rounded-2xl border bg-background text-sm">
        {days.map((d) => (
          <li
            key={d.date}
            aria-current={d.today ? 'date' : undefined}
            className={cn(
              'flex items-center justify-between gap-3 px-3.5 py-2.5',
              d.today && 'rounded-[inherit] bg-primary-50 font-semibold text-primary-900',
            )}
            data-testid={d.today ? 'hours-today' : 'hours-day'}
          >
            <span className="flex flex-wrap items-center gap-x-2">
              {weekdayName(i18n.locale, d.day)}
              {d.today ? (
                <span className="rounded-full bg-primary-700 px-2 py-0.5 text-xs text-white">
                  <Trans>Today</Trans>
                </span>
              ) : null}
              {d.exception ? (
                <span className="text-xs font-normal text-amber-800">
                  <Trans>Special hours</Trans>
                </span>
              ) : null}
            </span>
            <span className="tabular-nums">{d.hours ?? <Trans>Closed</Trans>}</span>
          </li>
        ))}
      </ul>
      {later.length > 0 ? (
        <div className="grid gap-1 text-sm">
          <h3 className="font-medium">
            <Trans>Later changes</Trans>
          </h3>
          <ul className="grid gap-0.5 text-muted-foreground">
            {later.map((e) => (
              <li key={e.date} className="flex justify-between gap-3">
                <span>{calendarDate(i18n.locale, e.date)}</span>
                <span className="tabular-nums">
                  {e.closed || !e.start_time || !e.end_time ? (
                    <Trans>Closed</Trans>
                  ) : (
                    `${e.start_time}–${e.end_time}`
                  )}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}
