import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { KeyRoundIcon } from 'lucide-react'
import { useState } from 'react'
import { z } from 'zod'
import { NewPasswordFields } from '~/components/auth/password-fields.tsx'
import { SubmitButton } from '~/components/auth/submit-button.tsx'
import { useApiForm } from '~/components/auth/use-api-form.ts'
import { newPasswordShape, refineNewPassword } from '~/components/registration/fields.ts'
import { LinkExpiredNotice } from '~/components/registration/step-card.tsx'
import { Form } from '~/components/ui/form.tsx'
import { ApiError, api } from '~/lib/api.ts'
import { signInPath } from '~/lib/guard.ts'
import { notify } from '~/lib/notify.tsx'
import { ForgotPasswordForm } from './forgot-password.tsx'

const schema = z.object(newPasswordShape).superRefine(refineNewPassword)

/**
 * /password?token=…: the e-mailed link's screen. A new password (with the rule hint) twice; the
 * API then ends every session of the account, so the visitor signs in again (`signInPath`). A link that is
 * unknown, used or expired shows "link expired" with the form for a new one (spec section 8).
 */
export function SetPassword({ token }: { token: string | undefined }) {
  const navigate = useNavigate()
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const [expired, setExpired] = useState(!token)
  const { form, submit, submitting } = useApiForm(schema, {
    defaultValues: { password: '', password_confirmation: '' },
    onSubmit: async (values) => {
      await api.post('/user/password', { token, ...values }, { session: false })
      notify.success(msg`Your new password is set.`, { description: msg`Sign in with your new password.` })
      await navigate({ to: signInPath(portal), replace: true })
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.reason === 'link_expired')) return false
      setExpired(true)
      return true
    },
  })

  if (expired) {
    return (
      <div className="grid gap-6" data-testid="password-link-expired">
        <LinkExpiredNotice>
          <Trans>
            This link is no longer valid: it was used already, or it is older than 60 minutes. Enter your
            e-mail address and we send you a new one.
          </Trans>
        </LinkExpiredNotice>
        <ForgotPasswordForm submitLabel={<Trans>Send me a new link</Trans>} />
      </div>
    )
  }

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-5" data-testid="set-password-form">
        <fieldset disabled={submitting} className="grid gap-5">
          <NewPasswordFields autoFocus />
        </fieldset>
        <SubmitButton submitting={submitting}>
          <KeyRoundIcon aria-hidden="true" />
          {submitting ? <Trans>Saving…</Trans> : <Trans>Set new password</Trans>}
        </SubmitButton>
      </form>
    </Form>
  )
}
