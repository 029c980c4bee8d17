import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { CheckIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Brand } from '~/components/brand.tsx'
import { LanguageSwitcher } from '~/components/language-switcher.tsx'
import { GuestLinks } from '~/components/support/guest-links.tsx'
import { portalCopy } from '~/lib/portal.ts'

/**
 * The frame of every page a visitor sees before signing in: who the portal is for on the left, the
 * task (signing in, registering, resetting a password) on the right.
 */
export function GuestLayout({ children }: { children: ReactNode }) {
  const { i18n } = useLingui()
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const copy = portalCopy[portal]
  const year = new Date().getFullYear()
  return (
    <div
      className="grid min-h-dvh grid-cols-1 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]"
      data-portal={portal}
    >
      <aside
        aria-labelledby="portal-title"
        className="relative isolate flex flex-col overflow-hidden bg-primary-700 px-6 py-6 text-white sm:px-10 lg:py-10"
      >
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(120%_80%_at_0%_0%,var(--color-primary-500)_0%,var(--color-primary-700)_55%,var(--color-primary-900)_100%)]"
        />
        <div
          aria-hidden="true"
          className="absolute -right-24 -bottom-24 -z-10 size-96 rounded-full border-[48px] border-white/5"
        />
        <div
          aria-hidden="true"
          className="absolute top-1/3 -right-10 -z-10 size-40 rounded-full bg-primary-400/20 blur-2xl"
        />

        <div className="flex items-center justify-between gap-4">
          <Brand inverted />
          <LanguageSwitcher inverted className="lg:hidden" />
        </div>

        <div className="mt-10 max-w-md lg:my-auto lg:pt-16 lg:pb-10">
          <p className="text-[13px] font-semibold tracking-[0.14em] text-primary-100 uppercase">
            <Trans>Cardpay portal</Trans>
          </p>
          <h1
            id="portal-title"
            data-testid="portal-title"
            className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl"
          >
            {i18n._(copy.title)}
          </h1>
          <p className="mt-4 text-base leading-relaxed text-primary-50/90">{i18n._(copy.subtitle)}</p>
          <ul className="mt-8 hidden space-y-3.5 sm:block">
            {copy.highlights.map((highlight) => (
              <li key={highlight.id} className="flex items-start gap-3 text-[15px] text-white/90">
                <span className="mt-0.5 grid size-5 shrink-0 place-content-center rounded-full bg-white/15">
                  <CheckIcon aria-hidden="true" className="size-3" strokeWidth={3} />
                </span>
                {i18n._(highlight)}
              </li>
            ))}
          </ul>
        </div>

        <p className="mt-10 hidden text-[13px] text-primary-100/80 lg:block">
          <Trans>© {year} Cardpay. Cards, payments and food ordering.</Trans>
        </p>
      </aside>

      <div className="flex flex-col bg-surface">
        <header className="hidden items-center justify-end px-10 pt-6 lg:flex">
          <LanguageSwitcher />
        </header>
        <main id="main" className="flex flex-1 items-center justify-center px-4 py-10 sm:px-8">
          <div className="w-full max-w-[26rem]">{children}</div>
        </main>
        <footer className="grid gap-3 px-6 pb-6 text-center text-[13px] text-muted-foreground">
          <GuestLinks />
          <p className="lg:hidden">
            <Trans>© {year} Cardpay. Cards, payments and food ordering.</Trans>
          </p>
        </footer>
      </div>
    </div>
  )
}
