import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { RotateCwIcon } from 'lucide-react'
import { z } from 'zod'
import { formatSeconds, useCountdown } from '~/components/auth/countdown.ts'
import { EmailForm } from '~/components/auth/email-form.tsx'
import { SubmitButton } from '~/components/auth/submit-button.tsx'
import { useApiForm } from '~/components/auth/use-api-form.ts'
import { notify } from '~/lib/notify.tsx'
import { readDraft, useDraft, writeDraft } from './draft.ts'
import { emailSchema, retryAfterOf } from './fields.ts'
import { resendCode, type SignupPortal } from './registration-api.ts'

const schema = z.object({ email: emailSchema })

/**
 * /registration/resend: a new code for a registration that was started (the previous code stops
 * working). Reached when a code or the confirmation expired.
 */
export function ResendStep({ portal, onSent }: { portal: SignupPortal; onSent: () => void }) {
  const { i18n } = useLingui()
  const draft = useDraft(portal)
  const wait = useCountdown(draft.resendAt)
  const time = formatSeconds(wait)
  const { form, submit, submitting } = useApiForm(schema, {
    defaultValues: { email: readDraft(portal).email ?? '' },
    onSubmit: async ({ email }) => {
      const sent = await resendCode(portal, email, i18n.locale)
      writeDraft(portal, {
        email: sent.email,
        resendAt: Date.now() + sent.resend_after_seconds * 1000,
        signupToken: undefined,
        tokenExpiresAt: undefined,
      })
      notify.success(msg`A new code is on its way.`, { description: msg`The previous code no longer works.` })
      onSent()
    },
    onError: (error, { email }) => {
      const retry = retryAfterOf(error)
      if (retry === undefined) return false
      writeDraft(portal, { email: email.toLowerCase(), resendAt: Date.now() + retry * 1000 })
      notify.warn(msg`Please wait a moment before asking for a new code.`)
      return true
    },
  })

  return (
    <EmailForm
      form={form}
      onSubmit={submit}
      testId="registration-resend-form"
      submit={
        <SubmitButton submitting={submitting} disabled={wait > 0}>
          <RotateCwIcon aria-hidden="true" />
          {wait > 0 ? <Trans>Send a new code in {time}</Trans> : <Trans>Send a new code</Trans>}
        </SubmitButton>
      }
    />
  )
}
