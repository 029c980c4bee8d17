import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MainScreenPlaceholder } from '~/components/main-screen.tsx'
import { requireScreen } from '~/lib/guard.ts'

/** The admin's list of users. Its content arrives with the admin users screen. */
export const Route = createFileRoute('/_portal/users')({
  beforeLoad: ({ context }) => requireScreen(context.portal, '/users'),
  component: Users,
})

function Users() {
  return (
    <MainScreenPlaceholder path="/users">
      <Trans>
        The list of users of all portals, with filters by type, name, e-mail and phone, will appear here.
      </Trans>
    </MainScreenPlaceholder>
  )
}
