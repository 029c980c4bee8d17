import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { PayPage } from '~/components/terminal/pay-page.tsx'

/**
 * `/pay` (spec: "QR pay"): the payer scans a payment QR code or opens its link
 * (`/pay?token=…`). Open to guests (guest frame) and signed-in card holders (portal frame).
 */
export const Route = createFileRoute('/_dynamic/pay')({
  validateSearch: z.object({
    token: z.string().max(200).optional().catch(undefined),
  }),
  component: Pay,
})

function Pay() {
  const { token } = Route.useSearch()
  return <PayPage token={token} />
}
