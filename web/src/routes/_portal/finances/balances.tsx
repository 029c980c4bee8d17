import { msg } from '@lingui/core/macro'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { BalancesPage } from '~/components/finances/balances-page.tsx'
import { ledgerAccountsQueryOptions } from '~/components/finances/queries.ts'
import { atSearchSchema } from '~/components/finances/search.ts'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'
import { loadSignedIn } from '~/lib/queries/load.ts'

/** `/finances/balances?at=`: every account's balance per currency at a date (today without one). */
export const Route = createFileRoute('/_portal/finances/balances')({
  validateSearch: atSearchSchema,
  loaderDeps: ({ search }) => ({ at: search.at }),
  loader: async ({ context, deps }) => {
    await loadSignedIn(context, ledgerAccountsQueryOptions(deps.at, true))
  },
  head: ({ match }) => pageTitle(match.context.i18n, msg`Account balances`, mainScreens['/finances'].label),
  component: Balances,
})

function Balances() {
  const { at } = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  return (
    <BalancesPage
      at={at}
      onAtChange={(next) => navigate({ search: next ? { at: next } : {}, replace: true })}
    />
  )
}
