import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { SandboxFrame } from '~/components/payments/sandbox/frame.tsx'
import { SandboxOnboardingPage } from '~/components/payments/sandbox/onboarding-page.tsx'
import { loadCatalogArea } from '~/lib/i18n.ts'

/** The sandbox provider's hosted onboarding page for merchants, on any host, outside the portals. */
const title = msg`Activate payments`

export const Route = createFileRoute('/sandbox/onboarding/$id')({
  beforeLoad: ({ context }) => loadCatalogArea(context.i18n, 'sandbox'),
  head: ({ match }) => ({ meta: [{ title: `${match.context.i18n._(title)} · Cardpay Sandbox` }] }),
  component: SandboxOnboarding,
})

function SandboxOnboarding() {
  const { id } = Route.useParams()
  return (
    <SandboxFrame>
      <SandboxOnboardingPage id={id} />
    </SandboxFrame>
  )
}
