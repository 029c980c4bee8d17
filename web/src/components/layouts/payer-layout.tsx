import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Brand } from '~/components/brand.tsx'
import { LanguageSwitcher } from '~/components/language-switcher.tsx'

/**
 * The frame of a payer's pages (`/pay`, `/checkout/{uuid}`) for someone not signed in: a slim bar
 * with the brand and the language, then the payment itself. A payer at a counter holds a phone;
 * the shop and the amount are the first thing they see, not the portal's welcome.
 */
export function PayerLayout({ children }: { children: ReactNode }) {
  const year = new Date().getFullYear()
  return (
    <div className="flex min-h-dvh flex-col bg-surface" data-frame="payer">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 w-full max-w-md items-center justify-between gap-3 px-4">
          <Brand />
          <LanguageSwitcher />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-md flex-1 px-4 pt-4 pb-8 sm:pt-10">
        {children}
      </main>
      <footer className="px-4 pb-6 text-center text-[13px] text-muted-foreground">
        <Trans>© {year} Cardpay. Cards, payments and food ordering.</Trans>
      </footer>
    </div>
  )
}
