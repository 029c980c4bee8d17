import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { RotateCwIcon } from 'lucide-react'
import type * as React from 'react'
import { useState } from 'react'
import { retryAfterOf } from '~/components/registration/fields.ts'
import { Button } from '~/components/ui/button.tsx'
import { describeApiError } from '~/lib/api-messages.ts'
import { notify } from '~/lib/notify.tsx'
import { formatSeconds, useCountdown } from './countdown.ts'

/**
 * "No e-mail? … Send a new code / link", offered once the API's cool-down has passed and counting
 * down until then. `send` asks for it (and keeps the next cool-down); a 429 answer calls
 * `onTooSoon` with the seconds to wait. `children` come under the button.
 */
export function ResendButton({
  what,
  resendAt,
  send,
  onTooSoon,
  onSent,
  ready = true,
  testId,
  children,
}: {
  what: 'code' | 'link'
  resendAt: number | undefined
  send: () => Promise<void>
  onTooSoon: (seconds: number) => void
  onSent?: () => void
  /** False when there is nothing to send to yet (a click then does nothing). */
  ready?: boolean
  testId: string
  children?: React.ReactNode
}) {
  const wait = useCountdown(resendAt)
  const time = formatSeconds(wait)
  const [sending, setSending] = useState(false)

  const resend = async () => {
    if (!ready) return
    setSending(true)
    try {
      await send()
      if (what === 'code')
        notify.success(msg`A new code is on its way.`, {
          description: msg`The previous code no longer works.`,
        })
      else
        notify.success(msg`A new link is on its way.`, {
          description: msg`The previous link no longer works.`,
        })
      onSent?.()
    } catch (error) {
      const retry = retryAfterOf(error)
      if (retry !== undefined) {
        onTooSoon(retry)
        notify.warn(
          what === 'code'
            ? msg`Please wait a moment before asking for a new code.`
            : msg`Please wait a moment before asking for a new link.`,
        )
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
        data-testid={testId}
      >
        <RotateCwIcon aria-hidden="true" />
        {wait > 0 ? (
          what === 'code' ? (
            <Trans>Send a new code in {time}</Trans>
          ) : (
            <Trans>Send a new link in {time}</Trans>
          )
        ) : sending ? (
          <Trans>Sending…</Trans>
        ) : what === 'code' ? (
          <Trans>Send a new code</Trans>
        ) : (
          <Trans>Send a new link</Trans>
        )}
      </Button>
      {children}
    </div>
  )
}
