import { Trans, useLingui } from '@lingui/react/macro'
import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { type MainPath, mainScreens } from '~/lib/navigation.ts'

/**
 * A main screen of a portal whose content arrives with a later issue: its title (the navigation
 * label) and an honest empty state saying what will appear here, with the screen's icon of the
 * navigation (`mainScreenIcons`, not imported here: a guest's food page would load them all).
 */
export function MainScreenPlaceholder({
  path,
  icon,
  children,
}: {
  path: MainPath
  icon: LucideIcon
  children: ReactNode
}) {
  const { i18n } = useLingui()
  const screen = mainScreens[path]
  return (
    <section aria-labelledby="screen-title" className="grid gap-6">
      <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
        {i18n._(screen.label)}
      </h1>
      <EmptyState icon={icon} title={<Trans>Nothing here yet</Trans>}>
        {children}
      </EmptyState>
    </section>
  )
}
