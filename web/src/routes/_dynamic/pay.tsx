import { createFileRoute } from '@tanstack/react-router'
import { PayPage } from '~/components/terminal/pay-page.tsx'
import { searchParams, text } from '~/lib/search-params.ts'

/**
 * `/pay` (spec: "QR pay"): the payer scans a payment QR code or opens its link
 * (`/pay?token=…`). Open to guests (guest frame) and signed-in card holders (portal frame).
 */
export const Route = createFileRoute('/_dynamic/pay')({
  validateSearch: searchParams({ token: text({ max: 200 }) }),
  component: Pay,
})

function Pay() {
  const { token } = Route.useSearch()
  return <PayPage token={token} />
}
