import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Navigate, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { describeApiError } from '~/lib/api-messages.ts'
import { homePath } from '~/lib/guard.ts'
import { notify } from '~/lib/notify.tsx'
import { BusinessDetails, BusinessDetailsCard } from './business-details.tsx'
import { CheckEmail } from './check-email.tsx'
import { liveSignupToken, readDraft, useDraft, writeDraft } from './draft.ts'
import { EmailStep } from './email-step.tsx'
import { confirmCode } from './registration-api.ts'
import { SignInFooter, StepCard } from './step-card.tsx'

/**
 * The program owner's registration (spec section 2: "two steps, with resend and a check of step
 * one"): /registration (e-mail) → /registration/check-email (the e-mailed code) →
 * /registration/confirm (details and password). The e-mail's button opens /registration/confirm
 * with the address and the code, which confirms them at once.
 */
export function ProgramOwnerEmail() {
  const navigate = useNavigate()
  return (
    <StepCard
      step={1}
      of={2}
      title={<Trans>Create a program owner account</Trans>}
      description={<Trans>Start with your e-mail address. We send you a code to confirm it.</Trans>}
      footer={<SignInFooter />}
      testId="registration-email"
    >
      <EmailStep portal="programs" onSent={() => void navigate({ to: '/registration/check-email' })} />
    </StepCard>
  )
}

export function ProgramOwnerCheckEmail() {
  const navigate = useNavigate()
  return (
    <StepCard
      step={1}
      of={2}
      title={<Trans>Check your e-mail</Trans>}
      description={<Trans>Enter the code from the e-mail to confirm your address.</Trans>}
      footer={<SignInFooter />}
      testId="registration-check-email"
    >
      <NeedsEmail portal="programs">
        <CheckEmail
          portal="programs"
          onConfirmed={() => void navigate({ to: '/registration/confirm' })}
          onChangeEmail={() => void navigate({ to: '/registration' })}
        />
      </NeedsEmail>
    </StepCard>
  )
}

/** Step two; first confirms the code of the e-mail's link when it came with one. */
export function ProgramOwnerConfirm({
  email,
  code,
}: {
  email?: string | undefined
  code?: string | undefined
}) {
  const navigate = useNavigate()
  const draft = useDraft('programs')
  const fromLink = useLinkConfirmation(email, code)
  const token = liveSignupToken(draft)
  const confirmedEmail = draft.email

  const body = (() => {
    if (fromLink === 'checking')
      return (
        <p className="text-sm text-muted-foreground">
          <Trans>Checking the code…</Trans>
        </p>
      )
    if (fromLink === 'failed') return <Navigate to="/registration/check-email" replace />
    if (!token) return <Navigate to={draft.email ? '/registration/check-email' : '/registration'} replace />
    return (
      <BusinessDetails
        portal="programs"
        onDone={() => void navigate({ to: homePath('programs'), replace: true })}
        onExpired={() => void navigate({ to: '/registration/resend' })}
      />
    )
  })()

  return <BusinessDetailsCard confirmedEmail={confirmedEmail}>{body}</BusinessDetailsCard>
}

/**
 * The e-mail's link carries the address and the code: confirm them once and keep the signup token,
 * then drop them from the address bar. A code that does not work any more leads to the code
 * screen, with the address filled in, where a new one can be asked for.
 */
function useLinkConfirmation(email: string | undefined, code: string | undefined) {
  const navigate = useNavigate()
  const started = useRef(false)
  const [state, setState] = useState<'idle' | 'checking' | 'failed'>(email && code ? 'checking' : 'idle')
  useEffect(() => {
    if (!email || !code || started.current) return
    started.current = true
    const draft = readDraft('programs')
    // Already confirmed in this tab (the link opened twice): nothing to do.
    if (draft.email === email.toLowerCase() && liveSignupToken(draft)) {
      setState('idle')
      void navigate({ to: '/registration/confirm', search: {}, replace: true })
      return
    }
    confirmCode('programs', email, code)
      .then((confirmed) => {
        writeDraft('programs', {
          email: confirmed.email,
          signupToken: confirmed.signup_token,
          tokenExpiresAt: Date.parse(confirmed.expires_at),
        })
        setState('idle')
        void navigate({ to: '/registration/confirm', search: {}, replace: true })
      })
      .catch((error: unknown) => {
        notify.error(describeApiError(error), {
          description: msg`Enter the code from the e-mail, or ask for a new one.`,
        })
        writeDraft('programs', {
          email: email.toLowerCase(),
          signupToken: undefined,
          tokenExpiresAt: undefined,
        })
        setState('failed')
      })
  }, [email, code, navigate])
  return state
}

/** Renders the step only when the registration has an e-mail address; else back to step one. */
export function NeedsEmail({
  portal,
  children,
  to = '/registration',
}: {
  portal: 'programs' | 'cardholder'
  children: React.ReactNode
  to?: '/registration'
}) {
  const draft = useDraft(portal)
  if (!draft.email) return <Navigate to={to} replace />
  return <>{children}</>
}
