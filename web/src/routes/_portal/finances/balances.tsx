import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { BalancesPage } from '~/components/finances/balances-page.tsx'
import { atSearchSchema } from '~/components/finances/search.ts'

/** `/finances/balances?at=`: every account's balance per currency at a date (today without one). */
export const Route = createFileRoute('/_portal/finances/balances')({
  validateSearch: atSearchSchema,
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
