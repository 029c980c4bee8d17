import { msg } from '@lingui/core/macro'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { trialBalanceQueryOptions } from '~/components/finances/queries.ts'
import { atSearchSchema } from '~/components/finances/search.ts'
import { TrialBalancePage } from '~/components/finances/trial-balance-page.tsx'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'
import { loadSignedIn } from '~/lib/queries/load.ts'

/** `/finances/trial-balance?at=`: debits and credits per account and currency at a date, with totals. */
export const Route = createFileRoute('/_portal/finances/trial-balance')({
  validateSearch: atSearchSchema,
  loaderDeps: ({ search }) => ({ at: search.at }),
  loader: async ({ context, deps }) => {
    await loadSignedIn(context, trialBalanceQueryOptions(deps.at))
  },
  head: ({ match }) => pageTitle(match.context.i18n, msg`Trial balance`, mainScreens['/finances'].label),
  component: TrialBalance,
})

function TrialBalance() {
  const { at } = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  return (
    <TrialBalancePage
      at={at}
      onAtChange={(next) => navigate({ search: next ? { at: next } : {}, replace: true })}
    />
  )
}
