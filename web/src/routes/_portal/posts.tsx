import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { NewspaperIcon } from 'lucide-react'
import { MainScreenPlaceholder } from '~/components/main-screen.tsx'
import { requireScreen } from '~/lib/guard.ts'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'

/** The feed of posts, in every portal. Its content arrives with its own issue; until then an honest empty state. */
export const Route = createFileRoute('/_portal/posts')({
  beforeLoad: ({ context }) => requireScreen(context.portal, '/posts'),
  head: ({ match }) => pageTitle(match.context.i18n, mainScreens['/posts'].label),
  component: Posts,
})

function Posts() {
  return (
    <MainScreenPlaceholder path={'/posts'} icon={NewspaperIcon}>
      <Trans>Posts and announcements will appear here when they are published.</Trans>
    </MainScreenPlaceholder>
  )
}
