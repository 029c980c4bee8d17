import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { ArrowRightIcon } from 'lucide-react'
import { useState } from 'react'
import { z } from 'zod'
import { EmailForm } from '~/components/auth/email-form.tsx'
import { SubmitButton } from '~/components/auth/submit-button.tsx'
import { useApiForm } from '~/components/auth/use-api-form.ts'
import { ApiError } from '~/lib/api.ts'
import { signInPath } from '~/lib/guard.ts'
import { notify } from '~/lib/notify.tsx'
import { readDraft, writeDraft } from './draft.ts'
import { emailSchema, registrationWording, retryAfterOf } from './fields.ts'
import { requestCode, type SignupPortal } from './registration-api.ts'
import { Notice } from './step-card.tsx'

const schema = z.object({ email: emailSchema })

/**
 * Step one of every registration: the e-mail address, to which the API sends a 6-digit code.
 * An address that already has an account is refused here, with the way to sign in instead.
 */
export function EmailStep({ portal, onSent }: { portal: SignupPortal; onSent: () => void }) {
  const { i18n } = useLingui()
  const [taken, setTaken] = useState(false)
  const { form, submit, submitting } = useApiForm(schema, {
    defaultValues: { email: readDraft(portal).email ?? '' },
    onSubmit: async ({ email }) => {
      setTaken(false)
      const previous = readDraft(portal)
      const sent = await requestCode(portal, email, i18n.locale)
      writeDraft(portal, {
        email: sent.email,
        resendAt: Date.now() + sent.resend_after_seconds * 1000,
        // A new address starts over; the same one keeps what was typed on later steps.
        signupToken: undefined,
        tokenExpiresAt: undefined,
        details: previous.email === sent.email ? previous.details : undefined,
      })
      onSent()
    },
    onError: (error, { email }, _form) => {
      const wait = retryAfterOf(error)
      if (wait !== undefined && error instanceof ApiError && error.reason === 'code_resend_too_soon') {
        // A code went out moments ago: enter that one.
        writeDraft(portal, { email: email.toLowerCase(), resendAt: Date.now() + wait * 1000 })
        notify.info(msg`A code was sent to this address a moment ago. Please enter that one.`)
        onSent()
        return true
      }
      if (wait !== undefined) {
        notify.error(msg`Too many codes were asked for this address. Please try again later.`)
        return true
      }
      // Signing in helps when the account is of this portal's kind; the error goes under the field.
      const reason = error instanceof ApiError ? error.reason : undefined
      setTaken(
        reason === 'email_already_registered' ||
          (reason === 'cardholder_already_registered' && portal === 'cardholder'),
      )
      return false
    },
    fieldErrors: { wording: registrationWording },
  })

  return (
    <EmailForm
      form={form}
      onSubmit={submit}
      testId="registration-email-form"
      autoFocus
      submit={
        <SubmitButton submitting={submitting}>
          {submitting ? <Trans>Sending the code…</Trans> : <Trans>Send me a code</Trans>}
          <ArrowRightIcon aria-hidden="true" />
        </SubmitButton>
      }
    >
      {taken && (
        <Notice tone="info" testId="email-taken">
          <p>
            <Trans>
              This address already has an account.{' '}
              <a href={signInPath(portal)} className="font-medium underline">
                Sign in
              </a>{' '}
              or{' '}
              <a href="/forgot-password" className="font-medium underline">
                reset the password
              </a>
              .
            </Trans>
          </p>
        </Notice>
      )}
    </EmailForm>
  )
}
