import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { CheckIcon, MailIcon, RotateCwIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { z } from 'zod'
import { Button } from '~/components/ui/button.tsx'
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  useZodForm,
} from '~/components/ui/form.tsx'
import { Input } from '~/components/ui/input.tsx'
import { ApiError } from '~/lib/api.ts'
import { describeApiError } from '~/lib/api-messages.ts'
import { notify } from '~/lib/notify.tsx'
import { type RegistrationDraft, useDraft, writeDraft } from './draft.ts'
import { codeSchema, retryAfterOf, serverFieldErrors } from './fields.ts'
import { confirmCode, resendCode, type SignupPortal } from './registration-api.ts'
import { Notice } from './step-card.tsx'

const schema = z.object({ code: codeSchema })

/** Seconds until `at` (epoch ms), ticking once a second; 0 when it has passed. */
export function useCountdown(at: number | undefined): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(at))
  useEffect(() => {
    setSeconds(secondsUntil(at))
    if (!at) return
    const timer = setInterval(() => {
      const next = secondsUntil(at)
      setSeconds(next)
      if (next === 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [at])
  return seconds
}

const secondsUntil = (at: number | undefined) => Math.max(0, Math.ceil(((at ?? 0) - Date.now()) / 1000))

export const formatSeconds = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`

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
  const form = useZodForm(schema, { mode: 'onChange', defaultValues: { code: initialCode ?? '' } })
  const submitting = form.formState.isSubmitting

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setExpired(false)
    try {
      const confirmed = await confirmCode(portal, email, code)
      writeDraft(portal, {
        email: confirmed.email,
        signupToken: confirmed.signup_token,
        tokenExpiresAt: Date.parse(confirmed.expires_at),
      })
      onConfirmed()
    } catch (error) {
      if (error instanceof ApiError && error.reason === 'link_expired') {
        setExpired(true)
        return
      }
      const fields = serverFieldErrors(error)
      if (fields.code || fields.email) {
        form.setError('code', { type: 'server', message: fields.code ?? fields.email })
        return
      }
      notify.error(describeApiError(error))
    }
  })

  return (
    <div className="grid gap-6">
      <div className="flex items-start gap-3 rounded-lg bg-muted/60 px-3.5 py-3 text-sm">
        <MailIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-600" />
        <p>
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
        </p>
      </div>
      {expired && (
        <Notice testId="code-expired">
          <p className="font-medium">
            <Trans>Link expired</Trans>
          </p>
          <p className="text-foreground/80">
            <Trans>This code can no longer be used. Ask for a new one below.</Trans>
          </p>
        </Notice>
      )}
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="registration-code-form">
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
                      placeholder="000000"
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
          <Button type="submit" size="lg" className="w-full" disabled={submitting} aria-busy={submitting}>
            <CheckIcon aria-hidden="true" />
            {submitting ? <Trans>Checking…</Trans> : <Trans>Confirm</Trans>}
          </Button>
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
  const wait = useCountdown(draft.resendAt)
  const time = formatSeconds(wait)
  const [sending, setSending] = useState(false)

  const resend = async () => {
    if (!draft.email) return
    setSending(true)
    try {
      const sent = await resendCode(portal, draft.email, i18n.locale)
      writeDraft(portal, { resendAt: Date.now() + sent.resend_after_seconds * 1000 })
      notify.success(msg`A new code is on its way.`, { description: msg`The previous code no longer works.` })
      onSent?.()
    } catch (error) {
      const retry = retryAfterOf(error)
      if (retry !== undefined) {
        writeDraft(portal, { resendAt: Date.now() + retry * 1000 })
        notify.warn(msg`Please wait a moment before asking for a new code.`)
      } else notify.error(describeApiError(error))
    } finally {
      setSending(false)
    }
  }

  return (
    <div className="grid justify-items-center gap-1 text-center text-sm text-muted-foreground">
      <p>
        <Trans>No e-mail? Check your spam folder, or</Trans>
      </p>
      <Button
        type="button"
        variant="link"
        size="sm"
        onClick={resend}
        disabled={sending || wait > 0}
        aria-busy={sending}
        data-testid="resend-code"
      >
        <RotateCwIcon aria-hidden="true" />
        {wait > 0 ? (
          <Trans>Send a new code in {time}</Trans>
        ) : sending ? (
          <Trans>Sending…</Trans>
        ) : (
          <Trans>Send a new code</Trans>
        )}
      </Button>
    </div>
  )
}
