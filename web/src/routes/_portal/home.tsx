import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MainScreenPlaceholder } from '~/components/main-screen.tsx'
import { requireScreen } from '~/lib/guard.ts'

/** The signed-in start page of the program-owner, acceptor and card-holder portals. Its content arrives with its own issue; until then an honest empty state. */
export const Route = createFileRoute('/_portal/home')({
  beforeLoad: ({ context }) => requireScreen(context.portal, '/home'),
  component: Home,
})

function Home() {
  return (
    <MainScreenPlaceholder path={'/home'}>
      <Trans>
        Your overview will appear here: the latest activity of your account and what needs your attention.
      </Trans>
    </MainScreenPlaceholder>
  )
}
