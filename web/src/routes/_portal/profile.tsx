import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ProfilePage } from '~/components/profile/profile-page.tsx'
import { pageTitle } from '~/lib/head.ts'

/** The signed-in user's own profile, on every portal; the fields depend on the portal (spec section 6). */
export const Route = createFileRoute('/_portal/profile')({
  head: ({ match }) => pageTitle(match.context.i18n, msg`Profile`),
  component: ProfilePage,
})
