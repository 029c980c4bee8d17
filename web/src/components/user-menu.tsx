import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { CheckIcon, ChevronDownIcon, GlobeIcon, LogOutIcon, UserIcon } from 'lucide-react'
import { useState } from 'react'
import { useSwitchLocale } from '~/components/language-switcher.tsx'
import { Button } from '~/components/ui/button.tsx'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu.tsx'
import { isLocale, type Locale, localeNames, locales } from '~/lib/i18n.ts'
import type { Session } from '~/lib/session.ts'
import { useSignOut } from '~/lib/use-session.ts'

function initials(session: Session): string {
  const { first_name, last_name, email } = session.user
  const letters = `${first_name.trim()[0] ?? ''}${last_name.trim()[0] ?? ''}`
  return (letters || email[0] || '?').toUpperCase()
}

/** The signed-in user's menu: who is signed in, profile, language and sign-out. */
export function UserMenu({ session }: { session: Session }) {
  const { i18n, t } = useLingui()
  const { switchLocale } = useSwitchLocale()
  const signOut = useSignOut()
  const [signingOut, setSigningOut] = useState(false)
  const current: Locale = isLocale(i18n.locale) ? i18n.locale : 'en'
  const name = session.user.full_name || session.user.email

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          className="h-10 gap-2 px-1.5 sm:pr-2.5"
          data-testid="user-menu"
          aria-label={t`Account menu of ${name}`}
        >
          <span
            aria-hidden="true"
            className="grid size-8 place-content-center rounded-full bg-primary-500 text-[13px] font-semibold text-white"
          >
            {initials(session)}
          </span>
          <span className="hidden max-w-40 truncate text-sm font-medium sm:inline">{name}</span>
          <ChevronDownIcon aria-hidden="true" className="hidden opacity-60 sm:block" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="grid gap-0.5 py-2">
          <span className="truncate text-sm font-semibold text-foreground" data-testid="user-name">
            {name}
          </span>
          <span className="truncate font-normal">{session.user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <UserIcon aria-hidden="true" />
            <Trans>Profile</Trans>
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSub>
          <DropdownMenuSubTrigger data-testid="user-menu-language">
            <GlobeIcon aria-hidden="true" />
            <Trans>Language</Trans>
            <span className="ml-auto pl-3 text-xs text-muted-foreground" lang={current}>
              {localeNames[current]}
            </span>
          </DropdownMenuSubTrigger>
          <DropdownMenuSubContent className="w-44">
            {locales.map((locale) => (
              <DropdownMenuItem
                key={locale}
                lang={locale}
                data-locale={locale}
                aria-current={locale === current ? 'true' : undefined}
                onSelect={() => locale !== current && switchLocale(locale)}
              >
                <span className="flex-1">{localeNames[locale]}</span>
                {locale === current && <CheckIcon aria-hidden="true" className="text-primary-600!" />}
              </DropdownMenuItem>
            ))}
          </DropdownMenuSubContent>
        </DropdownMenuSub>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          data-testid="sign-out"
          disabled={signingOut}
          onSelect={async () => {
            setSigningOut(true)
            try {
              await signOut()
            } finally {
              setSigningOut(false)
            }
          }}
        >
          <LogOutIcon aria-hidden="true" />
          <Trans>Sign out</Trans>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
