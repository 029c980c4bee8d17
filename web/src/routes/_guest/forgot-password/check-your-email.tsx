import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CheckYourEmail } from '~/components/password/forgot-password.tsx'
import { SignInFooter, StepCard } from '~/components/registration/step-card.tsx'
import { guardLoginPage } from '~/lib/guard.ts'
import { pageTitle } from '~/lib/head.ts'

/** /forgot-password/check-your-email: the link is on its way; a new one after the cool-down. */
export const Route = createFileRoute('/_guest/forgot-password/check-your-email')({
  beforeLoad: ({ context }) => guardLoginPage(context),
  head: ({ match }) => pageTitle(match.context.i18n, msg`Check your e-mail`),
  component: CheckYourEmailPage,
})

function CheckYourEmailPage() {
  return (
    <StepCard
      title={<Trans>Check your e-mail</Trans>}
      description={<Trans>Open the link in the e-mail to choose a new password.</Trans>}
      footer={<SignInFooter />}
      testId="forgot-password-check-email"
    >
      <CheckYourEmail />
    </StepCard>
  )
}
