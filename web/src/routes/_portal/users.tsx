import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { UsersPage } from '~/components/users/users-page.tsx'
import { requireScreen } from '~/lib/guard.ts'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'
import { loadSignedIn } from '~/lib/queries/load.ts'
import { type UsersFilter, usersQueryOptions, userTypeFilters } from '~/lib/queries/users.ts'
import { integer, oneOf, orElse, searchParams, text } from '~/lib/search-params.ts'

/** The filters live in the URL, so a filtered list can be reloaded, shared and gone back to. */
const usersSearch = searchParams({
  type: orElse(oneOf(userTypeFilters), 'all'),
  name: text({ max: 100, trim: true }),
  email: text({ max: 254, trim: true }),
  phone: text({ max: 30, trim: true }),
  page: orElse(integer({ min: 1 }), 1),
})

/** Admin portal only: the user list (spec section 2, "user list filtered by type and by name, email and phone"). */
export const Route = createFileRoute('/_portal/users')({
  validateSearch: usersSearch,
  beforeLoad: ({ context }) => requireScreen(context.portal, '/users'),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await loadSignedIn(context, usersQueryOptions(deps))
  },
  head: ({ match }) => pageTitle(match.context.i18n, mainScreens['/users'].label),
  component: Users,
})

function Users() {
  const filter = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const onFilterChange = (change: Partial<UsersFilter>) =>
    navigate({
      search: (prev) => {
        const next = { ...prev, ...change }
        // Keep the URL short: no empty filters, no first page.
        for (const key of ['name', 'email', 'phone'] as const) if (!next[key]) delete next[key]
        return next
      },
      replace: true,
    })
  return <UsersPage filter={filter} onFilterChange={onFilterChange} />
}
