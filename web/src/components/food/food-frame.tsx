import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouteContext } from '@tanstack/react-router'
import { LogInIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Brand } from '~/components/brand.tsx'
import { BasketButton } from '~/components/food-cart/basket-button.tsx'
import { LanguageSwitcher } from '~/components/language-switcher.tsx'
import { GuestLinks } from '~/components/support/guest-links.tsx'
import { signInPath } from '~/lib/guard.ts'
import type { FoodBrand } from './queries.ts'

/**
 * The food area's frame for guests: a slim bar with the logo (the restaurant's app logo on its own
 * domain, Cardpay's otherwise), the language and the way to sign in, then the page across the
 * phone's width. A card holder's first screen: the food, not the portal's welcome.
 */
export function FoodFrame({ brand, children }: { brand: FoodBrand | null; children: ReactNode }) {
  const { t } = useLingui()
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const year = new Date().getFullYear()
  const name = brand ? brand.seo_title.trim() || brand.restaurant.title : 'Cardpay'
  return (
    <div className="flex min-h-dvh flex-col bg-surface" data-frame="food" data-brand={brand ? '' : undefined}>
      <header className="sticky top-0 z-20 border-b bg-background/95 backdrop-blur">
        <div className="mx-auto flex h-14 w-full max-w-3xl items-center justify-between gap-2 px-4">
          <Link
            to="/food"
            className="flex min-w-0 items-center gap-2.5 rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
            aria-label={t`${name}: all restaurants`}
            data-testid="food-home-link"
          >
            {brand?.app_logo ? (
              <img
                src={brand.app_logo.url}
                srcSet={brand.app_logo.srcset_fallback || undefined}
                sizes="32px"
                width={32}
                height={32}
                alt=""
                className="size-8 shrink-0 rounded-lg object-contain"
                data-testid="brand-logo"
              />
            ) : null}
            {brand ? (
              <span className="truncate text-[17px] font-semibold tracking-tight">{name}</span>
            ) : (
              <Brand />
            )}
          </Link>
          <div className="flex shrink-0 items-center gap-1">
            <BasketButton />
            <LanguageSwitcher compact />
            <Link
              to={signInPath(portal)}
              className="inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-primary-700 hover:bg-primary-50 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
              data-testid="food-sign-in"
            >
              <LogInIcon aria-hidden="true" className="size-4" />
              <span className="sr-only sm:not-sr-only">
                <Trans>Sign in</Trans>
              </span>
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 pt-4 pb-10 sm:pt-6">
        {children}
      </main>
      <footer className="grid gap-3 px-6 pb-6 text-center text-[13px] text-muted-foreground">
        <GuestLinks />
        <p>
          {brand ? (
            <Trans>
              © {year} {name}. Ordering by Cardpay.
            </Trans>
          ) : (
            <Trans>© {year} Cardpay. Cards, payments and food ordering.</Trans>
          )}
        </p>
      </footer>
    </div>
  )
}
