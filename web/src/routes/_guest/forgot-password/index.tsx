import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ForgotPasswordForm } from '~/components/password/forgot-password.tsx'
import { SignInFooter, StepCard } from '~/components/registration/step-card.tsx'
import { guardLoginPage } from '~/lib/guard.ts'
import { pageTitle } from '~/lib/head.ts'

/** /forgot-password (every host): the e-mail address to send a set-password link to. */
export const Route = createFileRoute('/_guest/forgot-password/')({
  beforeLoad: ({ context }) => guardLoginPage(context),
  head: ({ match }) => pageTitle(match.context.i18n, msg`Forgot your password?`),
  component: ForgotPasswordPage,
})

function ForgotPasswordPage() {
  return (
    <StepCard
      title={<Trans>Forgot your password?</Trans>}
      description={
        <Trans>Enter the e-mail address of your account. We send you a link to choose a new password.</Trans>
      }
      footer={<SignInFooter />}
      testId="forgot-password"
    >
      <ForgotPasswordForm />
    </StepCard>
  )
}
