import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { UserIcon } from 'lucide-react'
import { EmptyState } from '~/components/empty-state.tsx'

/** The signed-in user's own profile, linked from the user menu; the profile screen replaces this. */
export const Route = createFileRoute('/_portal/profile')({
  component: Profile,
})

function Profile() {
  return (
    <section aria-labelledby="screen-title" className="grid gap-6">
      <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
        <Trans>Profile</Trans>
      </h1>
      <EmptyState icon={UserIcon} title={<Trans>Nothing here yet</Trans>}>
        <Trans>Your profile details will appear here.</Trans>
      </EmptyState>
    </section>
  )
}
