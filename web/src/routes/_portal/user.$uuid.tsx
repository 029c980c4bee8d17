import { createFileRoute } from '@tanstack/react-router'
import { UserPage } from '~/components/users/user-page.tsx'

/** A user's public profile, on every portal; for an admin the whole profile with access control. */
export const Route = createFileRoute('/_portal/user/$uuid')({
  component: UserRoute,
})

function UserRoute() {
  const { uuid } = Route.useParams()
  return <UserPage uuid={uuid} />
}
