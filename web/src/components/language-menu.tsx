import { useLingui } from '@lingui/react/macro'
import { CheckIcon } from 'lucide-react'
import type { ReactElement } from 'react'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu.tsx'
import { type Locale, localeNames, locales } from '~/lib/i18n.ts'

/** The language switcher's menu, loaded on first use (language-switcher.tsx, ui/deferred-menu.tsx). */
export function LanguageMenu({
  trigger,
  current,
  onChoose,
}: {
  trigger: ReactElement
  current: Locale
  onChoose: (locale: Locale) => void
}) {
  const { t } = useLingui()
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-48">
        <DropdownMenuLabel>{t`Language`}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {locales.map((locale) => (
          <DropdownMenuItem
            key={locale}
            lang={locale}
            data-locale={locale}
            aria-current={locale === current ? 'true' : undefined}
            onSelect={() => locale !== current && onChoose(locale)}
          >
            <span className="w-7 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">
              {locale}
            </span>
            <span className="flex-1">{localeNames[locale]}</span>
            {locale === current && <CheckIcon aria-hidden="true" className="text-primary-600!" />}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
