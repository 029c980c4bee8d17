import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { SetPassword } from '~/components/password/set-password.tsx'
import { SignInFooter, StepCard } from '~/components/registration/step-card.tsx'

/**
 * /password?token=… (every host): the e-mailed link's set-password screen. Open to a signed-in
 * visitor too (the link may be opened in a browser that is signed in); the API ends every session
 * of the account when the password is set. The page sends no Referer, so the token stays here.
 */
export const Route = createFileRoute('/_guest/password')({
  validateSearch: z.object({ token: z.string().min(1).max(200).optional().catch(undefined) }),
  head: () => ({ meta: [{ name: 'referrer', content: 'no-referrer' }] }),
  component: SetPasswordPage,
})

function SetPasswordPage() {
  const { token } = Route.useSearch()
  return (
    <StepCard
      title={<Trans>Choose a new password</Trans>}
      description={<Trans>After this, you sign in with the new password on every device.</Trans>}
      footer={<SignInFooter />}
      testId="set-password"
    >
      <SetPassword token={token} />
    </StepCard>
  )
}
