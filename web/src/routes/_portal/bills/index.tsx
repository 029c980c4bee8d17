import { createFileRoute } from '@tanstack/react-router'
import { OpenBillsPage } from '~/components/bills/open-bills-page.tsx'
import { openBillsQueryOptions } from '~/components/bills/queries.ts'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'
import { loadSignedIn } from '~/lib/queries/load.ts'

/** `/bills`: the card holder's bills still to pay, overdue ones first. */
export const Route = createFileRoute('/_portal/bills/')({
  loader: async ({ context }) => {
    await loadSignedIn(context, openBillsQueryOptions())
  },
  head: ({ match }) => pageTitle(match.context.i18n, mainScreens['/bills'].label),
  component: OpenBillsPage,
})
