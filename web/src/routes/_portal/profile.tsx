import { createFileRoute } from '@tanstack/react-router'
import { ProfilePage } from '~/components/profile/profile-page.tsx'

/** The signed-in user's own profile, on every portal; the fields depend on the portal (spec section 6). */
export const Route = createFileRoute('/_portal/profile')({
  component: ProfilePage,
})
