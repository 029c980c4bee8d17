import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { BikeIcon, ClockIcon, SearchIcon, StoreIcon } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError } from '~/components/shared/states.tsx'
import { Announcements } from './announcements.tsx'
import { FoodPicture } from './food-image.tsx'
import { money, openingLine, todayHours } from './labels.tsx'
import { type RestaurantListItem, restaurantsQueryOptions } from './queries.ts'

/** Tiles in the first screen of a phone load at once; the rest when they scroll near. */
const eagerTiles = 2

/**
 * `/food`: the restaurants a guest can order from, with a search over restaurants and their dishes
 * (the address keeps it, so a search can be shared and the server renders it), and the
 * restaurants' announcements. On a restaurant's own domain only that restaurant.
 */
export function RestaurantList({ search, domain }: { search: string; domain: string | undefined }) {
  const { t } = useLingui()
  const list = useQuery({ ...restaurantsQueryOptions(search, domain), placeholderData: keepPreviousData })
  return (
    <section aria-labelledby="screen-title" className="grid gap-4" data-testid="food-restaurants">
      <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
        <Trans>Restaurants</Trans>
      </h1>
      <SearchBox search={search} />
      {list.data ? <Announcements items={list.data.announcements} /> : null}
      {list.isPending ? (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          <Trans>Loading restaurants…</Trans>
        </p>
      ) : list.isError ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        search.trim() ? (
          <EmptyState icon={SearchIcon} title={<Trans>No restaurant found</Trans>}>
            <Trans>Nothing matches “{search}”. Try another dish or restaurant name.</Trans>
          </EmptyState>
        ) : (
          <EmptyState icon={StoreIcon} title={<Trans>No restaurants yet</Trans>}>
            <Trans>Restaurants appear here as soon as they open for orders.</Trans>
          </EmptyState>
        )
      ) : (
        <ul
          className="grid gap-3 sm:grid-cols-2"
          aria-label={t`Restaurants`}
          aria-busy={list.isFetching}
          data-testid="restaurant-list"
        >
          {list.data.data.map((restaurant, index) => (
            <li key={restaurant.uuid}>
              <RestaurantTile restaurant={restaurant} eager={index < eagerTiles} priority={index === 0} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/**
 * The search field: the list follows as one types (a short pause first), and Enter searches at
 * once. Without JavaScript it is a plain GET form to `/food?search=`.
 */
function SearchBox({ search }: { search: string }) {
  const { t } = useLingui()
  const id = useId()
  const navigate = useNavigate()
  const [value, setValue] = useState(search)
  const typed = useRef(false)
  useEffect(() => setValue(search), [search])
  useEffect(() => {
    if (!typed.current) return
    const timer = setTimeout(() => {
      const next = value.trim()
      if (next !== search.trim())
        void navigate({ to: '/food', search: next ? { search: next } : {}, replace: true })
    }, 300)
    return () => clearTimeout(timer)
  }, [value, search, navigate])
  return (
    <search>
      <form
        action="/food"
        method="get"
        onSubmit={(event) => {
          event.preventDefault()
          const next = value.trim()
          void navigate({ to: '/food', search: next ? { search: next } : {} })
        }}
      >
        <label htmlFor={id} className="sr-only">
          <Trans>Search restaurants and dishes</Trans>
        </label>
        <div className="relative">
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <input
            id={id}
            type="search"
            name="search"
            value={value}
            maxLength={100}
            autoComplete="off"
            enterKeyHint="search"
            placeholder={t`Search a restaurant or a dish`}
            onChange={(event) => {
              typed.current = true
              setValue(event.target.value)
            }}
            className="h-12 w-full rounded-xl border bg-background pr-4 pl-10 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40"
            data-testid="food-search"
          />
        </div>
      </form>
    </search>
  )
}

function RestaurantTile({
  restaurant: r,
  eager,
  priority,
}: {
  restaurant: RestaurantListItem
  eager: boolean
  priority: boolean
}) {
  const { i18n } = useLingui()
  const hours = todayHours(r)
  return (
    <Link
      to="/food/place/$uuid"
      params={{ uuid: r.uuid }}
      className="group block overflow-hidden rounded-2xl border bg-background shadow-xs transition-shadow hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
      data-testid="restaurant-tile"
    >
      <div className="relative aspect-[16/9] overflow-hidden">
        <FoodPicture
          image={r.image}
          sizes="(max-width: 640px) 100vw, 384px"
          eager={eager}
          priority={priority}
          className="size-full transition-transform duration-300 group-hover:scale-[1.02]"
        />
        <span
          className={
            r.closed
              ? 'absolute top-2.5 left-2.5 rounded-full bg-gray-900/85 px-2.5 py-1 text-xs font-semibold text-white'
              : 'absolute top-2.5 left-2.5 rounded-full bg-green-700 px-2.5 py-1 text-xs font-semibold text-white'
          }
          data-testid="restaurant-state"
          data-closed={r.closed ? '' : undefined}
        >
          {openingLine(i18n, r)}
        </span>
      </div>
      <div className="grid gap-1.5 p-3.5">
        <h2 className="text-lg leading-snug font-semibold break-words" data-testid="restaurant-title">
          {r.title}
        </h2>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <ClockIcon aria-hidden="true" className="size-4" />
            {hours ? <Trans>Today {hours}</Trans> : <Trans>Closed today</Trans>}
          </span>
          {r.delivery_cost !== null ? (
            <span className="inline-flex items-center gap-1.5" data-testid="restaurant-delivery">
              <BikeIcon aria-hidden="true" className="size-4" />
              {r.delivery_cost === 0 ? (
                <Trans>Free delivery</Trans>
              ) : (
                <Trans>Delivery from {money(i18n, r.delivery_cost, r.currency)}</Trans>
              )}
            </span>
          ) : null}
        </p>
        {r.closed && r.closed_message ? (
          <p className="text-sm break-words text-amber-800" data-testid="restaurant-closed-message">
            {r.closed_message}
          </p>
        ) : null}
      </div>
    </Link>
  )
}
