import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, useRouteContext } from '@tanstack/react-router'
import { UserXIcon } from 'lucide-react'
import { NotFound } from '~/components/not-found.tsx'
import { UserPage } from '~/components/users/user-page.tsx'
import { pageTitle } from '~/lib/head.ts'
import { countriesQueryOptions } from '~/lib/queries/geo.ts'
import { loadSignedIn } from '~/lib/queries/load.ts'
import { userQueryOptions } from '~/lib/queries/users.ts'

/**
 * A user's public profile, on every portal; for an admin the whole profile with access control.
 * An unknown user is a not-found page: an admin goes back to the user list, anyone else to the
 * start page.
 */
export const Route = createFileRoute('/_portal/user/$uuid')({
  loader: async ({ context, params }) => {
    const [user] = await Promise.all([
      loadSignedIn(context, userQueryOptions(params.uuid)),
      // An admin reads the address with the country's name.
      context.portal === 'admin' && loadSignedIn(context, countriesQueryOptions(context.i18n.locale)),
    ])
    return { name: user?.full_name }
  },
  head: ({ match, loaderData }) =>
    pageTitle(match.context.i18n, match.status === 'notFound' ? msg`User not found` : loaderData?.name),
  notFoundComponent: UserNotFound,
  component: UserRoute,
})

function UserRoute() {
  const { uuid } = Route.useParams()
  return <UserPage uuid={uuid} />
}

function UserNotFound() {
  const isAdmin = useRouteContext({ from: '__root__', select: (c) => c.portal === 'admin' })
  return (
    <NotFound
      testId="user-not-found"
      icon={UserXIcon}
      title={<Trans>User not found</Trans>}
      back={
        isAdmin
          ? { to: '/users', label: <Trans>All users</Trans> }
          : { to: '/', label: <Trans>Go to the start page</Trans> }
      }
    >
      <Trans>There is no user at this address. The link may be wrong or out of date.</Trans>
    </NotFound>
  )
}
