import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { BookOpenIcon, KeyRoundIcon, ScaleIcon, WalletIcon } from 'lucide-react'
import { TabsScroll } from '~/components/ui/tabs.tsx'
import { cn } from '~/lib/utils.ts'

const tabClass = cn(
  'inline-flex h-full items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap',
  'text-muted-foreground transition-[color,background-color,box-shadow] hover:text-foreground',
  'focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none',
  'aria-[current=page]:bg-background aria-[current=page]:text-foreground aria-[current=page]:shadow-sm',
  '[&_svg]:size-4 [&_svg]:shrink-0',
)

/**
 * The title of the finance screens and their views: the ledger's three, and the platform's payment
 * provider account. The views are pages of their own (each with its filters in the URL), so the
 * tabs are links that look like the portal's tabs.
 */
export function FinancesHeader() {
  const { t } = useLingui()
  return (
    <header className="grid gap-4">
      <div>
        <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
          <Trans>Finances</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>The platform’s ledger: every money movement as a balanced journal entry.</Trans>
        </p>
      </div>
      <TabsScroll reveal="[aria-current=page]" focusable={false}>
        <nav
          aria-label={t`Finance views`}
          className="inline-flex h-10 w-fit items-center rounded-lg bg-muted p-1"
          data-testid="finances-tabs"
        >
          <Link
            to="/finances"
            activeOptions={{ exact: true, includeSearch: false }}
            activeProps={{ 'aria-current': 'page' }}
            className={tabClass}
            data-testid="finances-tab-journals"
          >
            <BookOpenIcon aria-hidden="true" />
            <Trans>Journals</Trans>
          </Link>
          <Link
            to="/finances/balances"
            activeProps={{ 'aria-current': 'page' }}
            className={tabClass}
            data-testid="finances-tab-balances"
          >
            <WalletIcon aria-hidden="true" />
            <Trans>Account balances</Trans>
          </Link>
          <Link
            to="/finances/trial-balance"
            activeProps={{ 'aria-current': 'page' }}
            className={tabClass}
            data-testid="finances-tab-trial-balance"
          >
            <ScaleIcon aria-hidden="true" />
            <Trans>Trial balance</Trans>
          </Link>
          <Link
            to="/finances/provider"
            activeProps={{ 'aria-current': 'page' }}
            className={tabClass}
            data-testid="finances-tab-provider"
          >
            <KeyRoundIcon aria-hidden="true" />
            <Trans>Payment provider</Trans>
          </Link>
        </nav>
      </TabsScroll>
    </header>
  )
}
