import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { CheckIcon, GlobeIcon, LogOutIcon, UserIcon } from 'lucide-react'
import { type ReactElement, useState } from 'react'
import { useSwitchLocale } from '~/components/language-switcher.tsx'
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

/** The user menu's content, loaded on first use (user-menu.tsx, ui/deferred-menu.tsx). */
export function AccountMenu({ trigger, session }: { trigger: ReactElement; session: Session }) {
  const { i18n } = useLingui()
  const { switchLocale } = useSwitchLocale()
  const signOut = useSignOut()
  const [signingOut, setSigningOut] = useState(false)
  const current: Locale = isLocale(i18n.locale) ? i18n.locale : 'en'
  const name = session.user.full_name || session.user.email

  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
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
