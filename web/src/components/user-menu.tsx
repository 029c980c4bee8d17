import { Trans } from '@lingui/react/macro'
import { ChevronDownIcon } from 'lucide-react'
import { lazy } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { DeferredMenu } from '~/components/ui/deferred-menu.tsx'
import type { Session } from '~/lib/session.ts'

function initials(session: Session): string {
  const { first_name, last_name, email } = session.user
  const letters = `${first_name.trim()[0] ?? ''}${last_name.trim()[0] ?? ''}`
  return (letters || email[0] || '?').toUpperCase()
}

const loadAccountMenu = () => import('./account-menu.tsx')
const AccountMenu = lazy(() => loadAccountMenu().then((m) => ({ default: m.AccountMenu })))

/**
 * The signed-in user's menu: who is signed in, profile, language and sign-out. The trigger is drawn
 * with the page; the menu (account-menu.tsx) loads on first use (ui/deferred-menu.tsx).
 */
export function UserMenu({ session }: { session: Session }) {
  const name = session.user.full_name || session.user.email
  // Named by its content, the name first (WCAG 2.5.3: the name holds what the button shows): on a
  // phone the name is there for screen readers only, beside the initials everyone sees.
  const trigger = (
    <Button variant="ghost" className="h-10 gap-2 px-1.5 sm:pr-2.5" data-testid="user-menu">
      <span
        aria-hidden="true"
        className="grid size-8 place-content-center rounded-full bg-primary text-[13px] font-semibold text-primary-foreground"
      >
        {initials(session)}
      </span>
      <Trans>
        <span className="sr-only sm:not-sr-only">
          <span className="block max-w-40 truncate text-sm font-medium">{name}</span>
        </span>
        <span className="sr-only">, account menu</span>
      </Trans>
      <ChevronDownIcon aria-hidden="true" className="hidden opacity-60 sm:block" />
    </Button>
  )
  return (
    <DeferredMenu trigger={trigger} preload={loadAccountMenu}>
      <AccountMenu trigger={trigger} session={session} />
    </DeferredMenu>
  )
}
