import { useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { ChevronDownIcon, GlobeIcon } from 'lucide-react'
import { lazy, useTransition } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { DeferredMenu } from '~/components/ui/deferred-menu.tsx'
import { api } from '~/lib/api.ts'
import { activateLocale, isLocale, type Locale, localeNames, storeLocale } from '~/lib/i18n.ts'
import { currentSession, updateSessionUser } from '~/lib/session.ts'
import { cn } from '~/lib/utils.ts'

/**
 * The profile's language follows the interface choice of a signed-in user, so e-mails come in the
 * language they read the app in. A failure is not worth interrupting them for: the choice is kept
 * in the browser either way.
 */
async function saveProfileLanguage(locale: Locale) {
  if (!currentSession() || currentSession()?.user.language === locale) return
  try {
    await api.put('/user/profile', { language: locale })
    updateSessionUser({ language: locale })
  } catch {
    // Kept locally; the next switch tries again.
  }
}

/**
 * Changes the interface language at once and remembers it for the next visit and server render;
 * when signed in, also saves it as the profile's language.
 */
export function useSwitchLocale() {
  const { i18n } = useLingui()
  const router = useRouter()
  const [pending, startTransition] = useTransition()
  const switchLocale = (locale: Locale) => {
    storeLocale(locale)
    void saveProfileLanguage(locale)
    startTransition(async () => {
      await activateLocale(i18n, locale)
      // Titles and other route-computed text follow the new language.
      await router.invalidate()
    })
  }
  return { switchLocale, pending }
}

const loadLanguageMenu = () => import('./language-menu.tsx')
const LanguageMenu = lazy(() => loadLanguageMenu().then((m) => ({ default: m.LanguageMenu })))

/**
 * The language switcher in the page header: its menu loads on first use (ui/deferred-menu.tsx).
 * `compact`: below `sm` only the globe shows (the name stays for screen readers), for a header
 * whose brand name would otherwise be cut off on a phone.
 */
export function LanguageSwitcher({
  className,
  inverted = false,
  compact = false,
}: {
  className?: string
  inverted?: boolean
  compact?: boolean
}) {
  const { i18n, t } = useLingui()
  const { switchLocale, pending } = useSwitchLocale()
  const current: Locale = isLocale(i18n.locale) ? i18n.locale : 'en'
  const currentName = localeNames[current]
  const trigger = (
    <Button
      // Inverted (on the brand colour): white, with a hover of its own instead of the ghost one.
      variant={inverted ? null : 'ghost'}
      size="sm"
      aria-label={t`Language: ${currentName}`}
      aria-busy={pending}
      data-testid="language-switcher"
      className={cn('gap-1.5 font-medium', inverted && 'text-white hover:bg-white/10', className)}
    >
      <GlobeIcon aria-hidden="true" />
      <span lang={current} className={cn(compact && 'sr-only sm:not-sr-only')}>
        {currentName}
      </span>
      <ChevronDownIcon aria-hidden="true" className="opacity-60" />
    </Button>
  )
  return (
    <DeferredMenu trigger={trigger} preload={loadLanguageMenu}>
      <LanguageMenu trigger={trigger} current={current} onChoose={switchLocale} />
    </DeferredMenu>
  )
}
