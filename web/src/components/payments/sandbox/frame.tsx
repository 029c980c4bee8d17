import { Trans } from '@lingui/react/macro'
import { FlaskConicalIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { LanguageSwitcher } from '~/components/language-switcher.tsx'

/** The sandbox provider's own mark: not Cardpay's, as a payer leaving for a provider would see. */
function SandboxMark() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className="size-7">
      <rect width="32" height="32" rx="7" className="fill-slate-900" />
      <path
        d="M9 20.5c1.2 1.6 3.3 2.5 6 2.5 3.6 0 6-1.7 6-4.3 0-2.3-1.7-3.4-5.3-4.1-2.6-.5-3.4-1-3.4-2 0-1 1-1.7 2.7-1.7 1.6 0 2.8.6 3.6 1.7"
        strokeWidth="2.4"
        strokeLinecap="round"
        fill="none"
        className="stroke-emerald-400"
      />
    </svg>
  )
}

/**
 * The frame of the sandbox provider's hosted pages (checkout, onboarding): its own plain branding,
 * a visible "Test mode" badge, and nothing of the portals around it. Payers see that they are on
 * the provider's page, and that no real money moves.
 */
export function SandboxFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-100 text-slate-900" data-testid="sandbox-page">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 w-full max-w-xl items-center gap-2.5 px-4">
          <SandboxMark />
          <span className="text-[15px] font-semibold tracking-tight">Cardpay Sandbox</span>
          <span
            className="ml-auto inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900"
            data-testid="sandbox-test-mode"
          >
            <FlaskConicalIcon aria-hidden="true" className="size-3.5" />
            <Trans>Test mode</Trans>
          </span>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-xl flex-1 px-4 py-8">
        {children}
      </main>
      <footer className="mx-auto flex w-full max-w-xl flex-wrap items-center justify-between gap-3 px-4 pb-6 text-xs text-slate-600">
        <p>
          <Trans>Sandbox payment provider for development and tests. No real money moves.</Trans>
        </p>
        <LanguageSwitcher />
      </footer>
    </div>
  )
}
