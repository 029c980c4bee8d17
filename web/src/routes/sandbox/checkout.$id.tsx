import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { SandboxCheckoutPage } from '~/components/payments/sandbox/checkout-page.tsx'
import { SandboxFrame } from '~/components/payments/sandbox/frame.tsx'
import { loadCatalogArea } from '~/lib/i18n.ts'

const title = msg`Payment`

/**
 * The sandbox provider's hosted payment page, on any portal host and outside the portals' frames:
 * to the payer it is the provider's page, not Cardpay's.
 */
export const Route = createFileRoute('/sandbox/checkout/$id')({
  beforeLoad: ({ context }) => loadCatalogArea(context.i18n, 'sandbox', 'payer'),
  head: ({ match }) => ({
    // Never a referrer: the page's address is the payer's access to the payment.
    meta: [
      { title: `${match.context.i18n._(title)} · Cardpay Sandbox` },
      { name: 'referrer', content: 'no-referrer' },
    ],
  }),
  component: SandboxCheckout,
})

function SandboxCheckout() {
  const { id } = Route.useParams()
  return (
    <SandboxFrame>
      <SandboxCheckoutPage id={id} />
    </SandboxFrame>
  )
}
