import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { atSearchSchema } from '~/components/finances/search.ts'
import { TrialBalancePage } from '~/components/finances/trial-balance-page.tsx'

/** `/finances/trial-balance?at=`: debits and credits per account and currency at a date, with totals. */
export const Route = createFileRoute('/_portal/finances/trial-balance')({
  validateSearch: atSearchSchema,
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
