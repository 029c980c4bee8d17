import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { SendIcon } from 'lucide-react'
import { useCallback, useSyncExternalStore } from 'react'
import { z } from 'zod'
import { EmailForm } from '~/components/auth/email-form.tsx'
import { ResendButton } from '~/components/auth/resend-button.tsx'
import { SentNotice } from '~/components/auth/sent-notice.tsx'
import { SubmitButton } from '~/components/auth/submit-button.tsx'
import { useApiForm } from '~/components/auth/use-api-form.ts'
import { emailSchema, retryAfterOf } from '~/components/registration/fields.ts'
import { Button } from '~/components/ui/button.tsx'
import { ApiError, api } from '~/lib/api.ts'
import { notify } from '~/lib/notify.tsx'
import type { Portal } from '~/lib/portal.ts'

/**
 * Forgot password (spec section 2, shared guest routes): /forgot-password asks for the e-mail
 * address, /forgot-password/check-your-email says a link is on its way (the API answers the same
 * whether or not the address has an account) and offers a new one after the cool-down, and the
 * link opens /password. The tab remembers the address and the cool-down in sessionStorage.
 */

interface ForgotState {
  email?: string
  resendAt?: number
}

const storageKey = 'forgot-password'
const listeners = new Set<() => void>()
let cached: { raw: string | null; value: ForgotState } = { raw: null, value: {} }

function readForgot(): ForgotState {
  let raw: string | null = null
  try {
    raw = window.sessionStorage.getItem(storageKey)
  } catch {
    raw = null
  }
  if (raw === cached.raw) return cached.value
  let value: ForgotState = {}
  try {
    value = raw ? (JSON.parse(raw) as ForgotState) : {}
  } catch {
    value = {}
  }
  cached = { raw, value }
  return value
}

function writeForgot(next: ForgotState) {
  try {
    window.sessionStorage.setItem(storageKey, JSON.stringify(next))
  } catch {
    // Unavailable: the screens still work, without the address after a reload.
  }
  for (const listener of listeners) listener()
}

function useForgot(): ForgotState {
  const subscribe = useCallback((listener: () => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }, [])
  return useSyncExternalStore(subscribe, readForgot, () => cached.value)
}

/** Asks for the e-mailed link; answers the seconds to wait before the next one. */
async function requestLink(email: string, portal: Portal, language: string): Promise<number> {
  await api.post('/user/password/code', { email, portal, language }, { session: false })
  return 60
}

const schema = z.object({ email: emailSchema })

/**
 * The e-mail form of /forgot-password and of an expired link: sends the link and goes on to
 * "check your e-mail", with the address of this tab's last request filled in.
 */
export function ForgotPasswordForm({ submitLabel }: { submitLabel?: React.ReactNode }) {
  const { i18n } = useLingui()
  const navigate = useNavigate()
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const { form, submit, submitting } = useApiForm(schema, {
    defaultValues: { email: readForgot().email ?? '' },
    onSubmit: async ({ email }) => {
      const wait = await requestLink(email, portal, i18n.locale)
      writeForgot({ email, resendAt: Date.now() + wait * 1000 })
      await navigate({ to: '/forgot-password/check-your-email' })
    },
    onError: async (error, { email }) => {
      const wait = retryAfterOf(error)
      if (wait !== undefined && error instanceof ApiError && error.reason === 'reset_too_soon') {
        // A link went out moments ago: that one is on its way.
        writeForgot({ email, resendAt: Date.now() + wait * 1000 })
        await navigate({ to: '/forgot-password/check-your-email' })
        return true
      }
      if (wait !== undefined) {
        notify.error(msg`Too many links were asked for this address. Please try again later.`)
        return true
      }
      return false
    },
  })

  return (
    <EmailForm
      form={form}
      onSubmit={submit}
      testId="forgot-password-form"
      autoFocus
      submit={
        <SubmitButton submitting={submitting}>
          <SendIcon aria-hidden="true" />
          {submitting ? <Trans>Sending…</Trans> : (submitLabel ?? <Trans>Send me a link</Trans>)}
        </SubmitButton>
      }
    />
  )
}

/** /forgot-password/check-your-email: where the link went, and a new one after the cool-down. */
export function CheckYourEmail() {
  const { i18n } = useLingui()
  const navigate = useNavigate()
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const state = useForgot()
  const email = state.email

  if (!email) {
    return (
      <div className="grid gap-4 text-sm">
        <p>
          <Trans>Enter your e-mail address first.</Trans>
        </p>
        <Button type="button" onClick={() => void navigate({ to: '/forgot-password' })}>
          <Trans>Reset my password</Trans>
        </Button>
      </div>
    )
  }

  return (
    <div className="grid gap-6">
      <SentNotice>
        <Trans>
          If <strong data-testid="forgot-email">{email}</strong> has an account, we sent it a link to choose a
          new password. The link works once, for 60 minutes.
        </Trans>
      </SentNotice>
      <ResendButton
        what="link"
        resendAt={state.resendAt}
        send={async () => {
          const next = await requestLink(email, portal, i18n.locale)
          writeForgot({ email, resendAt: Date.now() + next * 1000 })
        }}
        onTooSoon={(retry) => writeForgot({ email, resendAt: Date.now() + retry * 1000 })}
        testId="resend-link"
      >
        <button
          type="button"
          onClick={() => void navigate({ to: '/forgot-password' })}
          className="mt-1 text-[13px] font-medium text-primary-600 hover:underline"
        >
          <Trans>Use another e-mail address</Trans>
        </button>
      </ResendButton>
    </div>
  )
}
