import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { ResendStep } from '~/components/registration/resend-step.tsx'
import { SignInFooter, StepCard } from '~/components/registration/step-card.tsx'
import { guardLoginPage } from '~/lib/guard.ts'
import { pageTitle } from '~/lib/head.ts'
import { loadCatalogArea } from '~/lib/i18n.ts'

/** /registration/resend (program owner, card holder): a new code when the last one expired. */
export const Route = createFileRoute('/_guest/registration/resend')({
  beforeLoad: async ({ context }) => {
    if (context.portal === 'admin') throw redirect({ to: '/', replace: true })
    if (context.portal === 'acceptor')
      throw redirect({ to: '/registration', search: { step: 'resend' }, replace: true })
    guardLoginPage(context)
    await loadCatalogArea(context.i18n, 'registration')
  },
  head: ({ match }) => pageTitle(match.context.i18n, msg`Ask for a new code`),
  component: ResendPage,
})

function ResendPage() {
  const { portal } = Route.useRouteContext()
  const navigate = useNavigate()
  if (portal !== 'programs' && portal !== 'cardholder') return null
  return (
    <StepCard
      title={<Trans>Ask for a new code</Trans>}
      description={
        <Trans>We send a new code to the address you registered with. The previous code stops working.</Trans>
      }
      footer={<SignInFooter />}
      testId="registration-resend"
    >
      <ResendStep portal={portal} onSent={() => void navigate({ to: '/registration/check-email' })} />
    </StepCard>
  )
}
