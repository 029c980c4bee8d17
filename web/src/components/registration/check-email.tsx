import { Trans, useLingui } from '@lingui/react/macro'
import { CheckIcon } from 'lucide-react'
import { useState } from 'react'
import { z } from 'zod'
import { ResendButton } from '~/components/auth/resend-button.tsx'
import { SentNotice } from '~/components/auth/sent-notice.tsx'
import { SubmitButton } from '~/components/auth/submit-button.tsx'
import { useApiForm } from '~/components/auth/use-api-form.ts'
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '~/components/ui/form.tsx'
import { Input } from '~/components/ui/input.tsx'
import { ApiError } from '~/lib/api.ts'
import { type RegistrationDraft, useDraft, writeDraft } from './draft.ts'
import { codeSchema, registrationWording } from './fields.ts'
import { confirmCode, resendCode, type SignupPortal } from './registration-api.ts'
import { LinkExpiredNotice } from './step-card.tsx'

const schema = z.object({ code: codeSchema })

/**
 * "Check your e-mail": the code from the e-mail, and a new code when it did not arrive or has
 * expired (offered once the API's cool-down has passed, counting down until then).
 */
export function CheckEmail({
  portal,
  onConfirmed,
  onChangeEmail,
  initialCode,
}: {
  portal: SignupPortal
  onConfirmed: () => void
  onChangeEmail: () => void
  /** A code from the e-mail's link (program owner's /registration/confirm). */
  initialCode?: string
}) {
  const draft = useDraft(portal)
  const email = draft.email ?? ''
  const [expired, setExpired] = useState(false)
  const { form, submit, submitting } = useApiForm(schema, {
    defaultValues: { code: initialCode ?? '' },
    onSubmit: async ({ code }) => {
      setExpired(false)
      const confirmed = await confirmCode(portal, email, code)
      writeDraft(portal, {
        email: confirmed.email,
        signupToken: confirmed.signup_token,
        tokenExpiresAt: Date.parse(confirmed.expires_at),
      })
      onConfirmed()
    },
    onError: (error) => {
      if (error instanceof ApiError && error.reason === 'link_expired') {
        setExpired(true)
        return true
      }
      return false
    },
    // A refused address is shown under the code: this screen has no address field.
    fieldErrors: {
      fieldOf: (path) => (path === 'code' || path === 'email' ? 'code' : undefined),
      wording: registrationWording,
    },
  })

  return (
    <div className="grid gap-6">
      <SentNotice>
        <Trans>
          We sent a 6-digit code to <strong data-testid="code-email">{email}</strong>.
        </Trans>{' '}
        <button
          type="button"
          onClick={onChangeEmail}
          className="font-medium text-primary-600 hover:text-primary-700 hover:underline"
        >
          <Trans>Change</Trans>
        </button>
      </SentNotice>
      {expired && (
        <LinkExpiredNotice testId="code-expired">
          <Trans>This code can no longer be used. Ask for a new one below.</Trans>
        </LinkExpiredNotice>
      )}
      <Form {...form}>
        <form onSubmit={submit} noValidate className="grid gap-5" data-testid="registration-code-form">
          <fieldset disabled={submitting} className="grid gap-5">
            <FormField
              control={form.control}
              name="code"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    <Trans>Confirmation code</Trans>
                  </FormLabel>
                  <FormControl>
                    <Input
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={9}
                      autoFocus
                      className="font-mono text-lg tracking-[0.4em]"
                      {...field}
                    />
                  </FormControl>
                  <FormDescription>
                    <Trans>The code is valid for 15 minutes.</Trans>
                  </FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
          </fieldset>
          <SubmitButton submitting={submitting}>
            <CheckIcon aria-hidden="true" />
            {submitting ? <Trans>Checking…</Trans> : <Trans>Confirm</Trans>}
          </SubmitButton>
        </form>
      </Form>
      <ResendCode
        portal={portal}
        draft={draft}
        onSent={() => {
          setExpired(false)
          form.reset({ code: '' })
        }}
      />
    </div>
  )
}

/** "Send a new code", with the cool-down the API enforces shown as a countdown. */
export function ResendCode({
  portal,
  draft,
  onSent,
}: {
  portal: SignupPortal
  draft: RegistrationDraft
  onSent?: () => void
}) {
  const { i18n } = useLingui()
  return (
    <ResendButton
      what="code"
      resendAt={draft.resendAt}
      ready={Boolean(draft.email)}
      send={async () => {
        const sent = await resendCode(portal, draft.email ?? '', i18n.locale)
        writeDraft(portal, { resendAt: Date.now() + sent.resend_after_seconds * 1000 })
      }}
      onTooSoon={(retry) => writeDraft(portal, { resendAt: Date.now() + retry * 1000 })}
      onSent={onSent}
      testId="resend-code"
    />
  )
}
