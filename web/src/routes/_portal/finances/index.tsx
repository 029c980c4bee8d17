import { msg } from '@lingui/core/macro'
import { createFileRoute, stripSearchParams, useNavigate } from '@tanstack/react-router'
import { JournalsPage } from '~/components/finances/journals-page.tsx'
import { type JournalFilter, journalEntriesQueryOptions } from '~/components/finances/queries.ts'
import { journalSearchDefaults, journalSearchSchema } from '~/components/finances/search.ts'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'
import { loadSignedIn } from '~/lib/queries/load.ts'

/**
 * `/finances`: the Journals view, one journal's entries with the filters in the URL. Defaults stay
 * out of it, so the admin's home is plain `/finances`.
 */
export const Route = createFileRoute('/_portal/finances/')({
  validateSearch: journalSearchSchema,
  search: { middlewares: [stripSearchParams(journalSearchDefaults)] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await loadSignedIn(context, journalEntriesQueryOptions(deps))
  },
  head: ({ match }) => pageTitle(match.context.i18n, msg`Journals`, mainScreens['/finances'].label),
  component: Journals,
})

function Journals() {
  const filter = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const onFilterChange = (change: Partial<JournalFilter>) =>
    navigate({
      search: (prev) => {
        const next = { ...prev, ...change }
        // Keep the URL short: no empty filters.
        for (const key of ['from', 'to', 'q'] as const) if (!next[key]) delete next[key]
        return next
      },
      replace: true,
    })
  return <JournalsPage filter={filter} onFilterChange={onFilterChange} />
}
