import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { SetPassword } from '~/components/password/set-password.tsx'
import { SignInFooter, StepCard } from '~/components/registration/step-card.tsx'
import { pageTitle } from '~/lib/head.ts'
import { searchParams, text } from '~/lib/search-params.ts'

/**
 * /password?token=… (every host): the e-mailed link's set-password screen. Open to a signed-in
 * visitor too (the link may be opened in a browser that is signed in); the API ends every session
 * of the account when the password is set. The page sends no Referer, so the token stays here.
 */
export const Route = createFileRoute('/_guest/password')({
  validateSearch: searchParams({ token: text({ min: 1, max: 200 }) }),
  head: ({ match }) => ({
    meta: [
      ...pageTitle(match.context.i18n, msg`Choose a new password`).meta,
      { name: 'referrer', content: 'no-referrer' },
    ],
  }),
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
