import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { EntryPage } from '~/components/finances/entry-page.tsx'
import { journalEntryQueryOptions } from '~/components/finances/queries.ts'
import { NotFound } from '~/components/not-found.tsx'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'
import { loadSignedIn } from '~/lib/queries/load.ts'

/** `/finances/journals/{uuid}`: one journal entry with its lines. An unknown entry is a not-found page. */
export const Route = createFileRoute('/_portal/finances/journals/$uuid')({
  loader: async ({ context, params }) => {
    // The words of every kind of entry come with the screen, not with the route options (which
    // are in the entry chunk every page loads). A language switch loads the route again.
    const [entry, { describeEntry }] = await Promise.all([
      loadSignedIn(context, journalEntryQueryOptions(params.uuid)),
      import('~/components/finances/descriptions.tsx'),
    ])
    // Only what head() needs: the description in the reader's language.
    return { description: entry && describeEntry(context.i18n, entry) }
  },
  head: ({ match, loaderData }) =>
    pageTitle(
      match.context.i18n,
      match.status === 'notFound' ? msg`Entry not found` : loaderData?.description,
      msg`Journals`,
      mainScreens['/finances'].label,
    ),
  notFoundComponent: EntryNotFound,
  component: Entry,
})

function Entry() {
  const { uuid } = Route.useParams()
  return <EntryPage uuid={uuid} />
}

function EntryNotFound() {
  return (
    <NotFound
      testId="entry-not-found"
      title={<Trans>Entry not found</Trans>}
      back={{ to: '/finances', label: <Trans>Journals</Trans> }}
    >
      <Trans>There is no journal entry at this address. The link may be wrong.</Trans>
    </NotFound>
  )
}
